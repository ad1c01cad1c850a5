"""Spans of a buffer's bytes hashed, searched and grouped by their bytes, in compiled code.

A batch's values are spans of one buffer (:mod:`.reader` finds them).  Values alike byte for
byte are one group: :func:`factorize_spans` numbers them, hashing each row of spans
(:func:`span_hashes`) and proving each row byte-equal to the first of its group, so that a
value is read once per spelling.  :func:`holding` says which spans hold a needle.
"""

from __future__ import annotations

import numpy as np

from .kernel import compiled, same_bytes, word_at


def span_hashes(data: np.ndarray, spans: np.ndarray) -> np.ndarray:
    """A 64-bit hash of each row of ``spans`` (``(m, k, 2)`` starts and ends): of its
    spans' bytes and lengths.  Equal bytes, equal hashes; equal hashes prove nothing
    (:func:`factorize_spans`)."""
    out = np.empty(len(spans), np.uint64)
    _span_hashes(data, spans, out)
    return out


@compiled
def _span_hashes(data, spans, out):
    m1, m2 = np.uint64(0x9E3779B97F4A7C15), np.uint64(0xFF51AFD7ED558CCD)
    s8, s29 = np.uint64(8), np.uint64(29)
    for r in range(len(spans)):
        h = np.uint64(len(spans[r]))
        for f in range(spans.shape[1]):
            a, b = spans[r, f, 0], spans[r, f, 1]
            h = (h ^ np.uint64(b - a + 1)) * m1
            j = a
            while j + 8 <= b:  # eight bytes at a time, then the rest
                h = (h ^ word_at(data, j)) * m2
                h ^= h >> s29
                j += 8
            word, shift = np.uint64(0), np.uint64(0)
            while j < b:
                word |= np.uint64(data[j]) << shift
                shift += s8
                j += 1
            h = (h ^ word) * m2
            h ^= h >> s29
        out[r] = h


def holding(data: np.ndarray, starts: np.ndarray, lengths: np.ndarray,
            needle: np.ndarray) -> np.ndarray:  # fmt: skip
    """Per span: whether ``needle`` (bytes as uint8) occurs in it."""
    out = np.zeros(len(starts), np.bool_)
    _holding(data, starts, lengths, needle, out)
    return out


@compiled
def _holding(data, starts, lengths, needle, out):
    k = len(needle)
    for r in range(len(starts)):
        a = starts[r]
        for i in range(a, a + lengths[r] - k + 1):
            j = 0
            while j < k and data[i + j] == needle[j]:
                j += 1
            if j == k:
                out[r] = True
                break


def factorize(keys: np.ndarray):
    """``(first, inverse)`` of int64 ``keys``: the position of each distinct key's first
    occurrence, in the order they first occur, and each key's number among them
    (``keys[first][inverse]`` is ``keys``); what ``np.unique`` says, by hashing, unsorted."""
    keys = np.ascontiguousarray(keys, np.int64)
    no_spans = np.zeros((len(keys), 0, 2), np.int64)  # rows of no bytes: the keys decide
    return factorize_spans(_NO_BYTES, no_spans, keys.view(np.uint64))


_NO_BYTES = np.zeros(0, np.uint8)


def factorize_rows(keys: np.ndarray):
    """:func:`factorize` of the rows of a 2-d int64 array (each row's bytes its key)."""
    keys = np.ascontiguousarray(keys, np.int64)
    width = keys.shape[1] * 8
    data = keys.view(np.uint8).reshape(-1)
    starts = np.arange(len(keys), dtype=np.int64) * width
    spans = np.stack([starts, starts + width], axis=1)[:, None, :]
    return factorize_spans(data, spans, span_hashes(data, spans))


def factorize_spans(data: np.ndarray, spans: np.ndarray, hashes: np.ndarray):
    """``(first, inverse)`` of the rows of ``spans`` (``(m, k, 2)`` starts and ends) as
    :func:`factorize` gives them, rows being equal when their ``hashes`` are
    (:func:`span_hashes`) and their spans hold the same bytes: each is proven byte-equal to
    the first of its kind (rows whose hashes collide are still told apart)."""
    n = len(spans)
    size = 2
    while size < 2 * n:
        size <<= 1
    slots = np.full(size, -1, np.int64)  # the number of the row found there, -1: empty
    first = np.empty(n, np.int64)
    inverse = np.empty(n, np.int64)
    k = _factorize_spans(data, spans, hashes, slots, first, inverse)
    return first[:k].copy(), inverse


@compiled
def _factorize_spans(data, spans, hashes, slots, first, inverse):
    """Fills ``first`` and ``inverse`` (:func:`factorize_spans`), with ``slots`` (empty, -1)
    as its hash table; the number of distinct rows."""
    size = len(slots)
    k = 0
    for i in range(len(spans)):
        key = hashes[i]  # uint64 (Fibonacci hashing into the slots)
        at = np.int64((key * np.uint64(0x9E3779B97F4A7C15)) >> np.uint64(29)) & (size - 1)
        while True:
            j = slots[at]
            if j < 0:
                slots[at], first[k], inverse[i] = k, i, k
                k += 1
                break
            if hashes[first[j]] == key and _same_row(data, spans, i, first[j]):
                inverse[i] = j
                break
            at = (at + 1) & (size - 1)
    return k


@compiled
def _same_row(data, spans, r, o):
    for f in range(spans.shape[1]):
        a, b = spans[r, f, 0], spans[r, f, 1]
        c, d = spans[o, f, 0], spans[o, f, 1]
        if b - a != d - c:
            return False
        if a != c and not same_bytes(data, a, data, c, b - a):
            return False
    return True
