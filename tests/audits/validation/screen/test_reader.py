"""The one reader (audits/validation/screen/reader.py) held to the exact path, line by line.

Whatever bytes a line holds: where the reader reads it, the exact path
(:func:`~audits.validation.parse.parse_line`) reads it too, to the same values (the round
id, time, place, options, shoe, dealer, every seat's cards, toss, poker, hands, wagers and
results); where the exact path rejects it, the reader does not read it.  The reader may leave
a valid line to the exact path, but reads every line of the sample generators.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from audits.samples import generate_toss_one
from audits.samples.blackjack import generate_blackjack
from audits.validation.parse import parse_line
from audits.validation.rejected import Rejected
from audits.validation.screen import layout
from audits.validation.screen import reader as rd
from games.engine.cards import CARD_INDEX
from tests.audits.conftest import changed, round_line

EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
POKER = {None: layout.POKER_NONE, "bet": layout.POKER_BET, "fold": layout.POKER_FOLD}


def read(lines: list[bytes]) -> tuple[rd.Read, bytes]:
    return rd.read_lines(*_spans(lines)), b"\n".join(lines)


def _spans(lines: list[bytes]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The lines joined, as the reader takes them: their bytes, each line's start and end."""
    data = b"\n".join(lines)
    length = np.array([len(line) for line in lines], np.int64)
    starts = np.cumsum(length + 1) - length - 1
    return np.frombuffer(data, np.uint8), starts, starts + length


def _text(data: bytes, span) -> str:
    return "" if span[0] < 0 else data[span[0] : span[1]].decode()


def disagreement(lines: list[bytes]) -> list[str]:
    """Where the reader and the exact path disagree on any line, and how."""
    got, data = read(lines)
    wrong = []
    for r, line in enumerate(lines):
        try:
            parsed = parse_line(line, r + 1)
        except Rejected as rejected:
            if got.ok[r]:
                wrong.append(f"line {r}: read, but rejected ({rejected.finding.message}): {line!r}")
            continue
        if got.ok[r]:
            wrong += [f"line {r}: {what}: {line!r}" for what in _differences(got, data, r, parsed)]
            if repr(parse_line(line, r + 1, read=True)) != repr(parsed):  # to the digit
                wrong.append(f"line {r}: parsed otherwise as read: {line!r}")
    return wrong


