"""A split seat as the engine's play analysis tells seats apart, as one row of small ints.

The analysis of a split seat (``analyse_hands``) compares the first two cards and each
hand's first card as the same card, by rank and by value; a hand's later cards only by value
(its totals, and whether it is soft).  So each of those first cards is labelled by its rank
and by the order in which cards of that rank first appear among them (the first two cards,
then each hand's first in order), and each later card by its value alone: seats written with
other suits, or drawing other cards of the same values, share their labels, and so their
analysis.  Split seats almost never repeat as written (30,144 distinct of 33,682 in a
million Ante Up rounds); labelled by rank alone, 8,352 analyses remained, 13,072 of 23,064
split seats in a week of 300,000 tie bonus rounds.

A seat's row: its first two cards' labels, then per hand whether it was doubled and its
cards' labels (0 where there is none: no label is 0, so where a hand's cards end is plain).
Two seats have the same row exactly when they have the same labels, hand by hand, and the
same doubling.
"""

from __future__ import annotations

import numpy as np

from games.engine.cards import VALUE

from ...screen.kernel import compiled

LABEL_RANK = 64  # a first card's label: rank * LABEL_RANK + its order among its rank's, plus one
LABEL_VALUE = 1024  # a later card's: LABEL_VALUE + its value (above every first card's)
VALUES = np.array(VALUE, np.int16)


def split_play_keys(first: np.ndarray, cards: np.ndarray, counts: np.ndarray,
                    doubled: np.ndarray, start: np.ndarray, n_hands: np.ndarray,
                    seats: np.ndarray, most_hands: int) -> np.ndarray:  # fmt: skip
    """The rows of the seats ``seats`` (of at most ``most_hands`` hands): ``first`` per seat
    its two cards; ``cards``, ``counts`` and ``doubled`` per hand (a seat's hands from row
    ``start[seat]``, ``n_hands`` of them)."""
    keys = np.zeros((len(seats), 2 + most_hands * (1 + cards.shape[1])), np.int16)
    _labelled(first, cards, counts, doubled, start, seats, n_hands,
              VALUES, np.zeros(52, np.int16), np.zeros(13, np.int16), keys)  # fmt: skip
    return keys


@compiled
def _labelled(first, cards, counts, doubled, start, seats, n_hands, values, label, seen, keys):
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
            if counts[row] > 0:
                keys[k, at + 1] = _label(cards[row, 0], label, seen)
            for j in range(1, counts[row]):
                keys[k, at + 1 + j] = LABEL_VALUE + values[cards[row, j]]


@compiled
def _label(card, label, seen):
    if label[card] == 0:
        rank = card // 4
        seen[rank] += 1
        label[card] = rank * LABEL_RANK + seen[rank]
    return label[card]
