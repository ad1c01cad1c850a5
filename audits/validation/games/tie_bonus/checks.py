"""Blackjack with tie bonus wagers: the blackjack-family checks plus the tie wagers.

Wager keys: ``main`` (settled on the hands), ``insurance``, ``tie_17``,
``tie_18``, ``tie_19``, ``tie_left`` (LS), ``tie_20``, ``tie_21``,
``tie_blackjack``, ``tie_right`` (RS).  After a split only the first hand
decides the tie wagers (play 8).  The game's ``GAME`` (this folder's ``__init__``, in the
table of games :mod:`audits.validation.games`) settles and checks a round with
:data:`TIE_BONUS`.
"""

from __future__ import annotations

from decimal import Decimal

from games.engine import tie_bonus_rules as R
from games.engine.results import WagerResult
from games.engine.tie_bonus import TieBonusBlackjack

from ...context import GameRules
from ...findings import Finding
from ...parse import ParsedRound, ParsedSeat
from ..blackjack.checks import violation_finding
from ..blackjack.settle import FamilyGame, Hands

ZERO = Decimal(0)
HAND_FREE = frozenset({"insurance"})


def _settle(
    engine: TieBonusBlackjack,
    parsed: ParsedRound,
    seat: ParsedSeat,
    hands: Hands,
    rules: GameRules,
) -> list[WagerResult]:
    return engine.settle_seat(seat.cards, hands, parsed.dealer_cards, seat.wagers, rules.paytables)


def _amounts(code: str, wagers: dict[str, Decimal]):
    """(expected, recorded) for the violations that compare two amounts."""
    main = wagers.get("main", ZERO)
    left = sum((wagers.get(k, ZERO) for k in R.LEFT), ZERO)
    right = sum((wagers.get(k, ZERO) for k in R.RIGHT), ZERO)
    return {
        "left_side_above_half": (main / 2, left),
        "right_side_above_half": (main / 2, right),
        "bonus_above_primary": (main, left + right),
        "insurance_above_half": (main / 2, wagers.get("insurance", ZERO)),
    }.get(code, (None, None))


def _wager_findings(
    engine: TieBonusBlackjack, parsed: ParsedRound, seat: ParsedSeat
) -> list[Finding]:
    violations = engine.wager_violations(seat.wagers, parsed.dealer_cards[0])
    return [
        violation_finding(parsed, seat.number, v, "", *_amounts(v.code, seat.wagers))
        for v in violations
    ]


TIE_BONUS = FamilyGame(
    deal_source=R.R_DEAL,
    settle=_settle,
    wager_findings=_wager_findings,
    hand_free_keys=lambda engine, seat: HAND_FREE,
)
