"""The compiled scanner: where each field lies, and the lines it must give up on."""

from __future__ import annotations

import json

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from audits.validation.screen.lines import batch_lines
from audits.validation.screen.scan import (
    FIELDS,
    MOST_SEATS,
    scan_lines,
)
from tests.audits.conftest import ROUND

COMPACT = (",", ":")


def scanned(lines: list[bytes]):
    data = b"\n".join(lines)
    length = np.array([len(x) for x in lines], np.int64)
    end = np.cumsum(length + 1) - 1
    return data, scan_lines(np.frombuffer(data, np.uint8), end - length, end)


def values(data: bytes, spans: np.ndarray) -> dict:
    return {FIELDS[f]: json.loads(data[a:b]) for f, (a, b) in enumerate(spans.tolist()) if a >= 0}


@pytest.mark.parametrize("separators", [COMPACT, (", ", ": ")])
def test_each_fields_span_holds_its_value(separators):
    line = json.dumps(ROUND, separators=separators).encode()
    data, (ok, spans, seats, count) = scanned([b'{"v":1}', line])
    assert ok.tolist() == [False, True]
    assert values(data, spans[1]) == {k: v for k, v in ROUND.items() if k in FIELDS}
    assert count[1] == len(ROUND["seats"])
    assert [json.loads(data[a:b]) for a, b in seats[1, : count[1]].tolist()] == ROUND["seats"]


def test_brackets_and_spaces_inside_strings_do_not_end_a_value():
    options = {"a": "}]", "b": "[{ ,:"}
    line = json.dumps({**ROUND, "options": options}, separators=COMPACT).encode()
    data, (ok, spans, *_) = scanned([b"  " + line + b" \r"])
    assert ok[0]
    assert values(data, spans[0])["options"] == options


GIVEN_UP = {
    "an escape in a string": ("round", "T2\\u0041"),
    "a key it does not know": ("extra", 1),
    "v not 1": ("v", 2),
    "v written otherwise": ("v", 1.0),
    "a named shift": ("shift", "day"),
    "seats not a list": ("seats", {"seat": 1}),
    "a seat not an object": ("seats", [1]),
    "more than seven seats": ("seats", [{"seat": 1}] * (MOST_SEATS + 1)),
    "an id beyond ASCII": ("round", "T2-\u00e9"),
    "a time not a string": ("played_at", 1),
    "options not an object": ("options", "3:2"),
}


@pytest.mark.parametrize("field, value", GIVEN_UP.values(), ids=GIVEN_UP.keys())
def test_lines_it_cannot_vouch_for_are_not_scanned(field, value):
    line = json.dumps({**ROUND, field: value}, separators=COMPACT, ensure_ascii=False).encode()
    _, (ok, *_) = scanned([line.replace(b"\\\\", b"\\")])
    assert not ok[0]


@pytest.mark.parametrize(
    "line",
    [
        b"",
        b"not json",
        b"[1, 2]",
        json.dumps(ROUND).encode()[:-1],  # the object never closes
        json.dumps(ROUND).encode() + b"x",  # something after it
        json.dumps(ROUND).encode().replace(b'"v": 1,', b'"v": 1,"v": 1,'),  # a key twice
        json.dumps(ROUND).encode().replace(b'"v": 1,', b'"v": 1,,'),
        json.dumps({k: v for k, v in ROUND.items() if k != "dealer"}).encode(),
        json.dumps({**ROUND, "shift": None}).encode().replace(b"null", b"nul"),
    ],
)
def test_broken_lines_are_not_scanned(line):
    _, (ok, *_) = scanned([line])
    assert not ok[0]


def test_a_null_shift_and_no_options_are_scanned():
    round_ = {k: v for k, v in ROUND.items() if k != "options"}
    _, (ok, spans, *_) = scanned([json.dumps({**round_, "shift": None}).encode()])
    assert ok[0] and spans[0, FIELDS.index("options"), 0] == -1


def test_a_line_given_up_on_is_decoded_and_its_values_appended():
    plain = json.dumps(ROUND, separators=COMPACT).encode()
    escaped = plain.replace(b'"round":"', b'"round":"\\u0041')
    read = batch_lines([plain, escaped, b"{oops"])
    assert read.found.tolist() == [True, True, False]
    assert read.escaped_id.tolist() == [False, True, False]
    assert read.data.startswith(plain + b"\n" + escaped + b"\n{oops")
    scanned_values = values(read.data, read.spans[0])
    assert scanned_values.pop("seats") == ROUND["seats"]
    assert values(read.data, read.spans[1]) == scanned_values | {"round": "A" + ROUND["round"]}
    a, b = read.seats[1, 0]
    assert json.loads(read.data[a:b]) == ROUND["seats"][0]


