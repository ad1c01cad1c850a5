"""Toss One 21: its settlement (:mod:`.settle`), checks (:mod:`.checks`) and screen
(:mod:`.screen`), together its ``GAME`` in the table of games (:mod:`audits.validation.games`)."""

from games.engine.toss_one_rules import GAME as CODE

from ..validated_game import ValidatedGame
from .checks import check_toss_one
from .screen import TossOneScreen
from .settle import settle_toss_one

GAME = ValidatedGame(CODE, settle_toss_one, check_toss_one, TossOneScreen)
