"""The blackjack family's settlement (ante-up-21, blackjack-tie-bonus): one for everyone.

A game describes what is its own in a :class:`FamilyGame` (how a seat is settled, which
wagers do not depend on the seat's hands, its wager-structure rules, what makes the dealer
complete his hand); :func:`settle_family` settles a round with it, once, for the checks and
the round view alike.

The hand log (docs/handlog-format.md, "Games of the blackjack family") gives a seat's first
two cards and its final hands; hand *i* begins with the card it was split from.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from games.engine.blackjack import MAIN_PAYS, PlayerHand
from games.engine.blackjack_play import analyse_hands
from games.engine.defined.evaluate import defined_settle
from games.engine.odds import settle_amount
from games.engine.parameters import ParameterError
from games.engine.results import WagerResult
from games.engine.sources import Source

from ...context import GameRules
from ...findings import Finding
from ...parse import ParsedRound, ParsedSeat
from ...settlement import RoundSettlement, SeatSettlement

ZERO = Decimal(0)
Hands = tuple[PlayerHand, ...]


@dataclass(frozen=True)
class FamilyGame:
    """What one game of the family adds to the shared settlement and checks.

    ``settle(engine, parsed, seat, hands, rules)``: the engine's results for every
    placed wager of the seat, the main wager of each hand first (key ``"main"``).
    ``wager_findings(engine, parsed, seat)``: the game's wager-structure findings.
    ``hand_free_keys(engine, seat)``: wagers whose settlement does not depend on
    the seat's hands (judged even when the hands are missing or inconsistent).
    ``completes_dealer(engine, parsed)``: the rule that makes the dealer complete
    his hand even with no live blackjack hand (Ante Up's poker bets), or None.
    """

    deal_source: Source
    settle: Callable[[Any, ParsedRound, ParsedSeat, Hands, GameRules], list[WagerResult]]
    wager_findings: Callable[[Any, ParsedRound, ParsedSeat], list[Finding]]
    hand_free_keys: Callable[[Any, ParsedSeat], frozenset[str]]
    completes_dealer: Callable[[Any, ParsedRound], Source | None] = lambda engine, parsed: None


def game_variant(parsed: ParsedRound, rules: GameRules) -> tuple[Any, str]:
    """The engine with the round's options that name rule parameters applied, or ``(None,
    why)`` when the engine refuses them (they are approved upstream; this is reported)."""
    try:
        return rules.engine.variant(parsed.options), ""
    except ParameterError as exc:
        return None, str(exc)


def recorded_hands(seat: ParsedSeat, engine: Any) -> Hands | None:
    """The seat's final hands as the engine takes them.

    Without recorded hands, a seat with no main wager holds its two first cards
    (it played no blackjack hand); one with a main wager has unknown hands (None).
    A surrender is not a field of the log: where the rule version allows late
    surrender, a lone undoubled two-card hand recorded at minus the surrender
    amount is read as surrendered (no other outcome settles at -1/2).
    """
    if not seat.hands:
        return None if "main" in seat.wagers else (PlayerHand(seat.cards),)
    stake = seat.wagers.get("main", ZERO)
    surrender_net = settle_amount(stake, MAIN_PAYS["surrender"], engine.rounding)
    late = engine.params.get("surrender") == "late"
    single = len(seat.hands) == 1
    return tuple(
        PlayerHand(
            h.cards,
            h.doubled,
            late
            and single
            and stake > 0
            and len(h.cards) == 2
            and not h.doubled
            and h.result == surrender_net,
        )
        for h in seat.hands
    )


def settle_family(parsed: ParsedRound, rules: GameRules, game: FamilyGame) -> RoundSettlement:
    """Every seat dealt two first cards, against the dealer's hand.

    Hands that are missing or do not follow from the cards dealt are not settled: the
    seat is settled on its first two cards and only the wagers that do not depend on its
    hands are judged.
    """
    engine, _ = game_variant(parsed, rules)
    settlement = RoundSettlement(engine=engine)
    if engine is None:
        return settlement
    settlement.hands = {seat.number: recorded_hands(seat, engine) for seat in parsed.seats}
    if len(parsed.dealer_cards) < 2:
        return settlement  # no dealer hand to play or settle against
    for seat in parsed.seats:
        if len(seat.cards) == 2:
            settlement.seats[seat.number] = _seat(parsed, seat, rules, engine, game, settlement)
    return settlement


def _seat(parsed, seat: ParsedSeat, rules, engine, game: FamilyGame, settlement) -> SeatSettlement:
    hands = settlement.hands[seat.number]
    known, violations = hands is not None, []
    if known and seat.hands:
        analysis = analyse_hands(engine, seat.cards, hands)
        violations, known = list(analysis.violations), analysis.consistent
    settled_hands = hands if known else (PlayerHand(seat.cards),)
    results = game.settle(engine, parsed, seat, settled_hands, rules)
    defined = defined_results(parsed, seat, rules, engine.rounding)
    if known:
        judged = None if seat.hands and "main" in seat.wagers else _all_but_main(results)
    else:  # a defined side wager reads the first cards and the up card, never the hands
        judged = game.hand_free_keys(engine, seat) | {r.key for r in defined}
    return SeatSettlement(seat.number, results + defined, judged, violations)


def defined_results(parsed: ParsedRound, seat: ParsedSeat, rules, rounding: str) -> list:
    """The seat's side wagers the rule version defines as data, settled by the engine's one
    evaluator on the cards each reads (a wager with no approved paytable is not settled)."""
    found = []
    if not rules.defined:  # most rule versions define none: nothing to look up per wager
        return found
    for key, stake in seat.wagers.items():
        definition = rules.defined.get(key)
        if definition is None or key not in rules.paytables:
            continue
        cards = defined_cards(definition.reads, seat.cards, parsed.dealer_cards)
        if cards is not None:
            found.append(defined_settle(definition, rules.paytables[key], cards, stake, rounding))
    return found


def defined_cards(reads: str, first_two, dealer_cards) -> list[int] | None:
    """The cards a defined wager reads in the family's log: the seat's first two cards and
    the dealer's up card (``dealer.cards`` begins with it; docs/handlog-format.md)."""
    if reads == "first_two":
        return list(first_two)
    if reads == "first_two_and_up" and dealer_cards:
        return [*first_two, dealer_cards[0]]
    return None  # the family logs no player's third card before play


def _all_but_main(results: list[WagerResult]) -> frozenset[str]:
    """The main wager is judged on recorded hands only."""
    return frozenset(r.key for r in results if r.key != "main")
