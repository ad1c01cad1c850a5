"""Cards counted against the shoe, for a batch of rounds at once."""

from __future__ import annotations

import numpy as np

from ...screen.kernel import compiled


def within_shoe(dealer: np.ndarray, seats: np.ndarray, seat_round: np.ndarray, n: int,
                decks: int) -> np.ndarray:  # fmt: skip
    """Per round: no card more often than a shoe of ``decks`` holds.  ``dealer``: each
    round's cards, ``seats``: each seat's (a row per seat, of round ``seat_round``); -1: no
    card.  Counted in one compiled pass over both."""
    ok = np.ones(n, np.bool_)
    _count_cards(dealer, seats, seat_round, decks, np.zeros((n, 52), np.int16), ok)
    return ok


@compiled
def _count_cards(dealer, seats, seat_round, decks, counts, ok):
    for r in range(dealer.shape[0]):
        for j in range(dealer.shape[1]):
            _count(counts, ok, r, dealer[r, j], decks)
    for s in range(seats.shape[0]):
        for j in range(seats.shape[1]):
            _count(counts, ok, seat_round[s], seats[s, j], decks)


@compiled
def _count(counts, ok, r, card, decks):
    if card >= 0:
        counts[r, card] += 1
        if counts[r, card] > decks:
            ok[r] = False
