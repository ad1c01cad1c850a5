"""One parsed round against the rules in force: the findings of every check."""

from __future__ import annotations

from collections.abc import Callable

from .checks_toss_one import check_toss_one
from .context import GameRules
from .findings import Finding
from .parse import ParsedRound

RoundCheck = Callable[[ParsedRound, GameRules], list[Finding]]

CHECKS: dict[str, RoundCheck] = {"toss-one-21": check_toss_one}


def register(game: str, check: RoundCheck) -> None:
    CHECKS[game] = check


def check_round(parsed: ParsedRound, rules: GameRules) -> list[Finding]:
    """Every finding of a round whose rules are in force (approval already checked)."""
    return CHECKS[rules.game](parsed, rules)
