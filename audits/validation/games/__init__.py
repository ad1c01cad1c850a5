"""The table of games validation knows: adding a game is one entry here.

Each entry names, for a game code of the hand logs:

- ``settle``: the game's one settlement of a round (its folder's ``settle``), which the
  checks, the round view and the sample generator all read;
- ``check``: the game's checks, given the round, the rules in force and its settlement;
- ``screen``: the game's screen (its folder's ``screen``, on :mod:`audits.validation.screen`),
  which counts certainly clean rounds in columns (None: every round takes the exact path);
  built once per process for each rules in force, options and shoe size.

Each game lives in a folder of its own here (``toss_one/``, and ``ante_up/`` and
``tie_bonus/`` on the blackjack family's ``blackjack/``); its engine class is named once, in
the engine's catalog (``engine``: :data:`games.engine.catalog.GAMES`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

from games.engine import catalog

from ..context import GameRules
from ..findings import Finding
from ..parse import ParsedRound
from ..screen.classes import Judge
from ..screen.game import GameScreen
from ..settlement import RoundSettlement
from .ante_up.checks import ANTE_UP
from .ante_up.screen import AnteUpScreen
from .blackjack.checks import check_family
from .blackjack.settle import settle_family
from .tie_bonus.checks import TIE_BONUS
from .tie_bonus.screen import TieBonusScreen
from .toss_one.checks import check_toss_one
from .toss_one.screen import TossOneScreen
from .toss_one.settle import settle_toss_one

Settle = Callable[[ParsedRound, GameRules], RoundSettlement]
Check = Callable[[ParsedRound, GameRules, RoundSettlement], list[Finding]]


@dataclass(frozen=True)
class ValidatedGame:
    code: str
    settle: Settle
    check: Check
    screen: type[GameScreen] | None = None

    @property
    def engine(self) -> type:
        """The game's engine class (the engine's catalog names it)."""
        return catalog.GAMES[self.code].engine


GAMES: dict[str, ValidatedGame] = {
    game.code: game
    for game in (
        ValidatedGame("toss-one-21", settle_toss_one, check_toss_one, TossOneScreen),
        ValidatedGame(
            "ante-up-21",
            partial(settle_family, game=ANTE_UP),
            partial(check_family, game=ANTE_UP),
            AnteUpScreen,
        ),
        ValidatedGame(
            "blackjack-tie-bonus",
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
