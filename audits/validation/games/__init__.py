"""The games validation knows, by code (:data:`GAMES`), and a round settled and checked by
its game.

Each game lives in a folder of its own here, the one the engine's catalog names for it
(:data:`games.engine.catalog.GAMES`, ``module``): ``toss_one/``, and ``ante_up/`` and
``tie_bonus/`` on the blackjack family's ``blackjack/`` (which is no game and is never looked
up).  The folder exports the game's :class:`~.validated_game.ValidatedGame` as ``GAME``: its
settlement, checks and screen.  No list here names the games: :data:`GAMES` holds every game
of the catalog, in its order, each from its folder (a game without one fails on import), so
adding a game is its entry in the catalog and its folder here.
"""

from __future__ import annotations

from importlib import import_module

from games.engine import catalog

from ..context import GameRules
from ..findings import Finding
from ..parse import ParsedRound
from ..screen.classes import Judge
from ..settlement import RoundSettlement
from .validated_game import ValidatedGame

__all__ = ["GAMES", "ValidatedGame", "check_judge", "check_round", "settle_round"]


def _folder_game(definition: catalog.GameDefinition) -> ValidatedGame:
    """The ``GAME`` of the game's folder here (the folder the catalog names)."""
    folder = f"{__name__}.{definition.module}"
    game = import_module(folder).GAME
    if game.code != definition.code:
        raise ImportError(f"{folder}.GAME is {game.code}'s, not {definition.code}'s")
    return game


#: every game of the engine's catalog, by code, from its own folder
GAMES: dict[str, ValidatedGame] = {
    code: _folder_game(definition) for code, definition in catalog.GAMES.items()
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
