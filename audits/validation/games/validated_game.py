"""What validation knows of one game (:class:`ValidatedGame`): each game's folder here
exports its own as ``GAME`` (``audits/validation/games/<game>/__init__.py``), and the table
of games (:mod:`audits.validation.games`) finds it there by the engine catalog's code."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from games.engine import catalog

from ..context import GameRules
from ..findings import Finding
from ..parse import ParsedRound
from ..screen.game import GameScreen
from ..settlement import RoundSettlement

Settle = Callable[[ParsedRound, GameRules], RoundSettlement]
Check = Callable[[ParsedRound, GameRules, RoundSettlement], list[Finding]]


@dataclass(frozen=True)
class ValidatedGame:
    """A game code of the hand logs (the engine's, :data:`games.engine.catalog.GAMES`) and:

    - ``settle``: the game's one settlement of a round (its folder's ``settle``), which the
      checks, the round view and the sample generator all read;
    - ``check``: the game's checks, given the round, the rules in force and its settlement;
    - ``screen``: the game's screen (its folder's ``screen``, on
      :mod:`audits.validation.screen`), which counts certainly clean rounds in columns
      (None: every round takes the exact path); built once per process for each rules in
      force, options and shoe size.
    """

    code: str
    settle: Settle
    check: Check
    screen: type[GameScreen] | None = None

    @property
    def engine(self) -> type:
        """The game's engine class (the engine's catalog names it)."""
        return catalog.GAMES[self.code].engine
