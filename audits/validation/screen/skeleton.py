"""What every game's screen shares: classes of seats in, clean rounds and their sums out.

A game's screen (:mod:`.toss_one`, :mod:`.blackjack`) subclasses :class:`GameScreen` and
says, for rounds of a batch (:class:`~.rounds.BatchColumns`) judged under the same rules,
options and shoe, which rounds pass its round-level checks and which class each seat is in
(:class:`SeatClasses`).  This module does the rest the same way for every game: one verdict
per class from the exact path (:mod:`.verdicts`), the round's aggregate payout, and the
verdicts of the clean rounds' seats for the sums.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from decimal import Decimal

import numpy as np

from ..context import GameRules
from ..parse import ParsedSeat
from .objects import generation
from .rounds import MOST_SEATS, BatchColumns
from .verdicts import Check, Verdict, Verdicts, judge_seat


@dataclass
class SeatClasses:
    """A game's reading of some rounds of a batch: ``round_ok`` per round; per seat of those
    rounds (in order) whether it could be read (``seat_ok``), its class and its number."""

    round_ok: np.ndarray
    seat_ok: np.ndarray
    seat_keys: np.ndarray  # int64; meaningful where seat_ok
    seat_numbers: np.ndarray


@dataclass
class Screened:
    """The clean rounds (``clean`` per round) and, per label of the rounds (their place),
    their clean seats' verdicts: ``classes[label]`` is ``(numbers, seats)``, the numbers of
    the verdicts in ``verdicts`` (:attr:`Verdicts.given`) and how many clean seats each
    judges (for the totals); ``seated[label][number]``: how many of those seats each seat
    number is."""

    clean: np.ndarray
    verdicts: Verdicts
    classes: dict[int, tuple[np.ndarray, np.ndarray]] = field(default_factory=dict)
    seated: dict[int, np.ndarray] = field(default_factory=dict)


class GameScreen:
    """The screen of one game under one rules in force, options and shoe size; see the
    module's docstring.  Built once per process for each (built by :func:`screen_for`)."""

    #: finding codes this screen checks per round, in columns (a seat judged alone by the
    #: exact path is not judged on them)
    round_level: frozenset[str] = frozenset()
    #: the usual spellings of a seat's start (templates, :class:`~.fixed.Pattern`), which the
    #: scanner steps over instead of reading them byte by byte (:mod:`.templates`)
    seat_starts: tuple = ()

    def __init__(self, rules: GameRules, options: dict[str, str], decks: int, check: Check):
        self.rules, self.options, self.decks, self.check = rules, options, decks, check
        self.verdicts = Verdicts()
        self.max_paid_cents = _max_paid_cents(rules)
        self._generation = generation()

    def classes(self, batch: BatchColumns, rows: np.ndarray, seats: np.ndarray) -> SeatClasses:
        """The reading of the rounds ``rows`` of the batch, whose seats are ``seats``."""
        raise NotImplementedError

    def paid(self, seat: ParsedSeat) -> Decimal:
        """The seat's recorded winnings, as the game's aggregate-payout check adds them."""
        raise NotImplementedError

    def screen(
        self,
        batch: BatchColumns,
        rows: np.ndarray,
        lines: Sequence[bytes],
        numbers: np.ndarray,
        labels: np.ndarray | None = None,
    ) -> Screened:
        """Which of the batch's rounds ``rows`` are certainly clean, with the verdicts of
        their seats per label (``labels``: each round's, 0..; all 0 by default); ``lines``
        and ``numbers`` are the batch's lines and line numbers."""
        if self._generation != generation() or self.verdicts.full:
            # ids were given anew (forget what they named), or no more verdicts are kept
            self.verdicts, self._generation = Verdicts(), generation()
        n = len(rows)
        labels = np.zeros(n, np.int64) if labels is None else labels
        seats = batch.seats_of(rows)
        seat_round = np.repeat(np.arange(n), batch.seat_count[rows])
        read = self.classes(batch, rows, seats)
        ok = read.round_ok & (np.bincount(seat_round[~read.seat_ok], minlength=n) == 0)
        judged = np.flatnonzero(ok[seat_round])  # the seats of rounds that passed so far
        if not judged.size:
            return Screened(np.zeros(n, bool), self.verdicts)
        seat_round = seat_round[judged]
        at = batch.index[rows]

        def judge(i: int) -> Verdict | None:
            line = int(at[seat_round[i]])
            return judge_seat(lines[line], int(numbers[line]), int(read.seat_numbers[judged[i]]),
                              self.rules, self.check, self.paid, self.round_level)  # fmt: skip

        verdicts = self.verdicts
        inverse, numbers = verdicts.of(read.seat_keys[judged], judge)
        per_seat = numbers[inverse]
        ok &= np.bincount(seat_round[~verdicts.clean[per_seat]], minlength=n) == 0
        if self.max_paid_cents is not None:
            paid = np.zeros(n, np.int64)
            np.add.at(paid, seat_round, verdicts.paid_cents[per_seat])
            ok &= paid <= self.max_paid_cents
        labels, clean = labels[seat_round], ok[seat_round]
        return Screened(ok, verdicts, _counted(numbers, inverse, labels, clean),
                        _seated(read.seat_numbers[judged], labels, clean))  # fmt: skip


def _counted(numbers, inverse, labels, clean) -> dict[int, tuple[np.ndarray, np.ndarray]]:
    """Per label, the verdict numbers of its clean seats' classes and the seats of each."""
    k = len(numbers)
    counts = np.bincount(labels[clean] * k + inverse[clean], minlength=(labels.max() + 1) * k)
    at = np.flatnonzero(counts)
    label_of = at // k
    found: dict[int, tuple[np.ndarray, np.ndarray]] = {}
    for label in np.unique(label_of).tolist():
        mine = at[label_of == label]
        found[label] = (numbers[mine % k], counts[mine])
    return found


def _seated(numbers, labels, clean) -> dict[int, np.ndarray]:
    """Per label, the clean seats of each seat number (an array indexed by the number)."""
    places = MOST_SEATS + 1
    counts = np.bincount(labels[clean] * places + numbers[clean],
                         minlength=(labels.max() + 1) * places).reshape(-1, places)  # fmt: skip
    return {int(label): counts[label] for label in np.flatnonzero(counts.any(axis=1)).tolist()}


def _max_paid_cents(rules: GameRules) -> int | None:
    amounts = [lim.amount for lim in rules.limits if lim.kind == "max_aggregate_payout"]
    if not amounts:
        return None
    # a limit in fractions of a cent: the largest whole number of cents within it
    return int((min(amounts) * 100).to_integral_value(rounding="ROUND_FLOOR"))
