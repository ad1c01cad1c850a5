"""A split seat's deal as the engine's deal analysis tells seats apart, as one int64.

The engine judges a split seat's play in two parts (``analyse_hands``): the deal
(``analyse_deal``: whether the hands follow from the two cards dealt, and the splits), then
each hand's play (``analyse_play``), which reads a hand's cards by value and whether it was
doubled, and of the seat only that it was split: the screen asks the second once per
hand's values (:mod:`.screen`), the first once per code made here.

The deal compares the first two cards and each hand's first card as the same card, by rank
and by value, and of each hand's other cards only whether it has any.  So each of those
first cards is labelled by its rank and by the order in which cards of that rank first
appear among them (the first two cards, then each hand's first in order): seats written
with other suits share their labels, and so their deal's analysis.

A seat's code, from its highest bits down: its number of hands, its first two cards'
labels, then per hand whether it holds two cards or more and its first card's label (0 for
none: no label is 0).  Two seats have the same code exactly when they have the same number
of hands, the same labels and the same hands of fewer than two cards.  Split seats almost
never repeat as written (30,144 distinct of 33,682 in a million Ante Up rounds): the 23,064
split seats of a week of 300,000 tie bonus rounds made 13,072 analyses of whole seats (each
card labelled by its rank); asked in two parts, 226 deals and 1,926 hands.
"""

from __future__ import annotations

import numpy as np

from ...screen.kernel import compiled

LABEL_BITS = 7  # a label: rank * LABEL_RANK + the card's order among its rank's, plus one
LABEL_RANK = 8  # (six first cards at most: the order is 1 to 6)


def split_deal_codes(first: np.ndarray, cards: np.ndarray, counts: np.ndarray, start: np.ndarray,
                     n_hands: np.ndarray, seats: np.ndarray) -> np.ndarray:  # fmt: skip
    """The codes of the seats ``seats`` (of at most four hands): ``first`` per seat its two
    cards; ``cards`` and ``counts`` per hand (a seat's hands from row ``start[seat]``,
    ``n_hands`` of them)."""
    codes = np.zeros(len(seats), np.int64)
    _coded(first, cards, counts, start, seats, n_hands, np.zeros(52, np.int64),
           np.zeros(13, np.int64), codes)  # fmt: skip
    return codes


@compiled
def _coded(first, cards, counts, start, seats, n_hands, label, seen, codes):
    for k in range(len(seats)):
        s = seats[k]
        label[:] = 0
        seen[:] = 0
        code = n_hands[s]
        for j in range(2):
            code = (code << LABEL_BITS) | _label(first[s, j], label, seen)
        for h in range(n_hands[s]):
            row = start[s] + h
            first_card = _label(cards[row, 0], label, seen) if counts[row] > 0 else 0
            two = 1 if counts[row] >= 2 else 0
            code = (((code << 1) | two) << LABEL_BITS) | first_card
        codes[k] = code


@compiled
def _label(card, label, seen):
    if label[card] == 0:
        rank = card // 4
        seen[rank] += 1
        label[card] = rank * LABEL_RANK + seen[rank]
    return label[card]
