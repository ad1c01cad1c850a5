"""What the rules pay on each wager of a round: the expected side of the round view.

The checks compare these same engine results with the recorded ones and keep
only the differences (findings); the round view shows both sides, every wager.
A seat the engine cannot settle (wrong card count, hands missing) has no
expected results; its findings say why.
"""

from __future__ import annotations

from decimal import Decimal

from games.engine.results import WagerResult

from .checks_ante_up import ANTE_UP
from .checks_blackjack import FamilyGame, game_variant, recorded_hands
from .checks_tie_bonus import TIE_BONUS
from .checks_toss_one import toss_index
from .context import GameRules
from .parse import ParsedRound, ParsedSeat

FAMILY: dict[str, FamilyGame] = {"ante-up-21": ANTE_UP, "blackjack-tie-bonus": TIE_BONUS}


def round_settlement(parsed: ParsedRound, rules: GameRules) -> dict[int, list[WagerResult]]:
    """Seat number -> the engine's result of every placed wager it can settle."""
    if rules.game == "toss-one-21":
        return _toss_one(parsed, rules)
    return _family(parsed, rules, FAMILY[rules.game])


def _toss_one(parsed: ParsedRound, rules: GameRules) -> dict[int, list[WagerResult]]:
    if len(parsed.dealer_cards) != 4:
        return {}
    settled = {}
    for seat in parsed.seats:
        if len(seat.cards) != 4:
            continue
        wagers = {k: v for k, v in seat.wagers.items() if k == "main" or k in rules.paytables}
        settled[seat.number] = rules.engine.settle_seat(
            seat.cards,
            parsed.dealer_cards,
            wagers,
            parsed.options.get("blackjack_pays", "3:2"),
            rules.paytables,
            toss_index(seat.cards, seat.toss),
        )
    return settled


def _family(parsed: ParsedRound, rules: GameRules, game: FamilyGame):
    engine, _ = game_variant(parsed, rules)
    if engine is None or len(parsed.dealer_cards) < 2:
        return {}
    settled = {}
    for seat in parsed.seats:
        if len(seat.cards) != 2:
            continue
        hands = _settled_hands(seat, engine)
        if hands is not None:
            settled[seat.number] = game.settle(engine, parsed, seat, hands, rules)
    return settled


def _settled_hands(seat: ParsedSeat, engine):
    """The recorded hands when they follow from the cards; None when they cannot be judged."""
    hands = recorded_hands(seat, engine)
    if hands is None:
        return None
    if seat.hands and not engine.analyse_hands(seat.cards, hands).consistent:
        return None
    return hands


def recorded_amounts(seat: ParsedSeat) -> dict[str, list[Decimal]]:
    """Wager key -> the recorded results, one per hand for a hand-settled main wager."""
    amounts: dict[str, list[Decimal]] = {k: [v] for k, v in seat.results.items()}
    if seat.hands:
        amounts["main"] = [h.result for h in seat.hands]
    return amounts
