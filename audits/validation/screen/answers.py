"""The engine's answers on distinct summaries: the engine is asked, the screen only groups.

A game's screen reduces each seat (or dealer hand) to a *summary*: one int64 code of what
the engine reads for a question (a hand's card values in order; a total against a total).
:class:`Answers` asks the engine once per distinct code, on the first row that has it,
and remembers the answer (a tuple of small ints) for the process; rows with the same code
get the same answer.  The screen never settles anything itself: it only proves that two
rows ask the engine the same question.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable

import numpy as np

from games.engine.cards import RANK, VALUE

VALUES = np.array(VALUE, np.int64)
RANKS = np.array(RANK, np.int64)
MOST_CARDS = 8  # a hand of more cards goes to the exact path
_POWERS = 11 ** np.arange(MOST_CARDS, dtype=np.int64)


class Answers:
    """Summary code -> the engine's answer (``width`` small ints), asked once per code.

    The known codes are kept sorted beside the row of their answer, so that a batch's codes
    are looked up at once (``np.searchsorted``); only codes not yet known are asked."""

    def __init__(self, width: int, most: int = 1 << 20):
        self.width, self.most = width, most
        self._start()

    def _start(self) -> None:
        self._codes = np.zeros(0, np.int64)  # sorted
        self._rows = np.zeros(0, np.int64)  # each code's row of the table
        self._table = np.zeros((0, self.width), np.int64)

    def of(self, codes: np.ndarray, answer: Callable[[int], tuple[int, ...]]) -> np.ndarray:
        """``(len(codes), width)``: each row's answer; ``answer(i)`` asks the engine about
        row ``i`` (the first row of a code not yet known)."""
        codes = np.asarray(codes, np.int64)
        rows = self._known(codes)
        missing = np.flatnonzero(rows < 0)
        if missing.size:
            new, first = np.unique(codes[missing], return_index=True)
            if len(self._table) + len(new) > self.most:
                self._start()
                return (
                    self.of(codes, answer) if len(new) < self.most else self._asked(codes, answer)
                )
            rows[missing] = self._add(new, [answer(i) for i in missing[first].tolist()])[
                np.searchsorted(new, codes[missing])
            ]
        return self._table[rows]

    def _known(self, codes: np.ndarray) -> np.ndarray:
        """Each code's row of the table, -1 where not yet known."""
        if not len(self._codes):
            return np.full(len(codes), -1, np.int64)
        at = np.minimum(np.searchsorted(self._codes, codes), len(self._codes) - 1)
        return np.where(self._codes[at] == codes, self._rows[at], -1)

    def _add(self, new: np.ndarray, answers: list) -> np.ndarray:
        """Adds sorted ``new`` codes with their answers; their rows."""
        rows = np.arange(len(self._table), len(self._table) + len(new))
        more = np.array([tuple(a) for a in answers], np.int64).reshape(-1, self.width)
        self._table = np.concatenate([self._table, more])
        at = np.searchsorted(self._codes, new)  # both sorted, none in common: a merge
        self._codes, self._rows = np.insert(self._codes, at, new), np.insert(self._rows, at, rows)
        return rows

    def _asked(self, codes: np.ndarray, answer) -> np.ndarray:
        """More distinct codes than it keeps: each asked, none kept."""
        unique, first, inverse = np.unique(codes, return_index=True, return_inverse=True)
        table = np.array([tuple(answer(i)) for i in first.tolist()], np.int64)
        return table.reshape(-1, self.width)[inverse.reshape(-1)]


class Names:
    """Answers that are names (an outcome, a category) as stable small ints, 1 and up."""

    def __init__(self) -> None:
        self._ids: dict[Hashable, int] = {}

    def __call__(self, name: Hashable) -> int:
        return self._ids.setdefault(name, len(self._ids) + 1)


def sequence_codes(cards: np.ndarray, counts: np.ndarray) -> np.ndarray:
    """Each row's card values (ace 1, tens 10) in order with its count, as one int64
    (rows of ``cards`` padded with -1; at most :data:`MOST_CARDS`)."""
    values = np.where(cards >= 0, VALUES[np.maximum(cards, 0)], 0)
    return (values @ _POWERS[: cards.shape[1]]) * 16 + counts


def rank_codes(cards: np.ndarray) -> np.ndarray:
    """Each row's ranks as a multiset (sorted, padding ignored), as one int64."""
    ranks = np.sort(np.where(cards >= 0, RANKS[np.maximum(cards, 0)] + 1, 0), axis=1)
    return ranks @ (14 ** np.arange(cards.shape[1], dtype=np.int64))


def row_cards(cards: np.ndarray, counts: np.ndarray, at: int) -> tuple[int, ...]:
    """The cards of row ``at``."""
    return tuple(cards[at, : counts[at]].tolist())
