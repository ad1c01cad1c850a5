"""The tie bonus game: the family's settlement and checks with the tie wagers
(:mod:`.checks`), its screen (:mod:`.screen`), together its ``GAME`` in the table of games
(:mod:`audits.validation.games`)."""

from functools import partial

from games.engine.tie_bonus_rules import GAME as CODE

from ..blackjack.checks import check_family
from ..blackjack.settle import settle_family
from ..validated_game import ValidatedGame
from .checks import TIE_BONUS
from .screen import TieBonusScreen

GAME = ValidatedGame(
    CODE,
    partial(settle_family, game=TIE_BONUS),
    partial(check_family, game=TIE_BONUS),
    TieBonusScreen,
)
