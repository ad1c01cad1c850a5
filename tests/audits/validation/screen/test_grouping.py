"""Spans grouped by their bytes: hashes, byte-equality of rows, and factorizing as
``np.unique`` does."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from audits.validation.screen.grouping import (
    factorize,
    factorize_rows,
    factorize_spans,
    span_hashes,
)


@pytest.mark.parametrize("collide", [False, True])
def test_rows_of_spans_are_told_apart_by_their_bytes(collide):
    data = np.frombuffer(b"abcXabcYabdZab", np.uint8)
    spans = np.array([[[0, 3]], [[4, 7]], [[8, 11]], [[12, 14]], [[0, 3]]], np.int64)
    hashes = span_hashes(data, spans)
    assert hashes[0] == hashes[1] == hashes[4] and len(set(hashes.tolist())) == 3
    if collide:  # every hash the same: the bytes still tell the rows apart
        hashes = np.zeros(len(spans), np.uint64)
    first, inverse = factorize_spans(data, spans, hashes)
    assert first.tolist() == [0, 2, 3] and inverse.tolist() == [0, 0, 1, 2, 0]


@pytest.mark.parametrize("seed", [1, 2])
def test_factorize_says_what_unique_says(seed):
    rng = np.random.default_rng(seed)  # fixed seeds
    for keys in (rng.integers(0, 50, 5000), rng.integers(-(2**63), 2**63 - 1, 5000, np.int64),
                 np.zeros(0, np.int64), np.full(7, -1, np.int64)):  # fmt: skip
        first, inverse = factorize(keys)
        assert (keys[first][inverse] == keys).all()
        unique, unique_first = np.unique(keys, return_index=True)
        assert sorted(first.tolist()) == first.tolist() == sorted(unique_first.tolist())
        assert len(set(keys[first].tolist())) == len(first) == len(unique)


def test_factorize_rows_says_what_unique_says():
    rng = np.random.default_rng(5)  # a fixed seed
    keys = rng.integers(0, 3, (4000, 3))
    first, inverse = factorize_rows(keys)
    assert (keys[first][inverse] == keys).all()
    assert len(first) == len(np.unique(keys, axis=0))
    assert factorize_rows(np.zeros((0, 2), np.int64))[0].size == 0


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.text(alphabet="ab", max_size=20), min_size=1, max_size=6),
    st.lists(st.lists(st.integers(0, 5), min_size=1, max_size=3), min_size=1, max_size=40),
    st.booleans(),
)
@example(["a" + "b" * 15, "b" * 16, "b" * 8 + "a" + "b" * 7], [[0], [1], [2], [1]], True)
def test_rows_are_grouped_as_their_bytes_are(words, rows, collide):
    """Rows of one to three spans, of any length (the bytes compared eight at a time, then
    one by one), grouped exactly as their bytes: with real hashes, and with every hash the
    same so that only the bytes can tell rows apart."""
    width = max(map(len, rows))
    data, spans, written = bytearray(), np.zeros((len(rows), width, 2), np.int64), []
    for r, row in enumerate(rows):
        parts = [words[i % len(words)].encode() for i in row] + [b""] * (width - len(row))
        for f, part in enumerate(parts):
            spans[r, f] = len(data), len(data) + len(part)
            data += part + b"|"
        written.append(tuple(parts))
    array = np.frombuffer(bytes(data), np.uint8)
    hashes = np.zeros(len(rows), np.uint64) if collide else span_hashes(array, spans)
    first, inverse = factorize_spans(array, spans, hashes)
    number: dict[tuple, int] = {}
    expected = [number.setdefault(parts, len(number)) for parts in written]
    assert inverse.tolist() == expected
    assert [written[i] for i in first.tolist()] == list(number)
