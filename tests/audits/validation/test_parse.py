"""Bad hand-log lines: each rejected with a located reason (docs/handlog-format.md)."""

from __future__ import annotations

import pytest

from audits.validation.findings import CODES
from audits.validation.parse import MAX_LINE_BYTES, Rejected, parse_line
from tests.audits.conftest import ROUND, round_line


def rejected(raw: bytes):
    with pytest.raises(Rejected) as info:
        parse_line(raw, 12)
    finding = info.value.finding
    assert finding.line == 12 and CODES[finding.code][0] == "format"
    return finding


def test_a_valid_line_parses_to_cards_and_decimals():
    parsed = parse_line(round_line(), 1)
    assert parsed.decks == 6 and parsed.seats[0].wagers["main"] == 25
    assert parsed.played_at.utcoffset().total_seconds() == -8 * 3600


@pytest.mark.parametrize(
    "raw, code, where",
    [
        (b"nope", "line_not_json", "byte"),
        (b"\xff\xfe\x00", "line_not_utf8", "byte 1"),
        (b"[1, 2]", "line_not_object", "list"),
        (b"42", "line_not_object", "a whole number"),
        (b'{"v": 1}', "field_invalid", "round"),
        (round_line(shoe={"decks": "6"}), "field_invalid", "$.shoe.decks"),
        (round_line(v=2), "unsupported_version", "2"),
        (round_line(played_at="yesterday"), "bad_time", "$.played_at"),
        (round_line(played_at="2026-11-01T21:14:03"), "bad_time", "offset"),
        (round_line(seats__0__cards=["10S", "AH", "KC", "9D"]), "bad_card", "$.seats[0].cards"),
        (round_line(dealer__cards=["AS", "KD", "7X", "2H"]), "bad_card", "$.dealer.cards"),
        (round_line(seats__0__toss="ZZ"), "bad_card", "$.seats[0].toss"),
        (round_line(seats__0__wagers__main="5.001"), "bad_amount", "$.seats[0].wagers.main"),
        (round_line(seats__0__results__main="1e999"), "bad_amount", "$.seats[0].results.main"),
        (round_line(seats__0__wagers__main="-5"), "negative_stake", "$.seats[0].wagers.main"),
        (round_line(seats__0__poker="raise"), "field_invalid", "$.seats[0].poker:"),
        (
            round_line(seats__0__hands=[{"cards": ["AS", "KD"], "result": "1.234"}]),
            "bad_amount",
            "$.seats[0].hands[0].result:",
        ),
        (
            round_line(seats__0__hands=[{"cards": ["AS", "KX"], "result": "1"}]),
            "bad_card",
            "$.seats[0].hands[0].cards:",
        ),
        (round_line(seats__0__wagers__main="five"), "field_invalid", "$.seats[0].wagers"),
        (round_line(seats=[]), "seat_count", "0 seats"),
        (round_line(seats=[ROUND["seats"][0]] * 8), "seat_count", "8 seats"),
        (round_line(seats__0__seat=0), "seat_count", "$.seats[0].seat"),
        (round_line(seats=[ROUND["seats"][0]] * 2), "duplicate_seat", "seat 1"),
    ],
)
def test_bad_lines_are_rejected_with_the_reason_and_place(raw, code, where):
    finding = rejected(raw)
    assert finding.code == code
    assert where in finding.message


def test_an_overlong_line_is_rejected_without_decoding():
    assert rejected(b"{" + b" " * MAX_LINE_BYTES + b"}").code == "line_too_long"


def test_amounts_may_be_json_numbers_with_at_most_two_decimals():
    parsed = parse_line(round_line(seats__0__wagers__main=25.5, seats__0__results__main=38.25), 1)
    assert str(parsed.seats[0].wagers["main"]) == "25.5"


def test_zero_stake_means_not_placed():
    parsed = parse_line(round_line(seats__0__wagers__lucky3="0"), 1)
    assert "lucky3" not in parsed.seats[0].wagers
