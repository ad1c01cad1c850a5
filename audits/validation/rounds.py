"""One parsed round against the rules in force: the findings of every check."""

from __future__ import annotations

from collections.abc import Callable

from .checks_ante_up import check_ante_up
from .checks_tie_bonus import check_tie_bonus
from .checks_toss_one import check_toss_one
from .context import GameRules
from .findings import Finding
from .parse import ParsedRound

RoundCheck = Callable[[ParsedRound, GameRules], list[Finding]]

CHECKS: dict[str, RoundCheck] = {
    "toss-one-21": check_toss_one,
    "ante-up-21": check_ante_up,
    "blackjack-tie-bonus": check_tie_bonus,
}


def check_round(parsed: ParsedRound, rules: GameRules) -> list[Finding]:
    """Every finding of a round whose rules are in force (approval already checked)."""
    return CHECKS[rules.game](parsed, rules)
