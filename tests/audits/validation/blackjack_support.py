"""Shared by the round-check tests of the blackjack games (Ante Up 21, blackjack with tie bonus).

Pure helpers: the limits, a round's seats and hands as the hand log writes them,
and :class:`RoundChecks`, which writes one game's example rounds and checks them
(JSON bytes through ``parse_line``, then the game's check function).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal

from audits.validation.context import GameRules, Limit
from audits.validation.findings import CODES, Finding
from audits.validation.parse import ParsedRound, parse_line

D = Decimal
TABLE_MAX = Limit("max_single_wager", D(500), "", "WAC 230-15-140 (table limit)", "table")
TABLE_MIN = Limit("min_single_wager", D(5), "main", "table minimum", "table")
AGGREGATE = Limit("max_aggregate_payout", D(1000), "", "WAC 230-15-141", "aggregate")


def hand(cards: str, result: str, doubled: bool = False) -> dict:
    return {"cards": cards.split(), "doubled": doubled, "result": result}


def seat(number, cards: str, wagers, results, hands=None, poker=None) -> dict:
    data = {"seat": number, "cards": cards.split(), "wagers": wagers, "results": results}
    if hands is not None:
        data["hands"] = hands
    if poker is not None:
        data["poker"] = poker
    return data


def summary(found: list[Finding]) -> list[tuple]:
    return [(f.code, f.seat, f.key, f.expected, f.recorded) for f in found]


@dataclass(frozen=True)
class RoundChecks:
    """One game's example rounds, and its round checks run on them."""

    check_round: Callable[[ParsedRound, GameRules], list[Finding]]
    rules: GameRules  # the rules a round is checked against unless told otherwise
    line: int  # the line number every example round is on
    round_id: str
    table: str
    dealer: str  # the dealer's cards unless told otherwise
    options: dict[str, str]  # the round's options unless told otherwise
    main: str  # the main wager of a lone seat unless told otherwise

    def round_(self, *seats, dealer: str | None = None, decks=6, options=None) -> dict:
        return {
            "v": 1,
            "round": self.round_id,
            "played_at": "2026-11-01T21:14:03-08:00",
            "venue": "WA-CR-0042",
            "table": self.table,
            "game": self.rules.game,
            "options": options or dict(self.options),
            "shoe": {"decks": decks},
            "dealer": {"cards": (self.dealer if dealer is None else dealer).split()},
            "seats": list(seats),
        }

    def one_seat(
        self, dealer: str, cards: str, hands: list, wagers=None, results=None, poker=None
    ) -> dict:
        """A round of seat 1 alone, against the dealer's ``dealer``."""
        wagers = wagers or {"main": self.main}
        return self.round_(seat(1, cards, wagers, results or {}, hands, poker), dealer=dealer)

    def check(self, data: dict, game_rules: GameRules | None = None) -> list[Finding]:
        parsed = parse_line(json.dumps(data).encode(), self.line)
        return self.check_round(parsed, self.rules if game_rules is None else game_rules)

    def only(self, found: list[Finding]) -> Finding:
        assert len(found) == 1, summary(found)
        finding = found[0]
        assert finding.line == self.line and finding.round == self.round_id
        assert finding.code in CODES and finding.message and finding.rule
        return finding
