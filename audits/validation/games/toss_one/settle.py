"""Toss One 21's settlement: every seat of four cards against the dealer's four, through the
engine's tables (:class:`~games.engine.toss_one_tables.TossOneTables`)."""

from __future__ import annotations

from collections.abc import Iterable

from games.engine.cards import CARD_INDEX

from ...context import GameRules
from ...parse import ParsedRound
from ...settlement import RoundSettlement, SeatSettlement


def toss_index(cards: Iterable[int], code: str | None) -> int | None:
    """Index of the tossed card among the four, or None when absent or not held."""
    cards = tuple(cards)
    if code is None:
        return None
    card = CARD_INDEX[code]
    return cards.index(card) if card in cards else None


def settle_toss_one(parsed: ParsedRound, rules: GameRules) -> RoundSettlement:
    """Every seat of four cards against the dealer's four, as tossed when the toss is right."""
    settlement = RoundSettlement(engine=rules.engine)
    if len(parsed.dealer_cards) != 4:
        return settlement  # no dealer hand to settle against
    blackjack_pays = parsed.options.get("blackjack_pays", "3:2")
    for seat in parsed.seats:
        if len(seat.cards) != 4:
            continue
        wagers = {k: v for k, v in seat.wagers.items() if k == "main" or k in rules.paytables}
        results = rules.engine.settle_seat(
            seat.cards, parsed.dealer_cards, wagers, blackjack_pays, rules.paytables,
            toss_index(seat.cards, seat.toss),
        )  # fmt: skip
        settlement.seats[seat.number] = SeatSettlement(seat.number, results)
    return settlement
