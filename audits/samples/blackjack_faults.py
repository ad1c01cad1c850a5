"""Deliberate errors in blackjack-family sample rounds, one finding code each.

A fault changes a round at one of three moments, and the round is then settled by the game's
one settlement, so that only the planted error is wrong in it:

- ``force``: the cards the round deals first (a card seven times in a six-deck round);
- ``dealt``: the seats and the dealer after play, before settlement (a wager over the limit,
  a card drawn to a 21, a split of two unlike cards); it answers False when the deal gives
  it nothing to work on, and the round is dealt again;
- ``written``: the record after settlement (a payout one unit off, a result removed).

``options`` and ``decks`` make the round declare what the venue may not run.  Codes that the
demo's rule versions cannot raise are left out and named in :data:`NOT_PLANTED`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal

from games.engine import catalog
from games.engine.blackjack import is_natural
from games.engine.cards import ACE, CARD_CODES, RANK

from .blackjack_play_faults import (
    dealer_stands_short,
    double_split_ace,
    double_two_cards,
    hit_after_21,
    hit_after_bust,
    hit_split_aces,
    split_five_times,
    split_unlike,
)

TEN_OF_SPADES = CARD_CODES.index("TS")

#: Codes these games can raise that the demo does not plant, and why.
NOT_PLANTED = {
    "dealer_drew_needlessly": "a warning only where the rule version names the house "
    "procedure (dealer_draw_with_no_live_hand); the demo's versions do not",
    "aggregate_payout_exceeded": "the demo registry sets no aggregate payout limit",
    "bonus_above_primary": "never alone: tie wagers above the main wager are above half of it "
    "on one side (left_side_above_half or right_side_above_half is planted)",
}


@dataclass(frozen=True)
class Fault:
    code: str
    dealt: Callable[[list[int], list[dict], Callable[[], int]], bool] | None = None
    written: Callable[[dict, str], None] | None = None
    force: Callable[[int], list[int]] | None = None
    options: dict[str, str] | None = None
    decks: int | None = None
    table: str | None = None


# -- helpers ---------------------------------------------------------------------------------


def stake_of(seat: dict, key: str) -> Decimal:
    return Decimal(seat["wagers"].get(key, "0"))


# -- dealt: the wagers -------------------------------------------------------------------------


def set_stake(key: str, amount: Callable[[dict], Decimal | None], when=lambda seat, dealer: True):
    """Seat 1's ``key`` wager set to ``amount(seat)`` (None: removed)."""

    def change(dealer, seats, draw) -> bool:
        seat = seats[0]
        if not when(seat, dealer):
            return False
        value = amount(seat)
        if value is None:
            seat["wagers"].pop(key, None)
        else:
            seat["wagers"][key] = str(value)
        return True

    return change


def both(*changes):
    def change(dealer, seats, draw) -> bool:
        return all(c(dealer, seats, draw) for c in changes)

    return change


def bets(seat, dealer) -> bool:
    return seat.get("poker") == "bet"


def folds(seat, dealer) -> bool:
    return seat.get("poker") == "fold"


def folds_with_bonus(seat, dealer) -> bool:
    return folds(seat, dealer) and "poker_bonus" in seat["wagers"]


def up_ace(seat, dealer) -> bool:
    return RANK[dealer[0]] == ACE and not is_natural(dealer)


def _up_not_ace(seat, dealer) -> bool:
    return RANK[dealer[0]] != ACE


def no_tie_wagers(side: tuple[str, ...]):
    def change(dealer, seats, draw) -> bool:
        for key in side:
            seats[0]["wagers"].pop(key, None)
        return True

    return change


half_main = lambda seat: stake_of(seat, "main") / 2  # noqa: E731


# -- written: the record -----------------------------------------------------------------------


def _bump_hand(by: Decimal):
    def change(record: dict, previous: str) -> None:
        hand = record["seats"][0]["hands"][0]
        hand["result"] = str(Decimal(hand["result"]) + by)

    return change


def _extra_wager(record: dict, previous: str) -> None:
    seat = record["seats"][0]
    seat["wagers"]["lucky3"] = "5"
    seat["results"]["lucky3"] = "-5"


def _drop_result(record: dict, previous: str) -> None:
    seat = record["seats"][0]
    seat["results"].pop(next(iter(seat["results"])))


def _has_side_result(dealer, seats, draw) -> bool:
    return any(k != "main" for k in seats[0]["wagers"])


