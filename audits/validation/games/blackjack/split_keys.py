"""A split seat as the engine's play analysis tells seats apart, as one row of small ints.

The analysis of a split seat (``analyse_hands``) compares cards only as the same card, by
rank and by value.  So each card is labelled by its rank and by the order in which cards of
that rank first appear in the seat (the first two cards, then each hand's in order): seats
written with other suits share their labels, and so their analysis.  Split seats almost
never repeat as written (30,144 distinct of 33,682 in a million Ante Up rounds); labelled
so, 8,352 analyses remain.

A seat's row: its first two cards' labels, then per hand whether it was doubled and its
cards' labels (0 where there is none: no label is 0, so where a hand's cards end is plain).
Two seats have the same row exactly when they have the same labels, hand by hand, and the
same doubling.
"""

from __future__ import annotations

import numpy as np

from ...screen.kernel import compiled

LABEL_RANK = 64  # a label: rank * LABEL_RANK + the card's order among its rank's, plus one


def split_play_keys(first: np.ndarray, cards: np.ndarray, counts: np.ndarray,
                    doubled: np.ndarray, start: np.ndarray, n_hands: np.ndarray,
                    seats: np.ndarray, most_hands: int) -> np.ndarray:  # fmt: skip
    """The rows of the seats ``seats`` (of at most ``most_hands`` hands): ``first`` per seat
    its two cards; ``cards``, ``counts`` and ``doubled`` per hand (a seat's hands from row
    ``start[seat]``, ``n_hands`` of them)."""
    keys = np.zeros((len(seats), 2 + most_hands * (1 + cards.shape[1])), np.int16)
    _labelled(first, cards, counts, doubled, start, seats, n_hands,
              np.zeros(52, np.int16), np.zeros(13, np.int16), keys)  # fmt: skip
    return keys


@compiled
def _labelled(first, cards, counts, doubled, start, seats, n_hands, label, seen, keys):
    width = 1 + cards.shape[1]
    for k in range(len(seats)):
        s = seats[k]
        label[:] = 0
        seen[:] = 0
        for j in range(2):
            keys[k, j] = _label(first[s, j], label, seen)
        for h in range(n_hands[s]):
            row, at = start[s] + h, 2 + h * width
            keys[k, at] = doubled[row]
            for j in range(counts[row]):
                keys[k, at + 1 + j] = _label(cards[row, j], label, seen)


@compiled
def _label(card, label, seen):
    if label[card] == 0:
        rank = card // 4
        seen[rank] += 1
        label[card] = rank * LABEL_RANK + seen[rank]
    return label[card]