def test_more_than_seven_seats_decoded_keeps_their_count():
    line = json.dumps({**ROUND, "seats": ROUND["seats"] * 8}).encode()
    read = batch_lines([line])
    assert read.found[0] and read.seat_count[0] == 8 * len(ROUND["seats"])


@settings(max_examples=200, deadline=None, derandomize=True)
@given(
    st.dictionaries(
        st.sampled_from(["round", "venue", "table", "game", "played_at"]),
        st.text(alphabet=st.characters(min_codepoint=32, max_codepoint=126), max_size=12),
    ),
    st.lists(
        st.dictionaries(st.text(max_size=3), st.integers() | st.text(max_size=4)),
        min_size=1,
        max_size=7,
    ),  # fmt: skip
)
def test_what_it_scans_it_reads_as_json_does(strings, seats):
    round_ = {**ROUND, **strings, "seats": seats}
    line = json.dumps(round_, separators=COMPACT).encode()
    data, (ok, spans, seat_spans, count) = scanned([line])
    if not ok[0]:  # only lines with an escape may be given up on
        assert b"\\" in line
        return
    assert values(data, spans[0]) == {k: v for k, v in round_.items() if k in FIELDS}
    assert [json.loads(data[a:b]) for a, b in seat_spans[0, : count[0]].tolist()] == seats


SEAT_STARTS_WRITTEN = (  # each game's usual start of a seat (Toss One 21, the family)
    b'{"seat":3,"cards":["AS","TD","9C","2H"],"toss":"TD","wagers":',
    b'{"seat": 3, "cards": ["AS", "TD", "9C", "2H"], "toss": null, "wagers": ',
    b'{"seat":3,"cards":["AS","TD"],"wagers":',
    b'{"seat": 3, "cards": ["AS", "TD"], "wagers": ',
)


def test_each_games_usual_seat_start_is_stepped_over():
    from audits.services.fast_path import SEAT_STARTS
    from audits.validation.screen.templates import template_width

    for start in SEAT_STARTS_WRITTEN:
        data = np.frombuffer(start + b"{}}", np.uint8)
        assert template_width(data, 0, len(data), SEAT_STARTS.arrays) == len(start)


@settings(max_examples=300, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.sampled_from(SEAT_STARTS_WRITTEN),
            st.lists(st.tuples(st.integers(0, max(map(len, SEAT_STARTS_WRITTEN)) - 1),
                               st.sampled_from(list(b'"{}[]\\ ,:0nulASTDX\x01'))),
                     max_size=3),  # bytes of the seat's start changed
            st.sampled_from([b'{"main":"5"},"results":{"main":"-5"}}', b'{}}', b'"a}b"}',
                             b'{"x":"]"}}', b'}', b'{"main":"5"}']),  # what follows it
        ),
        min_size=1,
        max_size=7,
    )
)  # fmt: skip
def test_stepping_over_a_seats_start_finds_what_reading_it_finds(seats):
    """A seat that starts with a template is read on from the template's end: the scanner
    finds the same lines, fields and seats as when it reads every byte, whatever a seat's
    start and its rest hold (changed bytes: a quote, a bracket, an escape, a control byte)."""
    from audits.services.fast_path import SEAT_STARTS

    written = []
    for written_start, changes, rest in seats:
        start = bytearray(written_start)
        for at, byte in changes:
            start[at % len(start)] = byte
        written.append(bytes(start) + rest)
    line = b'{"v":1,"round":"r","played_at":"t","venue":"v","table":"t","game":"g",' \
        b'"shoe":{},"dealer":{},"seats":[' + b",".join(written) + b"]}"  # fmt: skip
    data = np.frombuffer(line, np.uint8)
    ends = np.array([len(line)])
    plain = scan_lines(data, ends * 0, ends)
    stepped = scan_lines(data, ends * 0, ends, SEAT_STARTS)
    for a, b in zip(plain, stepped, strict=True):
        assert a.tolist() == b.tolist()
