"""Toss One 21 rounds: four cards each, the tosses, the structure, and every payout."""

from __future__ import annotations

from decimal import Decimal

from games.engine.toss_one_rules import R_DEALER_HAND, R_FOUR_CARDS, R_TOSS

from ...checks_common import (
    aggregate_finding,
    key_findings,
    limit_findings,
    result_findings,
    shoe_findings,
)
from ...context import GameRules
from ...findings import Finding
from ...parse import ParsedRound, ParsedSeat
from ...settlement import RoundSettlement, SeatSettlement
from .settle import toss_index

ZERO = Decimal(0)


def check_toss_one(
    parsed: ParsedRound, rules: GameRules, settled: RoundSettlement
) -> list[Finding]:
    """Every finding of a Toss One 21 round, from its settlement (approval already checked)."""
    found = _card_counts(parsed)
    cards = [*parsed.dealer_cards, *(c for s in parsed.seats for c in s.cards)]
    found += shoe_findings(parsed, rules, cards)
    if any(f.code == "wrong_card_count" and f.seat is None for f in found):
        return found  # no dealer hand to settle against
    found += _dealer_toss(parsed, rules)
    paid = ZERO
    for seat in parsed.seats:
        found += key_findings(parsed, seat, rules, results_on_hands=False)
        found += limit_findings(parsed, seat, rules)
        found += [
            Finding(
                parsed.line,
                parsed.round,
                code,
                f"{key} placed without a main bet",
                str(source),
                seat.number,
                key,
            )
            for key, code, source in rules.engine.structure_violations(seat.wagers)
        ]
        if settled.seat(seat.number) is not None:
            found += _seat(parsed, seat, rules, settled.seat(seat.number))
        paid += sum((r for r in seat.results.values() if r > 0), ZERO)
    aggregate = aggregate_finding(parsed, rules, paid)
    return found + ([aggregate] if aggregate else [])


def _card_counts(parsed: ParsedRound) -> list[Finding]:
    found = []
    if len(parsed.dealer_cards) != 4:
        found.append(
            Finding(
                parsed.line,
                parsed.round,
                "wrong_card_count",
                f"the dealer has {len(parsed.dealer_cards)} cards, not 4",
                str(R_FOUR_CARDS),
            )
        )
    for seat in parsed.seats:
        if len(seat.cards) != 4:
            found.append(
                Finding(
                    parsed.line,
                    parsed.round,
                    "wrong_card_count",
                    f"seat {seat.number} has {len(seat.cards)} cards, not 4",
                    str(R_FOUR_CARDS),
                    seat.number,
                )
            )
    return found


def _dealer_toss(parsed: ParsedRound, rules: GameRules) -> list[Finding]:
    cards, code = parsed.dealer_cards, parsed.dealer_toss
    index = toss_index(cards, code)
    if code is not None and index is None:
        return [
            Finding(
                parsed.line,
                parsed.round,
                "toss_not_in_hand",
                f"the dealer's toss {code} is not one of the dealer's cards",
                str(R_DEALER_HAND),
            )
        ]
    if not rules.engine.toss_is_correct(cards, index):
        best = rules.engine.best_hand(cards)
        return [
            Finding(
                parsed.line,
                parsed.round,
                "dealer_wrong_toss",
                f"the dealer tossed {code or 'nothing'}; the best three-card hand "
                f"({best.total or 'bust'}) needs another toss",
                str(R_DEALER_HAND),
            )
        ]
    return []


def _seat(
    parsed: ParsedRound, seat: ParsedSeat, rules: GameRules, settled: SeatSettlement
) -> list[Finding]:
    found = []
    game = rules.engine
    index = toss_index(seat.cards, seat.toss)
    if seat.toss is not None and index is None:
        found.append(
            Finding(
                parsed.line,
                parsed.round,
                "toss_not_in_hand",
                f"toss {seat.toss} is not one of seat {seat.number}'s cards",
                str(R_TOSS),
                seat.number,
            )
        )
    elif not game.toss_is_correct(seat.cards, index):
        found.append(
            Finding(
                parsed.line,
                parsed.round,
                "wrong_toss",
                f"seat {seat.number} tossed {seat.toss or 'nothing'}, which does "
                "not leave the best three-card hand",
                str(R_TOSS),
                seat.number,
            )
        )
    return found + result_findings(parsed, seat, settled.judged_results())