def _differences(got: rd.Read, data: bytes, r: int, p) -> list[str]:
    spans = got.spans[r]
    found = []

    def same(what, mine, theirs):
        if mine != theirs:
            found.append(f"{what}: {mine!r} != {theirs!r}")

    same("round", _text(data, spans[layout.S_ROUND]), p.round)
    same("time", int(got.micros[r]), (p.played_at - EPOCH) // timedelta(microseconds=1))
    for slot, value in ((layout.S_VENUE, p.venue), (layout.S_TABLE, p.table),
                        (layout.S_GAME, p.game), (layout.S_DEALER_ID, p.dealer_id),
                        (layout.S_SHIFT, p.shift)):  # fmt: skip
        same(f"span {slot}", _text(data, spans[slot]), value)
    options = json.loads(data[spans[layout.S_OPTIONS][0] : spans[layout.S_OPTIONS][1]] or b"{}")
    same("options", {k: str(v) for k, v in options.items()}, p.options)
    same("decks", int(got.decks[r]), p.decks)
    same("dealer cards", int(got.dealer_count[r]), len(p.dealer_cards))
    same("dealer", got.dealer_cards[r, : len(p.dealer_cards)].tolist(), list(p.dealer_cards))
    same("dealer toss", int(got.dealer_toss[r]), _card(p.dealer_toss))
    same("seats", int(got.seat_count[r]), len(p.seats))
    for s, seat in enumerate(p.seats):
        ints = got.seat_ints[r, s]
        same("seat", int(ints[layout.SI_NUMBER]), seat.number)
        same("seat cards", int(ints[layout.SI_CARDS]), len(seat.cards))
        kept = min(len(seat.cards), layout.MOST_SEAT_CARDS)
        same("cards", got.seat_cards[r, s, :kept].tolist(), list(seat.cards[:kept]))
        same("toss", int(ints[layout.SI_TOSS]), _card(seat.toss))
        same("poker", int(ints[layout.SI_POKER]), POKER[seat.poker])
        same("hands", int(ints[layout.SI_HANDS]), -1 if seat.hands is None else len(seat.hands))
        for h, hand in enumerate(seat.hands or ()):
            same("hand cards", got.hand_cards[r, s, h, : len(hand.cards)].tolist(),
                 list(hand.cards))  # fmt: skip
            same("hand count", int(got.hand_ints[r, s, h, layout.HI_CARDS]), len(hand.cards))
            same("doubled", bool(got.hand_ints[r, s, h, layout.HI_DOUBLED]), hand.doubled)
            same("hand result", int(got.hand_cents[r, s, h]), int(hand.result * 100))
        same("wagers", _amounts(ints[layout.SI_WAGERS], got.wager_cents[r, s]),
             {k: int(v * 100) for k, v in seat.wagers.items()})  # fmt: skip
        same("results", _amounts(ints[layout.SI_RESULTS], got.result_cents[r, s]),
             {k: int(v * 100) for k, v in seat.results.items()})  # fmt: skip
    return found


def _card(code: str | None) -> int:
    return layout.NO_CARD if code is None else CARD_INDEX[code]


def _amounts(mask: int, cents: np.ndarray) -> dict[str, int]:
    return {key: int(cents[k]) for k, key in enumerate(layout.WAGER_KEYS) if int(mask) >> k & 1}


# -- the samples ---------------------------------------------------------------------------


def sample(folder, game: str, fault_rate: float) -> list[bytes]:
    path = folder / f"{game}-{fault_rate}.jsonl"
    if game == "toss-one-21":
        generate_toss_one(path, rounds=1500, days=2, seats=7, fault_rate=fault_rate, seed=21)
    else:
        generate_blackjack(path, game=game, rounds=800, days=2, fault_rate=fault_rate, seed=22)
    return path.read_bytes().splitlines()


@pytest.mark.parametrize("game", ["toss-one-21", "ante-up-21", "blackjack-tie-bonus"])
def test_every_sample_line_is_read_as_the_exact_path_reads_it(tmp_path, game):
    assert disagreement(sample(tmp_path, game, fault_rate=0.05)) == []  # faults included
    clean = sample(tmp_path, game, fault_rate=0)
    got, _ = read(clean)
    assert got.ok.all()  # the reader leaves no line of a clean sample to the exact path


def test_columns_read_into_again_hold_nothing_of_the_batch_before(tmp_path):
    """A batch read into the columns a fuller batch was read into (seven seats, split hands,
    every wager) holds exactly what fresh columns would: each line's row is emptied as it is
    read, not left to the batch before, whatever is left of it unread."""
    full = sample(tmp_path, "toss-one-21", fault_rate=0.05)[:300]
    full += sample(tmp_path, "blackjack-tie-bonus", fault_rate=0.05)[:300]
    short = [b"{}", b"not json", b'{"v": 1, "seats": [', round_line(), b""] * 120
    columns = rd.Columns()
    assert rd.read_lines(*_spans(full), columns).seat_count.max() == 7  # a full batch's values
    again = rd.read_lines(*_spans(short), columns)
    fresh = rd.read_lines(*_spans(short))
    for name in ("ok", "seat_count", "decks", "micros", "spans", "dealer_cards", "dealer_count",
                 "dealer_toss", "seat_ints", "seat_cards", "wager_cents", "result_cents",
                 "hand_ints", "hand_cards", "hand_cents"):  # fmt: skip
        assert np.array_equal(getattr(again, name), getattr(fresh, name)), name
    unread = np.flatnonzero(~fresh.ok)
    for (name, _, _, empty), array in zip(rd.COLUMNS, columns.take(len(short)), strict=True):
        assert (array[unread] == empty).all(), name  # a line not read: nothing in its row
    assert again.ok.sum() == 120  # the one round line of each five


def test_a_line_spelt_with_spaces_and_keys_in_any_order_is_read():
    record = json.loads(round_line(dealer__id="D 7", shift="night"))
    record = dict(reversed(list(record.items())))
    record["seats"][0] = dict(reversed(list(record["seats"][0].items())))
    lines = [json.dumps(record, indent=2).replace("\n", " ").encode(),
             b"  " + round_line() + b" \r"]  # fmt: skip
    got, _ = read(lines)
    assert got.ok.tolist() == [True, True] and disagreement(lines) == []


@pytest.mark.parametrize(
    "line",
    [
        round_line(seats__0__wagers__main="+5"), round_line(seats__0__wagers__main=" 5 "),
        round_line(seats__0__wagers__main="5e0"), round_line(seats__0__wagers__main="05"),
        round_line(seats__0__wagers__main="\u0665"), round_line(seats__0__wagers__main="5_0"),
        round_line(seats__0__wagers__main="-5"), round_line(seats__0__colour="x"),
        round_line(colour="x"), round_line(dealer__colour="x"), round_line(shoe__colour="x"),
        round_line(played_at="2026-11-01T21:14:03-0800"),
        round_line(played_at="2026-02-30T01:00:00Z"),
        round_line(played_at="0001-01-01T00:00:00+01:00"), round_line(round="caf\u00e9"),
        round_line(round="a\\nb"), round_line(v=2), round_line(seats__0__seat=8),
        round_line().replace(b'"v": 1', b'"v": 1, "v": 1'),
        round_line().replace(b'"main": "25"', b'"main": "25", "main": "26"'),
        round_line().replace(b'"25"', b"5e0"), round_line().replace(b'"25"', b"25.001"),
        round_line() + b" x", round_line()[:-1], b"", b"{}", b"[]", b"null",
    ],
)  # fmt: skip
def test_what_the_exact_path_would_not_read_as_valid_is_not_read(line):
    got, _ = read([line])
    assert not got.ok[0]
    assert disagreement([line]) == []


# -- any line ------------------------------------------------------------------------------

SEAT = ("seats", 0)
PATHS = [("v",), ("round",), ("played_at",), ("venue",), ("options",), ("options", "x"),
         ("shoe", "decks"), ("dealer", "cards"), ("dealer", "cards", 0), ("dealer", "toss"),
         ("dealer", "id"), ("shift",), ("seats",), (*SEAT, "seat"), (*SEAT, "cards"),
         (*SEAT, "cards", 1), (*SEAT, "toss"), (*SEAT, "wagers"), (*SEAT, "wagers", "main"),
         (*SEAT, "wagers", "lucky3"), (*SEAT, "results", "main"), (*SEAT, "results", "x"),
         (*SEAT, "poker"), (*SEAT, "hands"), ("seats", 1)]  # fmt: skip
AMOUNTS = ["25", "37.50", "0", "-5", "5.5", "05", "+5", "5e0", "1.234", "", 25, 37.5, -3, 0,
           10**12, "99999999999.99", "100000000000"]  # fmt: skip
VALUES = st.one_of(
    st.none(), st.booleans(), st.integers(min_value=-(10**13), max_value=10**13),
    st.floats(allow_nan=False, allow_infinity=False), st.sampled_from(AMOUNTS),
    st.sampled_from(["AS", "KD", "1S", "bet", "fold", "3:2", "2026-10-01T10:00:00-07:00",
                     "2026-10-01T10:00:00.123456789Z", "x" * 65, "\u00e9"]),
    st.lists(st.sampled_from(["AS", "KD", "9C", "XX"]), max_size=13),
    st.dictionaries(st.sampled_from(["main", "lucky3", "ante", "x"]), st.sampled_from(AMOUNTS),
                    max_size=3),
    st.builds(lambda c, r: {"cards": c, "result": r}, st.lists(st.sampled_from(["AS", "9C"])),
              st.sampled_from(AMOUNTS)),
)  # fmt: skip
BASE = json.loads(round_line(dealer__id="D-1"))


@settings(max_examples=400, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(PATHS), VALUES), min_size=1, max_size=3),
       st.one_of(st.none(), st.tuples(st.integers(min_value=0), st.binary(min_size=1, max_size=3))),
       st.booleans())  # fmt: skip
def test_the_reader_agrees_with_the_exact_path_on_any_line(changes, junk, spaced):
    record = changed(BASE, changes)
    line = json.dumps(record, separators=None if spaced else (",", ":"), ensure_ascii=False)
    raw = line.encode("utf-8", "surrogatepass")
    if junk is not None:
        at = junk[0] % len(raw)
        raw = raw[:at] + junk[1] + raw[at + len(junk[1]) :]
    assert disagreement([raw]) == []
