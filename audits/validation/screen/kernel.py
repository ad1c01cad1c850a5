"""How the screen's kernels are compiled, and the helpers they share (:func:`word_at`,
:func:`same_bytes`, :func:`hash_slot`)."""

from __future__ import annotations

import numba
import numpy as np

#: how the screen's kernels are compiled: once, cached on disk beside its module, and without
#: numba's reference counts (``_nrt=False``).  A kernel reads and writes the arrays its caller
#: gives it and makes none (an array made inside does not compile), so no count is needed; and
#: counting costs more than the work: each array passed to a call or sliced is counted up and
#: down atomically where branches keep numba from pruning the pair (numba issue #2350), which
#: was half the scanner's time
compiled = numba.njit(cache=True, nogil=True, boundscheck=False, _nrt=False)


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
