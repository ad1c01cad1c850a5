"""Templates of raw JSON checked where they may lie, in compiled code.

A template (:class:`~.fixed.Pattern`) is literal bytes with placeholders (a digit, a quoted
card code, a toss).  :func:`shape_at` says whether one starts at a place in a buffer, and
:func:`put_values` reads its placeholders there.  :class:`Templates` packs several for the
scanner, which steps over a seat's start when it is one of them (:func:`template_width`):
a template's literal bytes and placeholders hold no string the scanner would have to look
into, so where it ends the scanner is inside the seat's object and outside any string.
"""

from __future__ import annotations

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


class Templates:
    """Patterns packed for compiled code (:func:`template_width`): per pattern, its literal
    words and masks, the literal bytes after them, and its placeholders' positions, each
    padded to the longest with its count beside it; ``widths`` 0 for no pattern."""

    def __init__(self, patterns: Sequence):
        self.patterns = tuple(patterns)
        shapes = [p.shape for p in self.patterns]  # (masks, words, tail_at, tail, d, c, t)
        parts = []
        for k, dtype in enumerate((np.uint64, np.uint64, np.int64, np.uint8, np.int64,
                                   np.int64, np.int64)):  # fmt: skip
            rows = [shape[k] for shape in shapes]
            padded = np.zeros((max(len(rows), 1), max([len(r) for r in rows] + [1])), dtype)
            counts = np.zeros(max(len(rows), 1), np.int64)
            for p, row in enumerate(rows):
                padded[p, : len(row)], counts[p] = row, len(row)
            parts += [padded, counts]
        widths = np.array([p.width for p in self.patterns] or [0], np.int64)
        self.arrays = (*parts, widths, RANK_OF, SUIT_OF)


NO_TEMPLATES = Templates(())


@compiled
def template_width(data, a, end, t):
    """The width of the first template of ``t`` (:attr:`Templates.arrays`) that starts at
    ``data[a]`` and ends by ``end``; 0 for none."""
    widths = t[14]
    for p in range(len(widths)):
        w = widths[p]
        if w > 0 and a + w <= end and shape_at(data, a, t, p):
            return w
    return 0


@compiled
def shape_at(data, a, t, p):
    """Whether template ``p`` of ``t`` (:attr:`Templates.arrays`) starts at ``data[a]``: its
    literal bytes (eight at a time, then the rest), a digit, a quoted card code, ``null``
    or a quoted code at each placeholder."""
    masks, nmasks, words, _, tail_at, ntail, tail, _, digits_at, ndigits, cards_at, ncards, \
        tosses_at, ntosses, _, rank_of, suit_of = t  # fmt: skip
    for k in range(nmasks[p]):
        if (word_at(data, a + 8 * k) & masks[p, k]) != words[p, k]:
            return False
    for j in range(ntail[p]):
        if data[a + tail_at[p, j]] != tail[p, j]:
            return False
    for j in range(ndigits[p]):
        c = data[a + digits_at[p, j]]
        if c < 48 or c > 57:
            return False
    for j in range(ncards[p]):
        at = a + cards_at[p, j]
        if rank_of[data[at + 1]] < 0 or suit_of[data[at + 2]] < 0:
            return False
    for j in range(ntosses[p]):
        at = a + tosses_at[p, j]
        if not (is_null(data, at) or (data[at] == 34 and data[at + 3] == 34
                                       and rank_of[data[at + 1]] >= 0
                                       and suit_of[data[at + 2]] >= 0)):  # fmt: skip
            return False
    return True


@compiled
def put_values(data, a, r, t, p, digits, cards, tosses):
    """Row ``r`` of the outputs: the placeholders' values of template ``p`` of ``t``, shown
    to start at ``data[a]`` (:func:`shape_at`)."""
    digits_at, ndigits, cards_at, ncards, tosses_at, ntosses = t[8:14]
    rank_of, suit_of = t[15], t[16]
    for j in range(ndigits[p]):
        digits[r, j] = data[a + digits_at[p, j]] - 48
    for j in range(ncards[p]):
        at = a + cards_at[p, j]
        cards[r, j] = rank_of[data[at + 1]] * 4 + suit_of[data[at + 2]]
    for j in range(ntosses[p]):
        at = a + tosses_at[p, j]
        if is_null(data, at):
            tosses[r, j] = -1
        else:
            tosses[r, j] = rank_of[data[at + 1]] * 4 + suit_of[data[at + 2]]


@compiled
def is_null(data, p):
    return data[p] == 110 and data[p + 1] == 117 and data[p + 2] == 108 and data[p + 3] == 108
