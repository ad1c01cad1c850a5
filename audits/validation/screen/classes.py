"""Classes of seats: what the cards decide, judged once by the exact path.

A game's screen puts seats in one class when the game's settlement and checks tell them
apart only by their amounts: the same outcome of every wager (from the engine's tables or
answers), the same wagers placed and results written.  One seat of a class, its
*representative*, is read by the exact path (:func:`~audits.validation.parse.parse_line`),
settled by the game's one settlement and judged alone against its dealer by the game's
checks.  Its verdict holds for every seat of the class:

- ``clean``: no finding but those the screen checks in columns for every seat, whatever
  the class (:data:`AMOUNT_CODES`: limits, payouts, wager structures that compare amounts)
  and those it checks per round (the game's ``round_level`` codes: the shoe, the dealer's
  play, the aggregate payout);
- the odds every wager was settled at (``WagerResult.odds`` times the part of the stake at
  risk), so that each seat's expected results are computed from its own stakes in integer
  cents (:func:`~.money.settled_cents`): the same arithmetic as the engine's, whatever the
  amounts, without a class per amount.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property
from itertools import repeat

import numpy as np

from ..context import GameRules
from ..parse import ParsedSeat, parse_line
from ..rejected import Rejected
from .grouping import factorize, factorize_rows
from .keys import FIXED, WagerKeys
from .layout import KEY_SLOTS, MOST_HANDS

#: findings whose truth depends on the amounts, checked in columns for every seat: a class's
#: representative is not judged on them
AMOUNT_CODES = frozenset({
    "over_limit", "under_minimum", "overpaid", "underpaid", "result_without_wager",
    "aggregate_payout_exceeded", "ante_above_21", "bet_not_equal_ante",
    "poker_bonus_not_fixed_stake", "insurance_above_half", "left_side_above_half",
    "right_side_above_half", "bonus_above_primary",
})  # fmt: skip


@dataclass(frozen=True)
class ClassVerdict:
    """What the exact path says of a class: clean or not, and the odds (times the part of
    the stake at risk) each wager key and each hand's main wager are settled at."""

    clean: bool
    odds: tuple[tuple[int, Fraction], ...] = ()  # (key slot, odds) of each wager settled
    hands: tuple[Fraction, ...] = ()  # the main wager of each hand, when settled on hands


UNSURE = ClassVerdict(clean=False)


@dataclass(frozen=True)
class Judge:
    """How a game's representative is judged: its settlement and checks (the game's entry
    in the table of games), and the codes its screen checks per round."""

    settle: Callable
    check: Callable
    round_level: frozenset[str] = frozenset()

    @cached_property
    def ignored(self) -> frozenset[str]:
        """The codes a representative is not judged on: the amounts' and the round's."""
        return AMOUNT_CODES | self.round_level


def judge_seat(raw: bytes, line: int, number: int, rules: GameRules, judge: Judge,
               keys: WagerKeys = FIXED) -> ClassVerdict | None:  # fmt: skip
    """The verdict on seat ``number`` of the line, judged alone against its dealer; None
    when the line does not parse (the exact path will say why)."""
    try:
        alone = parse_line(raw, line, read=True, seat=number)  # a representative was read
    except Rejected:
        return None
    if not alone.seats:
        return None
    seat = alone.seats[0]
    settled = judge.settle(alone, rules)
    ignored = judge.ignored
    if any(f.code not in ignored for f in judge.check(alone, rules, settled)):
        return UNSURE
    mine = settled.seat(number)
    results = [] if mine is None else mine.judged_results()
    return _odds_of(seat, results, keys)


def _odds_of(seat: ParsedSeat, results, keys: WagerKeys) -> ClassVerdict:
    settled_at, hands = [], []
    for result in results:
        stake = seat.wagers.get(result.key)
        if not stake:
            return UNSURE  # settled on a stake the seat did not place: not for columns
        risked = result.risked
        odds = result.odds if risked == stake else result.odds * Fraction(risked / stake)
        if result.key == "main" and seat.hands is not None:
            hands.append(odds)
        else:
            slot = keys.slot(result.key)
            if slot is None:
                return UNSURE  # a key the batch does not read: not for columns
            settled_at.append((slot, odds))
    return ClassVerdict(True, tuple(settled_at), tuple(hands))


