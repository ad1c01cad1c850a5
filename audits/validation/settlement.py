"""What the approved rules pay on every wager of a round: one settlement, read by everyone.

A game's ``settle`` (in the table of games, :mod:`.games`) turns a parsed round and the rules
in force into a :class:`RoundSettlement`. The checks compare it with what was recorded (and
report the differences), the round view shows it beside what was recorded, and validation's
screen and the sample generator use the same engine arithmetic; nothing else settles.

A seat is settled when it can be: Toss One 21 needs four cards for the dealer and the seat;
the blackjack family two first cards, and hands that follow from them for the main wager
(wagers that do not depend on the hands are still judged: :attr:`SeatSettlement.judged`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from games.engine.results import WagerResult


@dataclass
class SeatSettlement:
    """The engine's result of every wager of a seat it can settle."""

    number: int
    #: every placed wager the engine settles; a hand-settled main wager has one per hand
    results: list[WagerResult]
    #: the keys whose results may be judged; None: every one (a seat whose hands are unknown
    #: or do not follow from its cards keeps only the wagers that do not depend on them)
    judged: frozenset[str] | None = None
    #: the player's actions the rules forbid (the blackjack family), from the same analysis
    violations: list = field(default_factory=list)

    def judged_results(self) -> list[WagerResult]:
        if self.judged is None:
            return list(self.results)
        return [r for r in self.results if r.key in self.judged]

    def expected(self) -> dict[str, list[WagerResult]]:
        """Key -> the results a reader is shown and a check compares (main: one per hand)."""
        shown: dict[str, list[WagerResult]] = {}
        for result in self.judged_results():
            shown.setdefault(result.key, []).append(result)
        return shown


@dataclass
class RoundSettlement:
    seats: dict[int, SeatSettlement] = field(default_factory=dict)
    #: the engine with the round's options applied (the blackjack family), None if refused
    engine: Any = None
    #: the blackjack family: each seat's hands as the engine reads them (None: unknown)
    hands: dict[int, Any] = field(default_factory=dict)

    def seat(self, number: int) -> SeatSettlement | None:
        return self.seats.get(number)
