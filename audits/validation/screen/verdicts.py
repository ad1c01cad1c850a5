"""A class of seats judged once, by the exact path, on one of its seats.

The game's screen puts seats in the same class only when the game's settlement and checks
cannot tell them apart: the same wager and result objects as written, the same outcome
tokens from the engine's tables.  One seat of a class (its *representative*) is read by the
exact path (:func:`~audits.validation.parse.parse_line`) and judged alone against the same
dealer by the game's checks (``check``: :func:`~audits.validation.games.check_round`); what
they say of
it holds for every seat of the class.  Round-level checks (the shoe, the dealer's play, the
round's aggregate payout) are the screen's own, in columns.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from decimal import Decimal
from itertools import repeat

import numpy as np

from games.engine.catalog import GAMES

from ..context import GameRules
from ..findings import Finding
from ..parse import ParsedRound, ParsedSeat, Rejected, parse_line
from .grouping import factorize, factorize_rows

Check = Callable[[ParsedRound, GameRules], list[Finding]]

ZERO = Decimal(0)


@dataclass(frozen=True)
class Verdict:
    """What the exact path says of a class of seats."""

    clean: bool
    #: the seat's recorded winnings (for the round's aggregate payout), in cents
    paid_cents: int = 0
    #: (wager key, stake, net result) of each placed wager, for the totals
    wagers: tuple[tuple[str, Decimal, Decimal], ...] = ()


UNSURE = Verdict(clean=False)  # the representative could not be judged: the exact path


def seat_sums(seat: ParsedSeat) -> tuple[tuple[str, Decimal, Decimal], ...]:
    """(key, stake, net result) of each placed wager; a main wager settled on hands nets
    their results.  What the totals add up, on both paths."""
    results = dict(seat.results)
    if seat.hands is not None:
        results["main"] = sum((h.result for h in seat.hands), ZERO)
    return tuple((key, stake, results.get(key, ZERO)) for key, stake in seat.wagers.items())


def counted_sums(game: str, seat: ParsedSeat) -> tuple[tuple[str, Decimal, Decimal], ...]:
    """:func:`seat_sums` of the wagers the game has: a key that is not one of its wagers
    is a finding (``unknown_wager``) and is counted in no total, so no line can make a row
    of totals per key it invents."""
    definition = GAMES.get(game)
    known = definition.wagers if definition is not None else ()
    return tuple(s for s in seat_sums(seat) if s[0] in known)


def judge_seat(
    raw: bytes,
    line: int,
    seat_number: int,
    rules: GameRules,
    check: Check,
    paid: Callable[[ParsedSeat], Decimal],
    round_level: frozenset[str] = frozenset(),
) -> Verdict | None:
    """The verdict on one seat of a round, judged alone against the round's dealer; None
    when the line does not parse (something else in it is wrong: no verdict for the seat).

    ``round_level``: finding codes the screen checks for the whole round in columns, which
    a seat judged alone cannot be judged on."""
    try:
        parsed = parse_line(raw, line)
    except Rejected:
        return None
    seat = next(s for s in parsed.seats if s.number == seat_number)
    found = [f for f in check(replace(parsed, seats=[seat]), rules)
             if f.code not in round_level]  # fmt: skip
    won = paid(seat)
    cents = won * 100
    if found or cents != cents.to_integral_value():
        return Verdict(clean=False)
    return Verdict(True, int(cents), tuple(map(_same_wager, seat_sums(seat))))


_WAGERS: dict[tuple, tuple] = {}


def _same_wager(wager: tuple) -> tuple:
    """One object for each (wager key, stake, net result), so that the fast path adds up
    every seat with the same wager and result at once (its ``close``)."""
    if len(_WAGERS) >= 100_000:
        _WAGERS.clear()
    return _WAGERS.setdefault(wager, wager)


class Verdicts:
    """Class key -> the number of its :class:`Verdict`, for one screen.

    Every verdict given has a number, its place in :attr:`given` (0 is :data:`UNSURE`);
    :attr:`clean` and :attr:`paid_cents` hold the same per number as arrays, so that a whole
    batch's seats are looked up at once.  A class left unsure is asked again next time.  Once
    ``most`` verdicts are given (:attr:`full`), the screen starts a new one (numbers already
    handed out keep naming the same verdicts in this one)."""

    def __init__(self, most: int = 200_000):
        self._number: dict = {}
        self.most = most
        self.given: list[Verdict] = [UNSURE]
        self.clean = np.zeros(1, bool)
        self.paid_cents = np.zeros(1, np.int64)

    @property
    def full(self) -> bool:
        return len(self.given) >= self.most

    def of(self, keys: np.ndarray, judge: Callable[[int], Verdict | None]):
        """``(inverse, numbers)``: each seat's class as an index into ``numbers``, the verdict
        number of each class (``numbers[inverse]`` is each seat's); ``judge(i)`` judges the
        seat at position ``i`` of ``keys`` (a class not yet known).  ``keys``: one int64 per
        seat, or a row of them."""
        if keys.ndim == 2:
            first, inverse = factorize_rows(keys)
            unique = list(map(tuple, keys[first].tolist()))
        else:
            first, inverse = factorize(keys)
            unique = keys[first].tolist()
        known = self._number.get
        found = np.fromiter(map(known, unique, repeat(-1)), np.int64, len(unique))
        unknown = np.flatnonzero(found < 0).tolist()
        if unknown:
            try:
                for at in unknown:
                    found[at] = self._judged(unique[at], judge(int(first[at])))
            finally:  # a judge that raises leaves the verdicts given so far in the arrays too
                self._grow()
        return inverse.reshape(-1), found

    def _judged(self, key, verdict: Verdict | None) -> int:
        if verdict is None:
            return 0  # UNSURE, not remembered: another seat of the class may tell
        self.given.append(verdict)
        self._number[key] = len(self.given) - 1
        return len(self.given) - 1

    def _grow(self) -> None:
        new = self.given[len(self.clean) :]
        if new:
            clean = np.array([v.clean for v in new], bool)
            self.clean = np.concatenate([self.clean, clean])
            paid = np.array([v.paid_cents for v in new], np.int64)
            self.paid_cents = np.concatenate([self.paid_cents, paid])
