"""The family's seats' hands laid out for the engine's questions, in one compiled pass.

A seat is *usable* when it wrote one hand at least, tossed no card and holds two first
cards; it has a row per hand it wrote (any other seat one row, empty), each row its hand's
first :data:`~.answers.MOST_CARDS` cards (-1 padded), its count (-1 where the hand holds
more), whether it was doubled.  A seat is screened (``ok``) when it is usable, its two
first cards are cards, each of its hands has two cards at least, and a seat of one hand
begins it with its two first cards.
"""

from __future__ import annotations

import numpy as np

from ...screen import layout
from ...screen.kernel import compiled
from ...screen.seats import SeatTable
from .answers import MOST_CARDS
from .columns import Hands


def seat_hands(table: SeatTable) -> tuple[Hands, np.ndarray, np.ndarray, np.ndarray]:
    """``(hands, first, ok, n_hands)`` of the seats (module docstring)."""
    k = len(table)
    usable = (table.hand_count >= 1) & (table.toss == layout.NO_CARD) & (table.card_count == 2)
    n_hands = np.where(usable, table.hand_count, 1)
    starts = np.cumsum(n_hands) - n_hands
    rows = int(n_hands.sum())
    hand_seat, index = np.empty(rows, np.int64), np.empty(rows, np.int64)
    cards, counts = np.empty((rows, MOST_CARDS), np.int64), np.empty(rows, np.int64)
    doubled, first, ok = np.empty(rows, np.bool_), np.empty((k, 2), np.int64), np.empty(k, np.bool_)
    given = table.hands
    _seat_hands(usable, n_hands, starts, np.ascontiguousarray(table.cards), given.seat,
                given.index, np.ascontiguousarray(given.cards), given.counts, given.doubled,
                hand_seat, index, cards, counts, doubled, first, ok)  # fmt: skip
    return Hands(cards, counts, hand_seat, index, doubled, starts), first, ok, n_hands


@compiled
def _seat_hands(usable, n_hands, starts, seat_cards, g_seat, g_index, g_cards, g_counts,
                g_doubled, hand_seat, index, cards, counts, doubled, first, ok):  # fmt: skip
    most = cards.shape[1]
    for s in range(len(usable)):
        for h in range(n_hands[s]):
            r = starts[s] + h
            hand_seat[r], index[r], counts[r], doubled[r] = s, h, -1, False
            for j in range(most):
                cards[r, j] = -1
        first[s, 0] = seat_cards[s, 0] if usable[s] else -1
        first[s, 1] = seat_cards[s, 1] if usable[s] else -1
        ok[s] = usable[s] and first[s, 0] >= 0 and first[s, 1] >= 0
    for g in range(len(g_seat)):
        s = g_seat[g]
        if not usable[s]:
            continue
        if g_index[g] >= n_hands[s]:  # a hand beyond those written: never screened
            ok[s] = False
            continue
        r = starts[s] + g_index[g]
        for j in range(most):
            cards[r, j] = g_cards[g, j]
        counts[r] = g_counts[g] if g_counts[g] <= most else -1
        doubled[r] = g_doubled[g]
    for s in range(len(usable)):
        for h in range(n_hands[s]):
            if counts[starts[s] + h] < 2:
                ok[s] = False
        r = starts[s]
        if n_hands[s] == 1 and (cards[r, 0] != first[s, 0] or cards[r, 1] != first[s, 1]):
            ok[s] = False
