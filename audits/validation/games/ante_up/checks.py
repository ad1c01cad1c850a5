"""Ante Up 21 rounds: the blackjack-family checks plus the poker and Poker Bonus wagers.

A seat's ``"poker"`` field is the poker decision (``"bet"`` or ``"fold"``); its
``bet`` wager is absent when the player folded.  Wager keys: ``main`` (the 21
spot, settled on the hands), ``ante``, ``bet``, ``poker_bonus``, ``insurance``.
The game's ``GAME`` (this folder's ``__init__``, in the table of games
:mod:`audits.validation.games`) settles and checks a round with :data:`ANTE_UP`.
"""

from __future__ import annotations

from decimal import Decimal

from games.engine.ante_up import AnteUp21
from games.engine.ante_up_rules import R_DECIDE
from games.engine.ante_up_wagers import wager_violations
from games.engine.results import WagerResult
from games.engine.sources import Source

from ...context import GameRules
from ...findings import Finding
from ...parse import ParsedRound, ParsedSeat
from ..blackjack.checks import violation_finding
from ..blackjack.settle import FamilyGame, Hands

ZERO = Decimal(0)
DECISIONS = ("bet", "fold")


def poker_decision(seat: ParsedSeat) -> str | None:
    """The recorded decision, or None (the engine then infers it from the BET)."""
    return seat.poker if seat.poker in DECISIONS else None


def played_poker(seat: ParsedSeat) -> bool:
    """An ANTE whose poker hand was bet, not folded (as the engine settles it)."""
    if not seat.wagers.get("ante"):
        return False
    decision = poker_decision(seat) or ("bet" if seat.wagers.get("bet") else "fold")
    return decision == "bet"


def _settle(
    engine: AnteUp21, parsed: ParsedRound, seat: ParsedSeat, hands: Hands, rules: GameRules
) -> list[WagerResult]:
    return engine.settle_seat(
        seat.cards,
        hands,
        parsed.dealer_cards,
        seat.wagers,
        poker_decision(seat),
        rules.paytables,
    )


def _amounts(code: str, wagers: dict[str, Decimal], engine: AnteUp21):
    """(expected, recorded) for the violations that compare two amounts."""
    stake = lambda key: wagers.get(key, ZERO)  # noqa: E731
    return {
        "ante_above_21": (stake("main"), stake("ante")),
        "bet_not_equal_ante": (stake("ante"), stake("bet")),
        "poker_bonus_not_fixed_stake": (engine.poker_bonus_stake, stake("poker_bonus")),
        "insurance_above_half": (stake("main") / 2, stake("insurance")),
    }.get(code, (None, None))


def _wager_findings(engine: AnteUp21, parsed: ParsedRound, seat: ParsedSeat) -> list[Finding]:
    violations = wager_violations(engine, seat.wagers, poker_decision(seat), parsed.dealer_cards[0])
    return [
        violation_finding(parsed, seat.number, v, "", *_amounts(v.code, seat.wagers, engine))
        for v in violations
    ]


def _hand_free_keys(engine: AnteUp21, seat: ParsedSeat) -> frozenset[str]:
    """Poker Bonus (first two cards and the up card) and insurance never need the hands;
    the ANTE and BET need them only when a played poker hand is the best two of the hand."""
    if played_poker(seat) and engine.best_two_of_hand:
        return frozenset({"poker_bonus", "insurance"})
    return frozenset({"ante", "bet", "poker_bonus", "insurance"})


def _completes_dealer(engine: AnteUp21, parsed: ParsedRound) -> Source | None:
    """PLAY 21 5: any poker BET makes the dealer complete his hand."""
    if any(played_poker(seat) for seat in parsed.seats):
        return engine.dealer_completion_source(True)
    return None


ANTE_UP = FamilyGame(
    deal_source=R_DECIDE,
    settle=_settle,
    wager_findings=_wager_findings,
    hand_free_keys=_hand_free_keys,
    completes_dealer=_completes_dealer,
)
