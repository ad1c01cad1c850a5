"""Raw values interned as ids: by the hash of their bytes, each proven byte-equal."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from audits.validation.screen import objects
from audits.validation.screen.fixed import Spans
from audits.validation.screen.objects import UNKNOWN, ObjectIds

DATA = b'{"a":1}x{"a":2}x{"a":1}x{"b":1}'
SPANS = Spans(DATA, np.array([0, 8, 16, 24]), np.array([7, 7, 7, 7]))


@pytest.mark.parametrize("collide", [False, True])
def test_values_at_spans_get_one_id_per_spelling(monkeypatch, collide):
    if collide:  # every hash the same: the bytes still tell the values apart
        monkeypatch.setattr(objects, "span_hashes", lambda data, s: np.zeros(len(s), np.uint64))
    table = ObjectIds()
    assert table.ids_at(SPANS).tolist() == [0, 1, 0, 2]
    assert table.raws == [b'{"a":1}', b'{"a":2}', b'{"b":1}']
    assert table.ids([b'{"a":2}']).tolist() == [1]  # the same ids as values given as bytes
    assert table.ids_at(Spans(DATA, np.zeros(0, np.int64), np.zeros(0, np.int64))).size == 0


@pytest.mark.parametrize("collide", [False, True])
@settings(max_examples=40, deadline=None)
@given(batches=st.lists(st.tuples(st.lists(st.binary(max_size=20), max_size=60), st.booleans()),
                        min_size=1, max_size=6),
       most=st.integers(1, 200))  # fmt: skip
def test_ids_at_says_what_the_values_given_as_bytes_say(collide, batches, most):
    """Batch after batch, as the compiled table grows (and once it is full), values met at
    spans first or given as bytes first: a span's id is its bytes' id, the same as the values
    given as bytes get."""
    with pytest.MonkeyPatch.context() as patch:
        if collide:
            patch.setattr(objects, "span_hashes", lambda data, s: np.zeros(len(s), np.uint64))
        _ids_match(ObjectIds(most=most), batches, most)


def _ids_match(table: ObjectIds, batches: list[tuple[list[bytes], bool]], most: int) -> None:
    reference: dict[bytes, int] = {}
    met: set[bytes] = set()  # values met at spans, each kept for compiled code once
    for values, bytes_first in batches:
        data = b"|".join(values)
        start = np.cumsum([0] + [len(v) + 1 for v in values])[: len(values)]
        length = np.array([len(v) for v in values], np.int64)
        expected = [reference.setdefault(v, len(reference)) for v in values]
        expected = [e if e < most else UNKNOWN for e in expected]
        if bytes_first:
            assert table.ids(values).tolist() == expected
        got = table.ids_at(Spans(data, start.astype(np.int64), length)).tolist()
        assert got == expected
        met.update(v for v, i in zip(values, got, strict=True) if i != UNKNOWN)
        assert table._count == len(met)
        assert all(table.raws[i] == v for v, i in zip(values, got, strict=True) if i != UNKNOWN)
        assert table.ids(values).tolist() == expected


def test_a_table_given_only_bytes_keeps_nothing_for_compiled_code():
    table = ObjectIds()
    table.ids([b'{"a":1}', b'{"b":2}'])
    assert table._count == 0 and table._used == 0
