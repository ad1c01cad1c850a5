"""A family seat written the usual way is read member by member: the very spans the object
reader finds, and every other seat left to the object reader."""

from __future__ import annotations

import json
import random

import numpy as np
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from audits.validation.screen import family_seats as fs
from audits.validation.screen.family_plain import members, plain_seat

NEVER = (members([("\x7f", 0, 0, False)]), *fs.PLAIN_SEAT[1:])  # no seat is plain: all walked
BYTES = list(b'{}[]",:\\ 0tfnAS-x\x01')


@st.composite
def written_seats(draw) -> bytes:
    """An Ante Up or tie bonus seat as logs write it (members left out, another order,
    spaces, a key twice or unknown, more hands than read), then perhaps a byte changed,
    dropped or added."""
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    hands = []
    for _ in range(rng.choice([0, 1, 1, 1, 2, 3, 4, 5])):
        hand = {"cards": rng.choice([["9D", "JS"], ["AS", "2C", "KD"], []]),
                "doubled": rng.choice([False, True, None, "no"]),
                "result": rng.choice(["0", "-25", 5])}  # fmt: skip
        if rng.random() < 0.2:
            del hand["doubled"]
        if rng.random() < 0.05:
            del hand["result"]
        shuffled = rng.random() < 0.1
        hands.append(dict(rng.sample(list(hand.items()), len(hand))) if shuffled else hand)
    seat = {"seat": rng.choice([1, 7, 12, "3"]), "cards": ["9D", "JS"],
            "wagers": rng.choice([{"main": "25"}, {"main": "10", "ante": "10"}, {}, "25"]),
            "results": rng.choice([{"ante": "-25"}, {}, "0"]), "hands": hands,
            "poker": rng.choice(["fold", "bet", None])}  # fmt: skip
    for key in ("results", "poker"):
        if rng.random() < 0.3:
            del seat[key]
    if rng.random() < 0.1:
        seat = dict(rng.sample(list(seat.items()), len(seat)))
    if rng.random() < 0.05:
        seat[rng.choice(["toss", "extra", "seat"])] = None
    value = json.dumps(seat, separators=(",", ":") if rng.random() < 0.85 else None).encode()
    if rng.random() < 0.05:  # a key written twice
        value = value.replace(b'"wagers":', b'"poker":"x","wagers":', 1)
    if rng.random() < 0.4 and value:
        at, byte = rng.randrange(len(value)), rng.choice(BYTES)
        edit = rng.choice(["change", "drop", "add"])
        value = (value[:at] + bytes([byte]) + value[at + 1 :] if edit == "change"
                 else value[:at] + value[at + 1 :] if edit == "drop"
                 else value[:at] + bytes([byte]) + value[at:])  # fmt: skip
    return value


def spans_of(seats: list[bytes], most: int) -> fs.SeatSpans:
    data = b"\n".join(seats)
    length = np.array([len(s) for s in seats], np.int64)
    end = np.cumsum(length + 1) - 1
    return fs.seat_spans(data, np.frombuffer(data, np.uint8), end - length, end, most)


TWO_HANDS = (b'{"seat":3,"cards":["9D","9S"],"wagers":{"main":"5"},"hands":[{"cards":["9D","2C"],'
             b'"result":"0"},{"cards":["9S","JS"],"doubled":true,"result":"10"}]}')  # fmt: skip


@settings(max_examples=300, deadline=None)
@given(st.lists(written_seats(), min_size=1, max_size=20), st.sampled_from([2, 4]))
@example([TWO_HANDS, TWO_HANDS.replace(b'},{"cards":["9S"', b'}x{"cards":["9S"'),
          TWO_HANDS.replace(b'"result":"10"}]', b'"result":"10"x]'),
          TWO_HANDS.replace(b'"result":"0"},', b'"result":"0"x,'),
          TWO_HANDS.replace(b'"cards":["9D","9S"]', b'"cards":"9D"'),
          TWO_HANDS.replace(b'"wagers":{"main":"5"}', b'"wagers":5')], 4)  # fmt: skip
def test_seats_read_the_usual_way_are_read_as_the_object_reader_reads_them(seats, most):
    usual = spans_of(seats, most)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(fs, "PLAIN_SEAT", NEVER)
        walked = spans_of(seats, most)
    assert usual.read.tolist() == walked.read.tolist()
    assert usual.n_hands[usual.read].tolist() == walked.n_hands[walked.read].tolist()
    assert usual.fields.tolist() == walked.fields.tolist()
    assert usual.hands.tolist() == walked.hands.tolist()
    assert usual.data == walked.data


def test_the_usual_spelling_is_read_member_by_member():
    """Plain seats of both games are read so (not only by the object reader)."""
    ante_up = (b'{"seat":1,"cards":["8S","6D"],"wagers":{"main":"25","ante":"25"},"results":'
               b'{"ante":"-25"},"hands":[{"cards":["8S","6D","KD"],"doubled":false,'
               b'"result":"-25"}],"poker":"fold"}')  # fmt: skip
    tie = (b'{"seat":3,"cards":["9D","JS"],"wagers":{"main":"100","tie_right":"10"},"results":'
           b'{"tie_right":"-10"},"hands":[{"cards":["9D","9S"],"result":"0"},{"cards":["JS","2C"],'
           b'"doubled":true,"result":"50"}]}')  # fmt: skip
    spaced = json.dumps(json.loads(tie)).encode()
    for seat, want in ((ante_up, 1), (tie, 2), (spaced, -1)):
        data = np.frombuffer(seat, np.uint8)
        fields = np.full((len(fs.SEAT_FIELDS), 2), -1, np.int64)
        hands = np.full((4, len(fs.HAND_FIELDS), 2), -1, np.int64)
        assert plain_seat(data, 0, len(seat), fs.PLAIN_SEAT, fields, hands) == want
