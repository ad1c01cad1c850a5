"""Ante Up 21: the family's settlement and checks with the poker wagers (:mod:`.checks`),
its screen (:mod:`.screen`), together its ``GAME`` in the table of games
(:mod:`audits.validation.games`)."""

from functools import partial

from games.engine.ante_up_rules import GAME as CODE

from ..blackjack.checks import check_family
from ..blackjack.settle import settle_family
from ..validated_game import ValidatedGame
from .checks import ANTE_UP
from .screen import AnteUpScreen

GAME = ValidatedGame(
    CODE, partial(settle_family, game=ANTE_UP), partial(check_family, game=ANTE_UP), AnteUpScreen
)
