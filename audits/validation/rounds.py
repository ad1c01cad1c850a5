"""One parsed round against the rules in force: the findings of every check."""

from __future__ import annotations

from collections.abc import Callable

from .checks_ante_up import check_ante_up
from .checks_tie_bonus import check_tie_bonus
from .checks_toss_one import check_toss_one
from .context import GameRules
from .findings import Finding
from .parse import ParsedRound
from .quick import QuickRound
from .screen_toss_one import TossOneScreen

RoundCheck = Callable[[ParsedRound, GameRules], list[Finding]]

CHECKS: dict[str, RoundCheck] = {
    "toss-one-21": check_toss_one,
    "ante-up-21": check_ante_up,
    "blackjack-tie-bonus": check_tie_bonus,
}


#: Per game, the fast path's screen for certainly clean rounds (see :mod:`.quick`);
#: a game without one takes the full path for every round.
SCREENS: dict[str, Callable[[GameRules], Callable[[QuickRound], bool]]] = {
    "toss-one-21": TossOneScreen,
}


def screen_for(rules: GameRules) -> Callable[[QuickRound], bool] | None:
    """The game's screen built for ``rules`` (once per rules), or None."""
    if rules.screen is None and rules.game in SCREENS:
        rules.screen = SCREENS[rules.game](rules)
    return rules.screen


def check_round(parsed: ParsedRound, rules: GameRules) -> list[Finding]:
    """Every finding of a round whose rules are in force (approval already checked)."""
    return CHECKS[rules.game](parsed, rules)
