"""Raw values interned as ids: by the hash of their bytes, each proven byte-equal."""

from __future__ import annotations

import numpy as np
import pytest

from audits.validation.screen import objects
from audits.validation.screen.fixed import Spans
from audits.validation.screen.objects import ObjectIds

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