@dataclass
class Verdicts:
    """Class key -> the number of its :class:`ClassVerdict`, for one screen; the verdicts as
    arrays indexed by number (0 is :data:`UNSURE`), so that a batch's seats look theirs up
    at once: ``clean``, and the odds of each key (``den`` 0: not settled) and hand.

    A screen keeps its classes for the process (a month of the blackjack family's defined
    side wagers: some 10,000), so each costs what the arrays hold of it: its key is kept as
    the bytes of its row, its verdict only in the arrays (not as tuples of fractions), and
    the arrays grow by doubling, not by a copy for each batch's new classes."""

    most: int = 200_000
    count: int = 1  # verdicts numbered so far, UNSURE's 0 among them
    clean: np.ndarray = field(default_factory=lambda: np.zeros(1, bool))
    num: np.ndarray = field(default_factory=lambda: np.zeros((1, KEY_SLOTS), np.int64))
    den: np.ndarray = field(default_factory=lambda: np.zeros((1, KEY_SLOTS), np.int64))
    hand_num: np.ndarray = field(default_factory=lambda: np.zeros((1, MOST_HANDS), np.int64))
    hand_den: np.ndarray = field(default_factory=lambda: np.zeros((1, MOST_HANDS), np.int64))
    _number: dict = field(default_factory=dict)
    _new: list[ClassVerdict] = field(default_factory=list)  # numbered, not yet in the arrays

    @property
    def full(self) -> bool:
        return self.count >= self.most

    def of(self, keys: np.ndarray, judge: Callable[[int], ClassVerdict | None]) -> np.ndarray:
        """Each seat's verdict number; ``judge(i)`` judges the seat at position ``i`` of
        ``keys`` (of a class not yet known).  ``keys``: one int64 per seat, or a row."""
        if keys.ndim == 2:
            first, inverse = factorize_rows(keys)
            rows = np.ascontiguousarray(keys[first])
            unique = rows.view(np.dtype((np.void, rows.itemsize * rows.shape[1]))).ravel()
            unique = unique.tolist()  # each row's bytes
        else:
            first, inverse = factorize(keys)
            unique = keys[first].tolist()
        found = np.fromiter(map(self._number.get, unique, repeat(-1)), np.int64, len(unique))
        unknown = np.flatnonzero(found < 0).tolist()
        if unknown:
            try:
                for at in unknown:
                    found[at] = self._judged(unique[at], judge(int(first[at])))
            finally:  # a judge that raises leaves the verdicts given so far in the arrays
                self._grow()
        return found[inverse.reshape(-1)]

    def _judged(self, key, verdict: ClassVerdict | None) -> int:
        if verdict is None:
            return 0  # not remembered: another seat of the class may tell
        if not verdict.clean:
            self._number[key] = 0
            return 0
        self._number[key] = self.count
        self._new.append(verdict)
        self.count += 1
        return self.count - 1

    def _grow(self) -> None:
        """The verdicts numbered since into the arrays (grown to twice their rows when they
        are full)."""
        known = self.count - len(self._new)
        if self.count > len(self.clean):
            rows = max(self.count, 2 * len(self.clean))
            self.clean, self.num, self.den, self.hand_num, self.hand_den = (
                _grown(a, rows) for a in
                (self.clean, self.num, self.den, self.hand_num, self.hand_den)
            )  # fmt: skip
        for number, verdict in enumerate(self._new, known):
            self.clean[number] = True
            for slot, odds in verdict.odds:
                self.num[number, slot], self.den[number, slot] = odds.numerator, odds.denominator
            for h, odds in enumerate(verdict.hands):
                self.hand_num[number, h] = odds.numerator
                self.hand_den[number, h] = odds.denominator
        self._new.clear()


def _grown(a: np.ndarray, rows: int) -> np.ndarray:
    """``a`` with ``rows`` rows, the new ones zeros."""
    grown = np.zeros((rows, *a.shape[1:]), a.dtype)
    grown[: len(a)] = a
    return grown