def _result_without_wager(record: dict, previous: str) -> None:
    """A result of the game's last side wager the seat did not place (the engine's catalog
    names the game's wagers)."""
    seat = record["seats"][0]
    free = [k for k in catalog.GAMES[record["game"]].wagers if k not in seat["wagers"]]
    seat["results"][free[-1]] = "-1"


def _same_round(record: dict, previous: str) -> None:
    record["round"] = previous


def _first_cards_swapped(record: dict, previous: str) -> None:
    """The seat's first hand begins with another card than the seat was dealt (of the same
    rank, another suit: the hand's total, and so whether the dealer had to draw, is kept)."""
    hand = record["seats"][0]["hands"][0]
    first = record["seats"][0]["cards"][0]
    same_rank = (code for code in CARD_CODES if code[0] == first[0])
    other = next(code for code in same_rank if code != first and code not in hand["cards"])
    hand["cards"][0] = other


def _tens(seats: int) -> list[int]:
    """Every first card the ten of spades: 2 x (seats + 1) of one card, more than a 6-deck
    shoe holds; every hand a hard 20 that stands."""
    return [TEN_OF_SPADES] * (2 * (seats + 1))


#: kind -> fault; the same kinds for both games unless the game is named in the kind.
COMMON: dict[str, Fault] = {
    "overpaid": Fault("overpaid", written=_bump_hand(Decimal(5))),
    "underpaid": Fault("underpaid", written=_bump_hand(Decimal(-5))),
    "over_limit": Fault("over_limit", dealt=set_stake("main", lambda seat: Decimal(500))),
    "unknown_wager": Fault("unknown_wager", written=_extra_wager),
    "wager_without_result": Fault(
        "wager_without_result", dealt=_has_side_result, written=_drop_result
    ),
    "result_without_wager": Fault("result_without_wager", written=_result_without_wager),
    "duplicate_round": Fault("duplicate_round", written=_same_round),
    "card_over_shoe": Fault("card_over_shoe", force=_tens),
    "hands_inconsistent": Fault("hands_inconsistent", written=_first_cards_swapped),
    "unknown_table": Fault("unknown_table", table="T9"),
    "options_not_approved": Fault("options_not_approved", options={"blackjack_pays": "6:5"}),
    "hit_after_21": Fault("hit_after_21", dealt=hit_after_21),
    "hit_after_bust": Fault("hit_after_bust", dealt=hit_after_bust),
    "hit_split_aces": Fault("hit_split_aces", dealt=hit_split_aces),
    "double_not_allowed": Fault("double_not_allowed", dealt=double_split_ace),
    "double_wrong_card_count": Fault("double_wrong_card_count", dealt=double_two_cards),
    "split_not_allowed": Fault("split_not_allowed", dealt=split_unlike),
    "too_many_splits": Fault("too_many_splits", dealt=split_five_times),
    "dealer_drew_wrongly": Fault("dealer_drew_wrongly", dealt=dealer_stands_short),
    "insurance_not_offered": Fault(
        "insurance_not_offered", dealt=set_stake("insurance", half_main, _up_not_ace)
    ),
    "insurance_above_half": Fault(
        "insurance_above_half", dealt=set_stake("insurance", lambda s: stake_of(s, "main"), up_ace)
    ),
}


def _bump_result(key: str, by: Decimal):
    def change(record: dict, previous: str) -> None:
        results = record["seats"][0]["results"]
        results[key] = str(Decimal(results[key]) + by)

    return change


def defined_payout_faults(defined) -> dict[str, Fault]:
    """For each side wager the rule version defines as data: its result one unit (5) over
    and one under what its paytable pays, on seat 1 staking 5 on it."""
    five = lambda seat: Decimal(5)  # noqa: E731
    return {
        f"{code}_{key}": Fault(code, dealt=set_stake(key, five), written=_bump_result(key, by))
        for key in defined
        for code, by in (("overpaid", Decimal(5)), ("underpaid", Decimal(-5)))
    }


def faults_of(own: dict[str, Fault], decks: int = 6) -> dict[str, Fault]:
    """Every fault a sample round of a game (``own``: the game's own faults) dealt from
    ``decks`` decks may carry, by kind (five split hands of one rank need three decks)."""
    faults = {**COMMON, **own}
    if decks < 3:
        del faults["too_many_splits"]
    return faults
