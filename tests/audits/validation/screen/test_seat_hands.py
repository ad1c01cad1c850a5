"""The family's seats' hands laid out in one compiled pass: what the numpy statement of the
same layout says, on sample seats of both games, faults and split hands among them."""

from __future__ import annotations

import numpy as np
import pytest

from audits.validation.games.blackjack.answers import MOST_CARDS
from audits.validation.games.blackjack.seat_hands import seat_hands
from audits.validation.screen import layout
from audits.validation.screen import reader as rd
from audits.validation.screen.seats import SeatTable
from tests.audits.validation.screen.test_reader import _spans, sample


def _statement(table: SeatTable):
    """The layout in numpy, column by column (the screen's before the compiled pass)."""
    k = len(table)
    written = table.hand_count
    usable = (written >= 1) & (table.toss == layout.NO_CARD) & (table.card_count == 2)
    n_hands = np.where(usable, written, 1)
    starts = np.cumsum(n_hands) - n_hands
    hand_seat = np.repeat(np.arange(k), n_hands)
    index = np.arange(len(hand_seat)) - starts[hand_seat]
    cards = np.full((len(hand_seat), MOST_CARDS), -1, np.int64)
    counts = np.full(len(hand_seat), -1, np.int64)
    doubled = np.zeros(len(hand_seat), bool)
    given = table.hands
    mine = usable[given.seat]
    at = starts[given.seat[mine]] + given.index[mine]
    cards[at] = given.cards[mine, :MOST_CARDS]
    counts[at] = np.where(given.counts[mine] <= MOST_CARDS, given.counts[mine], -1)
    doubled[at] = given.doubled[mine]
    first = np.where(usable[:, None], table.cards[:, :2], -1)
    ok = usable & (first >= 0).all(axis=1)
    ok &= np.bincount(hand_seat[counts < 2], minlength=k) == 0
    ok &= (n_hands > 1) | (cards[starts, :2] == first).all(axis=1)
    return (cards, counts, hand_seat, index, doubled, starts), first, ok, n_hands


@pytest.mark.parametrize("game", ["ante-up-21", "blackjack-tie-bonus"])
def test_the_hands_are_laid_out_as_the_numpy_statement_says(tmp_path, game):
    lines = sample(tmp_path, game, fault_rate=0.3)[:600]
    read = rd.read_lines(*_spans(lines))
    table = SeatTable.of(read, np.flatnonzero(read.ok))
    hands, first, ok, n_hands = seat_hands(table)
    (cards, counts, seat, index, doubled, starts), want_first, want_ok, want_n = _statement(table)
    got = (hands.cards, hands.counts, hands.seat, hands.index, hands.doubled, hands.start)
    for name, a, b in zip(("cards", "counts", "seat", "index", "doubled", "start"), got,
                          (cards, counts, seat, index, doubled, starts), strict=True):  # fmt: skip
        assert np.array_equal(a, b), name
    assert np.array_equal(first, want_first) and np.array_equal(n_hands, want_n)
    assert np.array_equal(ok, want_ok)
    assert ok.any() and not ok.all() and (n_hands > 1).any()  # screened, refused and split
