"""A batch's rounds grouped by place: options and shoe as written, each spelling its own group."""

from __future__ import annotations

import json

import numpy as np

from audits.validation.screen import rounds
from audits.validation.screen.rounds import BatchColumns
from tests.audits.conftest import ROUND

LATEST = np.iinfo(np.int64).max


def line(**changes) -> bytes:
    return json.dumps({**ROUND, **changes}, separators=(",", ":")).encode()


def test_rounds_alike_in_hash_only_are_not_one_place(monkeypatch):
    """Places are grouped by a hash of their bytes, and each member proven byte-equal to the
    group's first: with every hash the same, each place is still its own group."""
    monkeypatch.setattr(rounds, "span_hashes", lambda data, spans: np.zeros(len(spans), np.uint64))
    lines = [line(), line(table="T9"), line(), line(shoe={"decks": 8}), line(table="T9")]
    groups = BatchColumns(lines, LATEST).places()
    assert sorted(map(np.ndarray.tolist, groups.values())) == [[0, 2], [1, 4], [3]]
    assert {key[1] for key in groups} == {"T2", "T9"}


def test_a_name_spelt_with_an_escape_is_the_same_place():
    plain = line()
    escaped = plain.replace(b'"venue":"WA-CR-0042"', b'"venue":"WA-CR-004\\u0032"')
    assert escaped != plain
    groups = BatchColumns([plain, escaped, plain], LATEST).places()
    assert [rows.tolist() for rows in groups.values()] == [[0, 1, 2]]


def test_a_place_whose_name_is_not_text_is_no_place():
    lines = [line(), line().replace(b'"table":"T2"', b'"table":"T\xff"')]
    groups = BatchColumns(lines, LATEST).places()
    assert [rows.tolist() for rows in groups.values()] == [[0]]


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


def test_dealers_named_plainly_or_by_an_escape_are_read_and_others_not_decoded():
    dealer = ROUND["dealer"]
    lines = [
        line(dealer={**dealer, "id": "D7"}),
        line().replace(b'"dealer":{', b'"dealer":{"\\u0069d":"D8",'),
        line(),
        line(dealer={**dealer, "id": 7}),  # not a name: the exact path says so
    ]
    batch = BatchColumns(lines, LATEST)
    assert batch.dealer_names == ["", "D7", "D8"]
    assert batch.dealer_code.tolist() == [1, 2, 0, -1]
    assert batch.ok.tolist() == [True, True, True, False]


def test_a_round_without_options_is_at_the_place_of_none_declared():
    written = line()
    unwritten = json.dumps({k: v for k, v in ROUND.items() if k != "options"},
                           separators=(",", ":")).encode()  # fmt: skip
    groups = BatchColumns([written, unwritten, line(options={})], LATEST).places()
    assert {key[3]: rows.tolist() for key, rows in groups.items()} == {
        json.dumps(ROUND["options"], separators=(",", ":")).encode(): [0],
        b"{}": [1, 2],
    }
