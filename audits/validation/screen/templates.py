"""Templates of raw JSON checked where they may lie, in compiled code.

A template (:class:`~.fixed.Pattern`) is literal bytes with placeholders (a digit, a quoted
card code, a toss).  :func:`shape_at` says whether one starts at a place in a buffer, and
:func:`put_values` reads its placeholders there.  :class:`Templates` packs several for the
scanner, which steps over a seat's start when it is one of them (:func:`template_width`):
a template's literal bytes and placeholders hold no string the scanner would have to look
into, so where it ends the scanner is inside the seat's object and outside any string.
"""

from __future__ import annotations

from collections import namedtuple
from collections.abc import Sequence

import numpy as np

from games.engine.cards import RANKS, SUITS

from .kernel import compiled, word_at

RANK_OF = np.full(256, -1, np.int64)
SUIT_OF = np.full(256, -1, np.int64)
for _i, _c in enumerate(RANKS):
    RANK_OF[ord(_c)] = _i
for _i, _c in enumerate(SUITS):
    SUIT_OF[ord(_c)] = _i


#: patterns as the kernels take them: per pattern (a row each, padded to the longest, with
#: the counts beside), its literal words and their masks, the literal bytes after the last
#: whole word and their positions, and its placeholders' positions; its width (0: none)
Packed = namedtuple("Packed", "masks words nwords tail_at tail ntail digits_at ndigits "
                              "cards_at ncards tosses_at ntosses widths rank_of suit_of")


class Templates:
    """Patterns (:class:`~.fixed.Pattern`) packed for compiled code: :attr:`arrays`, a
    :data:`Packed`."""

    def __init__(self, patterns: Sequence):
        self.patterns = tuple(patterns)
        masks, words, tail_at, tail, digits_at, cards_at, tosses_at = (
            _padded([p.shape[k] for p in self.patterns], dtype)
            for k, dtype in enumerate((np.uint64, np.uint64, np.int64, np.uint8, np.int64,
                                       np.int64, np.int64))
        )  # fmt: skip
        widths = np.array([p.width for p in self.patterns] or [0], np.int64)
        self.arrays = Packed(masks[0], words[0], words[1], tail_at[0], tail[0], tail[1],
                             *digits_at, *cards_at, *tosses_at, widths, RANK_OF,
                             SUIT_OF)  # fmt: skip


def _padded(rows: list, dtype) -> tuple[np.ndarray, np.ndarray]:
    """The rows padded to the longest (one row of zeros for none), and each one's length."""
    padded = np.zeros((max(len(rows), 1), max([len(r) for r in rows] + [1])), dtype)
    counts = np.zeros(max(len(rows), 1), np.int64)
    for p, row in enumerate(rows):
        padded[p, : len(row)], counts[p] = row, len(row)
    return padded, counts


NO_TEMPLATES = Templates(())


@compiled
def template_width(data, a, end, t):
    """The width of the first template of ``t`` (:attr:`Templates.arrays`) that starts at
    ``data[a]`` and ends by ``end``; 0 for none."""
    for p in range(len(t.widths)):
        w = t.widths[p]
        if w > 0 and a + w <= end and shape_at(data, a, t, p):
            return w
    return 0


@compiled
def shape_at(data, a, t, p):
    """Whether template ``p`` of ``t`` (:attr:`Templates.arrays`) starts at ``data[a]``: its
    literal bytes (eight at a time, then the rest), a digit, a quoted card code, ``null``
    or a quoted code at each placeholder."""
    rank_of, suit_of = t.rank_of, t.suit_of
    for k in range(t.nwords[p]):
        if (word_at(data, a + 8 * k) & t.masks[p, k]) != t.words[p, k]:
            return False
    for j in range(t.ntail[p]):
        if data[a + t.tail_at[p, j]] != t.tail[p, j]:
            return False
    for j in range(t.ndigits[p]):
        c = data[a + t.digits_at[p, j]]
        if c < 48 or c > 57:
            return False
    for j in range(t.ncards[p]):
        at = a + t.cards_at[p, j]
        if rank_of[data[at + 1]] < 0 or suit_of[data[at + 2]] < 0:
            return False
    for j in range(t.ntosses[p]):
        at = a + t.tosses_at[p, j]
        if not (is_null(data, at) or (data[at] == 34 and data[at + 3] == 34
                                       and rank_of[data[at + 1]] >= 0
                                       and suit_of[data[at + 2]] >= 0)):  # fmt: skip
            return False
    return True


@compiled
def put_values(data, a, r, t, p, digits, cards, tosses):
    """Row ``r`` of the outputs: the placeholders' values of template ``p`` of ``t``, shown
    to start at ``data[a]`` (:func:`shape_at`)."""
    rank_of, suit_of = t.rank_of, t.suit_of
    for j in range(t.ndigits[p]):
        digits[r, j] = data[a + t.digits_at[p, j]] - 48
    for j in range(t.ncards[p]):
        at = a + t.cards_at[p, j]
        cards[r, j] = rank_of[data[at + 1]] * 4 + suit_of[data[at + 2]]
    for j in range(t.ntosses[p]):
        at = a + t.tosses_at[p, j]
        if is_null(data, at):
            tosses[r, j] = -1
        else:
            tosses[r, j] = rank_of[data[at + 1]] * 4 + suit_of[data[at + 2]]


@compiled
def is_null(data, p):
    return data[p] == 110 and data[p + 1] == 117 and data[p + 2] == 108 and data[p + 3] == 108
