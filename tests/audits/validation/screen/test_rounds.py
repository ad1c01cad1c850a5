"""A batch's rounds grouped by place: options and shoe as written, each spelling its own group."""

from __future__ import annotations

import json

import numpy as np
from msgspec import Raw

from audits.validation.screen.rounds import OPTIONS, BatchColumns, _all_written_as
from tests.audits.conftest import ROUND

LATEST = np.iinfo(np.int64).max


class Written:
    def __init__(self, options: bytes):
        self.options = Raw(options)


def line(**changes) -> bytes:
    return json.dumps({**ROUND, **changes}, separators=(",", ":")).encode()


def test_a_join_proves_every_object_alike_and_nothing_else():
    same = [Written(b'{"a":"1"}')] * 3
    assert _all_written_as(same[0].options, OPTIONS, same)
    differ = [Written(b'{"a":"1"}'), Written(b'{"a":"2"}')]
    assert not _all_written_as(differ[0].options, OPTIONS, differ)
    # values that are not objects prove nothing by their join: 12, 1, 212 join as 12 three times
    numbers = [Written(b"12"), Written(b"1"), Written(b"212")]
    assert b"".join(map(OPTIONS, numbers)) == b"12" * 3
    assert not _all_written_as(numbers[0].options, OPTIONS, numbers)


def test_each_spelling_of_a_places_options_and_shoe_is_its_own_group():
    options = {"blackjack_pays": "3:2", "lucky3_paytable": "1"}
    spaced = json.dumps(options).encode()  # the same options, written with spaces
    lines = [
        line(options=options),
        line(options=options, shoe={"decks": 8}),
        line(options=options),
        line(options=options).replace(
            json.dumps(options, separators=(",", ":")).encode(), spaced
        ),  # fmt: skip
    ]
    groups = BatchColumns(lines, LATEST).places()
    assert sorted(map(np.ndarray.tolist, groups.values())) == [[0, 2], [1], [3]]
    written = {key[3:]: rows.tolist() for key, rows in groups.items()}
    assert written[(json.dumps(options, separators=(",", ":")).encode(), b'{"decks":6}')] == [0, 2]
    assert written[(spaced, b'{"decks":6}')] == [3]
