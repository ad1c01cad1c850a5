"""How the screen's kernels are compiled (:mod:`.jit`), and the helpers they share
(:func:`word_at`, :func:`same_bytes`, :func:`hash_slot`)."""

from __future__ import annotations

import numpy as np

#: how the screen's kernels are compiled: by numba, just in time (:mod:`.jit`)
from .jit import compiled


@compiled
def word_at(data, j):
    """The eight bytes from ``j`` as one little-endian word: a single load once compiled (an
    unsigned index spares the check for a negative one, which keeps the loads apart)."""
    word, at = np.uint64(0), np.uint64(j)
    for k in range(8):
        word |= np.uint64(data[at + np.uint64(k)]) << np.uint64(8 * k)
    return word


@compiled
def hash_slot(key, mask):
    """Where a key's search starts in an open-addressing table of ``mask + 1`` slots
    (Fibonacci hashing: the product's high bits)."""
    return np.int64((np.uint64(key) * np.uint64(0x9E3779B97F4A7C15)) >> np.uint64(40)) & mask


@compiled
def same_bytes(data, a, other, c, n):
    """Whether ``data[a:a + n]`` and ``other[c:c + n]`` hold the same bytes (eight at a
    time, then the rest)."""
    j = 0
    while j + 8 <= n:
        if word_at(data, a + j) != word_at(other, c + j):
            return False
        j += 8
    while j < n:
        if data[a + j] != other[c + j]:
            return False
        j += 1
    return True
