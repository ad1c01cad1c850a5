"""Rounds of the blackjack family (ante-up-21, blackjack-tie-bonus): the checks they share.

:func:`check_family` reads the round's one settlement (:mod:`.settle`) and runs, in
order: the options against the engine, card counts, the shoe, the dealer's drawing, and per
seat the wager keys, limits, wager structure, the player's actions and every payout. Nothing
here settles a wager.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from typing import Any

from games.engine.blackjack import DealerError, Violation
from games.engine.cards import CARD_CODES
from games.engine.results import WagerResult
from games.engine.sources import Source

from ...checks_common import (
    aggregate_finding,
    key_findings,
    limit_findings,
    payout_finding,
    result_findings,
    shoe_findings,
)
from ...context import GameRules
from ...findings import CODES, Finding, format_rule
from ...parse import ParsedRound, ParsedSeat
from ...settlement import RoundSettlement, SeatSettlement
from .settle import FamilyGame, Hands, game_variant

ZERO = Decimal(0)

#: Engine violation codes whose finding code differs (the rest are the same name).
ENGINE_CODE_ALIASES: dict[str, str] = {}

# -- the driver ------------------------------------------------------------------------------


def check_family(
    parsed: ParsedRound, rules: GameRules, settled: RoundSettlement, game: FamilyGame
) -> list[Finding]:
    """Every finding of one round of a blackjack-family game, from its settlement."""
    engine = settled.engine
    if engine is None:
        _, why = game_variant(parsed, rules)
        message = f"the options {parsed.options} are not a variant of the rules: {why}"
        refused = ("options_not_approved", message, rules.rule_version)
        return [Finding(parsed.line, parsed.round, *refused)]
    found = card_count_findings(parsed, engine, game.deal_source)
    found += shoe_findings(parsed, rules, round_cards(parsed))
    if len(parsed.dealer_cards) < 2:
        return found  # no dealer hand to play or settle against
    found += dealer_findings(parsed, engine, settled.hands, game.completes_dealer(engine, parsed))
    paid = ZERO
    for seat in parsed.seats:
        found += key_findings(parsed, seat, rules, results_on_hands=True)
        found += hand_results_without_wager(parsed, seat)
        found += limit_findings(parsed, seat, rules)
        found += game.wager_findings(engine, parsed, seat)
        paid += recorded_winnings(seat)
        if settled.seat(seat.number) is not None:
            found += seat_findings(parsed, seat, settled.seat(seat.number))
    aggregate = aggregate_finding(parsed, rules, paid)
    return found + ([aggregate] if aggregate else [])


# -- cards -----------------------------------------------------------------------------------


def round_cards(parsed: ParsedRound) -> list[int]:
    """Every physical card of the round, once: the dealer's, and each seat's hands' cards
    (a seat's first two cards begin its hands), or its first two cards without hands."""
    cards = list(parsed.dealer_cards)
    for seat in parsed.seats:
        if seat.hands:
            cards += [card for hand in seat.hands for card in hand.cards]
        else:
            cards += seat.cards
    return cards


def card_count_findings(parsed: ParsedRound, engine: Any, deal_source: Source) -> list[Finding]:
    """The dealer with fewer than two cards; a seat without exactly two first cards;
    a seat with a main wager but no hands."""
    found = []
    if len(parsed.dealer_cards) < 2:
        found.append(
            Finding(
                parsed.line,
                parsed.round,
                "wrong_card_count",
                f"the dealer has {len(parsed.dealer_cards)} card(s); an up card and a hole "
                "card at least",
                str(deal_source),
            )
        )
    for seat in parsed.seats:
        if len(seat.cards) != 2:
            found.append(
                Finding(
                    parsed.line,
                    parsed.round,
                    "wrong_card_count",
                    f"seat {seat.number} has {len(seat.cards)} first card(s), not 2",
                    str(deal_source),
                    seat.number,
                )
            )
        if "main" in seat.wagers and not seat.hands:
            found.append(
                Finding(
                    parsed.line,
                    parsed.round,
                    "wrong_card_count",
                    f"seat {seat.number} wagered main {seat.wagers['main']} but records no "
                    "hands (seats[].hands is absent or empty)",
                    str(engine.sources.hands),
                    seat.number,
                    "main",
                )
            )
    return found


# -- the dealer ------------------------------------------------------------------------------


def dealer_findings(
    parsed: ParsedRound,
    engine: Any,
    hands: dict[int, Hands | None],
    completes: Source | None = None,
) -> list[Finding]:
    """The dealer's first draw or stand against the drawing rule.

    The dealer completes his hand when any seat with a main wager has a live hand
    (the engine's dealer_must_complete over the whole round), or when
    ``completes`` (a game rule such as Ante Up's poker bets) says so.  When no
    known hand is live but some seat's hands are unknown, the check is skipped.
    """
    known, unknown = [], False
    for seat in parsed.seats:
        if "main" not in seat.wagers:
            continue
        if seat.hands:
            known.append(hands[seat.number])
        else:
            unknown = True
    live = engine.dealer_must_complete(known)
    must = live or completes is not None
    if not must and unknown:
        return []
    error = engine.check_dealer(parsed.dealer_cards, must)
    if error is None:
        return []
    if error.drew and not must:
        return _needless_draw(parsed, engine, error)
    source = error.source
    if not error.drew and not live and completes is not None:
        source = completes
    return [
        Finding(
            parsed.line,
            parsed.round,
            "dealer_drew_wrongly",
            dealer_message(parsed.dealer_cards, error, must),
            str(source),
        )
    ]


def _needless_draw(parsed: ParsedRound, engine: Any, error: DealerError) -> list[Finding]:
    """The dealer drew with no hand left to play: no document forbids it and nothing is
    settled by those cards, so only a house procedure (a rule-version parameter) makes it a
    finding, a warning."""
    if engine.params["dealer_draw_with_no_live_hand"] != "house_procedure":
        return []
    drawn = " ".join(CARD_CODES[c] for c in parsed.dealer_cards[error.index :])
    held = " ".join(CARD_CODES[c] for c in parsed.dealer_cards[: error.index])
    message = (
        f"the dealer drew {drawn} to {held} though every hand was already bust or paid as a "
        "blackjack; the house procedure is to stand (no settlement changes)"
    )
    source = engine.cite("dealer_draw_with_no_live_hand", "the house procedure: the dealer stands")
    return [Finding(parsed.line, parsed.round, "dealer_drew_needlessly", message, str(source))]


def dealer_message(cards: Sequence[int], error: DealerError, must_complete: bool) -> str:
    held = " ".join(CARD_CODES[c] for c in cards[: error.index])
    total = f"{'soft' if error.soft else 'hard'} {error.total}"
    if not error.drew:
        return f"the dealer stood on {total} ({held}); the rule is to draw"
    drawn = CARD_CODES[cards[error.index]]
    return f"the dealer drew {drawn} to {total} ({held}); the rule is to stand"


# -- a seat ----------------------------------------------------------------------------------


def seat_findings(parsed: ParsedRound, seat: ParsedSeat, settled: SeatSettlement) -> list[Finding]:
    """The player's actions and every judged payout of a seat dealt exactly two cards."""
    found = [violation_finding(parsed, seat.number, v, "main") for v in settled.violations]
    judged = settled.judged_results()
    mains = [r for r in judged if r.key == "main"]
    if mains:
        found += main_payout_findings(parsed, seat, mains)
    return found + result_findings(parsed, seat, [r for r in judged if r.key != "main"])


def main_payout_findings(
    parsed: ParsedRound, seat: ParsedSeat, results: Sequence[WagerResult]
) -> list[Finding]:
    """Each hand's recorded main result against the engine's, hand by hand."""
    found = []
    for index, (hand, result) in enumerate(zip(seat.hands or (), results, strict=False)):
        finding = payout_finding(
            parsed,
            seat.number,
            "main",
            result.net,
            hand.result,
            str(result.source),
            result.outcome,
        )
        if finding:
            finding.message = f"hands[{index}]: {finding.message}"
            found.append(finding)
    return found


def hand_results_without_wager(parsed: ParsedRound, seat: ParsedSeat) -> list[Finding]:
    """A non-zero main result on a hand of a seat that placed no main wager."""
    if "main" in seat.wagers or not seat.hands:
        return []
    return [
        Finding(
            parsed.line,
            parsed.round,
            "result_without_wager",
            f"hands[{index}]: main settled at {hand.result}, but no main wager was placed",
            format_rule("result_without_wager"),
            seat.number,
            "main",
            recorded=hand.result,
        )
        for index, hand in enumerate(seat.hands)
        if hand.result != ZERO
    ]


def recorded_winnings(seat: ParsedSeat) -> Decimal:
    """The seat's positive recorded results: the hands' main results and the other wagers."""
    won = sum((r for k, r in seat.results.items() if k != "main" and r > 0), ZERO)
    return won + sum((h.result for h in seat.hands or () if h.result > 0), ZERO)


def violation_finding(
    parsed: ParsedRound,
    seat: int | None,
    violation: Violation,
    key: str = "",
    expected: Decimal | None = None,
    recorded: Decimal | None = None,
) -> Finding:
    """An engine :class:`Violation` as a finding of the same code (see ENGINE_CODE_ALIASES)."""
    code = ENGINE_CODE_ALIASES.get(violation.code, violation.code)
    if code not in CODES:
        raise LookupError(f"engine violation {violation.code!r} has no finding code")
    message = violation.message
    if violation.hand is not None:
        message = f"hands[{violation.hand}]: {message}"
    return Finding(
        parsed.line,
        parsed.round,
        code,
        message,
        str(violation.source),
        seat,
        violation.wager or key,
        expected=expected,
        recorded=recorded,
    )
