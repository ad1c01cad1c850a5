"""A batch's seats as every game's screen reads them (audits/validation/screen/seats.py): the
stakes and results of the keys kept, each seat's row of the reader's columns, laid out by
rows (C order), as the kernels are compiled for: an array laid out otherwise would be a new
type to numba, a compile a validation refuses, and the batch left to the exact path."""

from __future__ import annotations

import numpy as np
import pytest

from audits.validation.screen import layout
from audits.validation.screen import reader as rd
from audits.validation.screen.seats import SeatTable
from tests.audits.validation.screen.test_reader import _spans, sample


@pytest.mark.parametrize("slots", [[0, 1, 2], [0, 6, 7, 8, 9, 10, 11, 12, 13, 14], None])
def test_the_seats_stakes_and_results_are_the_readers_laid_out_by_rows(tmp_path, slots):
    lines = sample(tmp_path, "toss-one-21", fault_rate=0.05)[:200]
    lines += sample(tmp_path, "blackjack-tie-bonus", fault_rate=0.05)[:200]
    read = rd.read_lines(*_spans(lines))
    rows = np.flatnonzero(read.ok)
    seats = SeatTable.of(read, rows, slots)
    kept = np.arange(layout.KEY_SLOTS) if slots is None else np.array(slots)
    assert len(seats) == read.seat_count[rows].sum() > 400
    line, slot = rows[seats.round], np.concatenate([np.arange(n) for n in read.seat_count[rows]])
    assert np.array_equal(seats.wagers, read.wager_cents[line, slot][:, kept])
    assert np.array_equal(seats.results, read.result_cents[line, slot][:, kept])
    assert np.array_equal(seats.cards, read.seat_cards[line, slot])
    assert np.array_equal(rows[seats.round], line)
    ints = read.seat_ints[line, slot]
    for name, field in [("number", layout.SI_NUMBER), ("card_count", layout.SI_CARDS),
                        ("toss", layout.SI_TOSS), ("poker", layout.SI_POKER),
                        ("hand_count", layout.SI_HANDS), ("wager_mask", layout.SI_WAGERS),
                        ("result_mask", layout.SI_RESULTS)]:  # fmt: skip
        assert np.array_equal(getattr(seats, name), ints[:, field]), name
    hands = seats.hands  # each seat's hands, from its row
    assert hands.seat.size > 100
    at = (line[hands.seat], slot[hands.seat], hands.index)
    assert np.array_equal(hands.cards, read.hand_cards[at])
    assert np.array_equal(hands.cents, read.hand_cents[at])
    for name, value in vars(seats).items():
        if isinstance(value, np.ndarray):
            assert value.flags.c_contiguous, name
    assert all(a.flags.c_contiguous for a in vars(seats.hands).values())


@pytest.mark.parametrize("slots", [[0, 1, 2], [0, 6, 7, 8, 9, 10, 11, 12, 13, 14]])
def test_a_stake_is_the_placed_wagers_cents_computed_once_and_read_only(tmp_path, slots):
    lines = sample(tmp_path, "blackjack-tie-bonus", fault_rate=0.05)[:200]
    read = rd.read_lines(*_spans(lines))
    rows = np.flatnonzero(read.ok)
    seats = SeatTable.of(read, rows, slots)
    line, slot = rows[seats.round], np.concatenate([np.arange(n) for n in read.seat_count[rows]])
    for key in ("main", "insurance", "tie_17", "tie_right", "lucky3", "no_such_key"):
        at = layout.WAGER_KEYS.index(key) if key in layout.WAGER_KEYS else None
        placed = (read.seat_ints[line, slot, layout.SI_WAGERS] >> (at or 0) & 1) == 1
        expected = (np.where(placed, read.wager_cents[line, slot, at], 0)
                    if at in slots else np.zeros(len(seats), np.int64))  # fmt: skip
        stake = seats.stake(key)
        assert np.array_equal(stake, expected), key
        assert seats.stake(key) is stake and not stake.flags.writeable
    tie_right = layout.WAGER_KEYS.index("tie_right")
    assert seats.stake("main").any() and (seats.stake("tie_right").any() or tie_right not in slots)
