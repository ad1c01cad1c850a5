"""The table of games validation knows: adding a game is one entry here.

Each entry names, for a game code of the hand logs:

- ``engine``: the engine class, built from a rule version's parameters
  (:func:`audits.services.rules_context.engine_for`);
- ``settle``: the game's one settlement of a round (:mod:`.settle`), which the checks, the
  round view and the sample generator all read;
- ``check``: the game's checks, given the round, the rules in force and its settlement;
- ``screen``: the game's screen (:mod:`.screen`), which counts certainly clean rounds in
  columns (None: every round takes the exact path); built once per process for each rules
  in force, options and shoe size.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

from games.engine.ante_up import AnteUp21
from games.engine.tie_bonus import TieBonusBlackjack
from games.engine.toss_one import TossOne21

from .checks_ante_up import ANTE_UP
from .checks_blackjack import check_family
from .checks_tie_bonus import TIE_BONUS
from .checks_toss_one import check_toss_one
from .context import GameRules
from .findings import Finding
from .parse import ParsedRound
from .screen.ante_up import AnteUpScreen
from .screen.classes import Judge
from .screen.game import GameScreen
from .screen.tie_bonus import TieBonusScreen
from .screen.toss_one import TossOneScreen
from .settle import RoundSettlement, settle_toss_one
from .settle_blackjack import settle_family

Settle = Callable[[ParsedRound, GameRules], RoundSettlement]
Check = Callable[[ParsedRound, GameRules, RoundSettlement], list[Finding]]


@dataclass(frozen=True)
class ValidatedGame:
    code: str
    engine: type
    settle: Settle
    check: Check
    screen: type[GameScreen] | None = None


GAMES: dict[str, ValidatedGame] = {
    game.code: game
    for game in (
        ValidatedGame("toss-one-21", TossOne21, settle_toss_one, check_toss_one, TossOneScreen),
        ValidatedGame(
            "ante-up-21",
            AnteUp21,
            partial(settle_family, game=ANTE_UP),
            partial(check_family, game=ANTE_UP),
            AnteUpScreen,
        ),
        ValidatedGame(
            "blackjack-tie-bonus",
            TieBonusBlackjack,
            partial(settle_family, game=TIE_BONUS),
            partial(check_family, game=TIE_BONUS),
            TieBonusScreen,
        ),
    )
}


def settle_round(parsed: ParsedRound, rules: GameRules) -> RoundSettlement:
    """What the rules in force pay on every wager of the round."""
    return GAMES[rules.game].settle(parsed, rules)


def check_judge(game: ValidatedGame) -> Judge:
    """How the game's screen judges a class's representative: the game's own settlement and
    checks."""
    return Judge(game.settle, game.check)


def check_round(parsed: ParsedRound, rules: GameRules) -> list[Finding]:
    """Every finding of a round whose rules are in force (approval already checked)."""
    game = GAMES[rules.game]
    return game.check(parsed, rules, game.settle(parsed, rules))
