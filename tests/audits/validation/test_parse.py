"""Bad hand-log lines: each rejected with a located reason (docs/handlog-format.md)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from audits.validation.findings import CODES
from audits.validation.parse import MAX_LINE_BYTES, parse_line
from audits.validation.rejected import Rejected
from tests.audits.conftest import ROUND, round_line


def rejected(raw: bytes):
    with pytest.raises(Rejected) as info:
        parse_line(raw, 12)
    finding = info.value.finding
    assert finding.line == 12 and CODES[finding.code][0] == "format"
    return finding


@pytest.mark.parametrize(
    "written",
    [
        "+5",
        " 5 ",
        "5e0",
        "05",
        "\u0665",
        "\uff15",
        "5_0",
        "5.",
        ".5",
        "5.001",
        "1e999",
        "0x5",
        "5,00",
        "",
        "-",
    ],
)
def test_an_amount_is_read_only_in_the_published_form(written):
    finding = rejected(round_line(seats__0__wagers__main=written))
    assert (finding.code, finding.key) == ("bad_amount", "main")


@pytest.mark.parametrize("number", [b"5e0", b"5.001", b"5.0E1", b"1e2", b"100000000000"])
def test_a_json_numbers_text_is_read_by_the_same_rule(number):
    line = round_line(seats__0__wagers__main="__N__").replace(b'"__N__"', number)
    assert rejected(line).code == "bad_amount"


@pytest.mark.parametrize(
    ("number", "value"), [(b"25", "25"), (b"25.5", "25.5"), (b"37.50", "37.50"), (b"0", "0")]
)
def test_a_json_number_in_the_published_form_is_read_exactly(number, value):
    line = round_line(seats__0__results__main="__N__").replace(b'"__N__"', number)
    assert str(parse_line(line, 1).seats[0].results["main"]) == value


def test_a_key_written_twice_rejects_the_line():
    for twice in (b'{"v": 1, "v": 1, ', b'{"v": 1, "round": "x", "round": "y", '):
        line = twice + round_line()[len(b'{"v": 1, ') :]
        finding = rejected(line.replace(b'"round": "T2', b'"x_": 0, "round": "T2', 0))
        assert finding.code == "duplicate_key"
    main_twice = round_line().replace(b'"main": "37.50"', b'"main": "37.50", "main": "99"')
    assert rejected(main_twice).code == "duplicate_key"


@pytest.mark.parametrize("where", ["", "shoe__", "dealer__", "seats__0__"])
def test_a_field_the_format_does_not_name_rejects_the_line(where):
    finding = rejected(round_line(**{f"{where}colour": "red"}))
    assert finding.code == "field_invalid" and "colour" in finding.message


@pytest.mark.parametrize(
    "written",
    [
        "2026-11-01T21:14:03-0800",
        "2026-11-01 21:14:03-08:00",
        "2026-11-01T21:14-08:00",
        "2026-11-01T21:14:03+8:00",
        "2026-11-01T21:14:03",
        "20261101T211403Z",
    ],
)
def test_a_time_is_rfc_3339_with_its_offset_written_as_such(written):
    assert rejected(round_line(played_at=written)).code == "bad_time"


def test_json_that_python_would_accept_but_rfc_8259_does_not_is_refused():
    assert rejected(round_line().replace(b'"25"', b"NaN", 1)).code == "line_not_json"
    lone = round_line(round="\ud800x")
    assert rejected(lone).code == "field_invalid"


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
        (round_line(seats__0__wagers__main="five"), "bad_amount", "$.seats[0].wagers.main"),
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


def test_a_representatives_reading_holds_its_seat_alone_and_still_checks_the_seat_numbers():
    two = [ROUND["seats"][0], {**ROUND["seats"][0], "seat": 3, "wagers": {"main": "40"}}]
    raw = round_line(seats=two)
    whole = parse_line(raw, 4)
    for read in (True, False):
        alone = parse_line(raw, 4, read=read, seat=3)
        assert alone.seats == [whole.seats[1]] and alone.seats[0].wagers["main"] == 40
        assert replace(alone, seats=whole.seats) == whole
    with pytest.raises(Rejected) as caught:
        parse_line(round_line(seats=[two[0], two[0]]), 4, read=True, seat=3)
    assert caught.value.finding.code == "duplicate_seat"
