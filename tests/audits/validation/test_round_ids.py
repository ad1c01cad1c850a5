"""Round ids as bytes and their 64-bit keys: stable, the same from raw JSON and from text."""

from __future__ import annotations

from hashlib import blake2b

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from audits.validation.round_ids import IdBytes, round_keys

IDS = st.lists(st.text(max_size=300), max_size=20)


def test_keys_are_stable_across_releases():
    # stored keys are compared with keys computed later: this function may not change
    # without a migration that computes the stored keys again (0013 did, when each id's key
    # became its own alone: "" and "é" were hashed over the longest id's three words)
    keys = round_keys(IdBytes.of(["T1-2026-10-01-000001", "", "é", "x" * 300]))
    assert [hex(k) for k in keys.tolist()] == [
        "0xae100ff89225c2cc",
        "0x9ca066f1a4ab2eea",
        "0x1e4957263413b12e",
        "0x1546d9cac139b512",  # longer than the columns take: hashed on its own
    ]


def reference_key(text: str) -> int:
    """The key as its definition says, one id in plain Python."""
    data = text.encode("utf-8", "surrogatepass")
    if len(data) > 256:
        return int.from_bytes(blake2b(data, digest_size=8).digest(), "little")
    mask = (1 << 64) - 1

    def mix(h: int) -> int:
        h ^= h >> 33
        h = (h * 0xFF51AFD7ED558CCD) & mask
        h ^= h >> 33
        h = (h * 0xC4CEB9FE1A85EC53) & mask
        return h ^ (h >> 33)

    h = 0x9E3779B97F4A7C15 ^ ((len(data) * 0xC4CEB9FE1A85EC53) & mask)
    for w in range(max(1, -(-len(data) // 8))):
        h = mix(h ^ int.from_bytes(data[8 * w : 8 * w + 8], "little"))
    return h


@given(IDS)
def test_each_key_is_its_ids_alone_whatever_ids_are_hashed_with_it(ids):
    expected = [reference_key(i) for i in ids]
    assert round_keys(IdBytes.of(ids), in_kernels=True).tolist() == expected
    assert round_keys(IdBytes.of(ids), in_kernels=False).tolist() == expected  # numpy's


@given(IDS, st.data())
def test_ids_taken_are_the_same_bytes_with_the_kernels_or_without(ids, data):
    from audits.validation.screen import readiness

    order = data.draw(st.lists(st.integers(0, max(0, len(ids) - 1)), max_size=len(ids)))
    order = order if ids else []
    given_ids = IdBytes.of(ids)
    saved = readiness._seen_ready
    try:
        taken = []
        for ready in (True, False):
            readiness._seen_ready, readiness._looked_at = ready, float("inf")
            taken.append(given_ids.take(np.array(order, np.int64)))
    finally:
        readiness._seen_ready, readiness._looked_at = saved, -readiness.LOOK_AGAIN
    assert [t.text(i) for t in taken for i in range(len(t))] == [ids[k] for k in order] * 2


@given(st.lists(st.text(st.characters(min_codepoint=32, max_codepoint=126)), min_size=1))
def test_ids_the_reader_reads_give_the_ids_text_and_keys(ids):
    """The screen's ids (spans of the batch's bytes, :mod:`.screen.batch`) are the ids."""
    from audits.validation.screen.batch import Batch
    from tests.audits.conftest import round_line

    lines = [round_line(round=i) for i in ids]
    length = np.array([len(line) for line in lines], np.int64)
    starts = np.cumsum(length + 1) - length - 1
    batch = Batch(b"\n".join(lines), starts, starts + length, np.iinfo(np.int64).max)
    read = [i for i, ok in zip(ids, batch.ok.tolist(), strict=True) if ok]
    taken = batch.ids.take(np.flatnonzero(batch.ok))
    assert [taken.text(i) for i in range(len(read))] == read
    assert round_keys(taken).tolist() == round_keys(IdBytes.of(read)).tolist()
    assert len(read) == sum(1 for i in ids if "\\" not in i and '"' not in i)


@given(IDS)
def test_equal_ids_have_equal_keys_and_a_reordering_keeps_each_id(ids):
    both = IdBytes.of(ids + ids)
    keys = round_keys(both)
    assert keys[: len(ids)].tolist() == keys[len(ids) :].tolist()
    order = np.arange(len(ids))[::-1]
    taken = IdBytes.of(ids).take(order)
    assert [taken.text(i) for i in range(len(ids))] == ids[::-1]


def test_ids_differing_only_by_trailing_nul_or_length_have_different_keys():
    keys = round_keys(IdBytes.of(["a", "a\x00", "a\x00\x00", "b" * 8, "b" * 9]))
    assert len(set(keys.tolist())) == 5
