"""Toss One 21: hand evaluation and settlement of main, Lucky 3 and Bonus 4.

Everything that depends only on a hand's ranks is computed once per rank
multiset (1,820 of them) and looked up afterwards, so settling a seat is a
few dictionary look-ups and comparisons.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from functools import lru_cache
from itertools import combinations_with_replacement
from typing import Any

from .cards import ACE, IS_RED, RANK, SUIT, rank_value
from .odds import parse_odds, settle_amount
from .parameters import resolve
from .paytables import Paytable
from .results import WagerResult
from .sources import Source, parameter_source
from .toss_one_rules import (
    PARAMETERS,
    R_BLACKJACK,
    R_BONUS4,
    R_BUST,
    R_COMPARE,
    R_DEALER_BUST,
    R_EVEN_MONEY,
    R_LUCKY3,
    R_MAIN_REQUIRED,
    R_TIE,
)

BUST = 0


def three_card_total(ranks: Sequence[int]) -> int:
    """Best blackjack total of three ranks (one ace may count 11); may exceed 21."""
    total = sum(rank_value(r) for r in ranks)
    if ACE in ranks and total + 10 <= 21:
        total += 10
    return total


def is_three_card_blackjack(ranks: Sequence[int]) -> bool:
    """An Ace and two ten-value cards (rule 8)."""
    return sorted(rank_value(r) for r in ranks) == [1, 10, 10]


@dataclass(frozen=True, slots=True)
class RankShape:
    """What a four-card hand is, from its ranks alone."""

    total: int  # best three-card total, BUST (0) when none is 21 or less
    blackjack: bool
    toss_ranks: frozenset[int]  # ranks whose toss leaves the best hand
    four_total: int  # all four cards, aces counted 1 (Bonus 4)


def _shape(ranks: tuple[int, ...]) -> RankShape:
    best: tuple[int, bool] = (BUST, False)
    tosses: set[int] = set()
    for i, tossed in enumerate(ranks):
        kept = ranks[:i] + ranks[i + 1 :]
        total = three_card_total(kept)
        if total > 21:
            continue
        key = (total, is_three_card_blackjack(kept))
        if key > best:
            best, tosses = key, {tossed}
        elif key == best:
            tosses.add(tossed)
    four_total = sum(rank_value(r) for r in ranks)
    return RankShape(best[0], best[1], frozenset(tosses), four_total)


SHAPES: dict[tuple[int, ...], RankShape] = {
    ranks: _shape(ranks) for ranks in combinations_with_replacement(range(13), 4)
}


@dataclass(frozen=True, slots=True)
class Hand:
    """A made hand: best three-card total, blackjack, and the kicker's rank key."""

    total: int
    blackjack: bool
    kicker: int
    toss: int  # the card tossed (index into the four cards), -1 when bust


class TossOne21:
    """The rules of one Toss One 21 rule version (its parameters resolved)."""

    def __init__(self, parameters: Mapping[str, Any] | None = None):
        self.params = resolve(PARAMETERS, parameters or {})
        ace_high = self.params["kicker_ace"] == "high"
        tens_ranked = self.params["kicker_tens"] == "ranked"
        self.kicker_key = tuple(
            (11 if ace_high else 1) * 4
            if r == ACE
            else rank_value(r) * 4 + (r - 9 if tens_ranked and r >= 9 else 0)
            for r in range(13)
        )
        self._dealer_bj_beats_21 = self.params["dealer_three_card_blackjack"] == "beats_21"
        self._rounding = self.params["payout_rounding"]

    # -- hands -------------------------------------------------------------
    def shape(self, cards: Sequence[int]) -> RankShape:
        return SHAPES[tuple(sorted(RANK[c] for c in cards))]

    def best_hand(self, cards: Sequence[int]) -> Hand:
        """The hand rule 3 requires: best total, then the highest kicker."""
        shape = self.shape(cards)
        if shape.total == BUST:
            return Hand(BUST, False, 0, -1)
        key = self.kicker_key
        toss = max(
            (i for i, c in enumerate(cards) if RANK[c] in shape.toss_ranks),
            key=lambda i: key[RANK[cards[i]]],
        )
        return Hand(shape.total, shape.blackjack, key[RANK[cards[toss]]], toss)

    def hand_with_toss(self, cards: Sequence[int], toss: int) -> Hand:
        """The hand as played when the card at index ``toss`` was tossed."""
        kept = [RANK[c] for i, c in enumerate(cards) if i != toss]
        total = three_card_total(kept)
        if total > 21:
            return Hand(BUST, False, 0, toss)
        kicker = self.kicker_key[RANK[cards[toss]]]
        return Hand(total, is_three_card_blackjack(kept), kicker, toss)

    def toss_is_correct(self, cards: Sequence[int], toss: int | None) -> bool:
        """Rule 3: the toss leaves the best three-card hand (``None`` only for a bust)."""
        shape = self.shape(cards)
        if toss is None:
            return shape.total == BUST
        return shape.total != BUST and RANK[cards[toss]] in shape.toss_ranks

    # -- main ----------------------------------------------------------------
    def main_outcome(self, player: Hand, dealer: Hand) -> tuple[str, Source]:
        if player.total == BUST:
            return "player_bust", R_BUST
        if player.blackjack:
            return "player_blackjack", R_BLACKJACK
        if dealer.total == BUST:
            return "dealer_bust", R_DEALER_BUST
        if dealer.blackjack and self._dealer_bj_beats_21:
            return "dealer_three_card_blackjack", parameter_source(
                "dealer_three_card_blackjack", "beats_21"
            )
        if player.total != dealer.total:
            won = player.total > dealer.total
            return ("higher_total" if won else "lower_total"), R_COMPARE
        if player.kicker > dealer.kicker:
            return "kicker_win", R_COMPARE
        if player.kicker < dealer.kicker:
            return "kicker_loss", R_COMPARE
        return "full_tie", R_TIE

    # -- Lucky 3 -------------------------------------------------------------
    def lucky3_outcome(
        self, cards: Sequence[int], hand: Hand, paytable: Paytable, as_tossed: bool = False
    ) -> str | None:
        """The Lucky 3 category the seat is paid on, or ``None`` (loses).

        With ``lucky3_hand=kept`` and a recorded toss (``as_tossed``) the three
        cards kept decide; without a recorded toss the player is taken to keep,
        among the equally good main hands, the one that pays most on Lucky 3.
        """
        if hand.total != 21:
            return None
        if self.params["lucky3_hand"] == "kept":
            tosses = [hand.toss]
            if not as_tossed:
                tosses = [
                    i
                    for i, c in enumerate(cards)
                    if self.kicker_key[RANK[c]] == hand.kicker and self._is_21_without(cards, i)
                ]
        else:
            tosses = [i for i in range(4) if self._is_21_without(cards, i)]
        outcomes = [
            lucky3_category(tuple(c for j, c in enumerate(cards) if j != i)) for i in tosses
        ]
        return max(outcomes, key=lambda o: paytable.odds(o) if o in paytable.entries else -1)

    @staticmethod
    def _is_21_without(cards: Sequence[int], toss: int) -> bool:
        return three_card_total([RANK[c] for j, c in enumerate(cards) if j != toss]) == 21

    # -- structure -------------------------------------------------------------
    @staticmethod
    def structure_violations(wagers: Mapping[str, Decimal]) -> list[tuple[str, str, Source]]:
        """Wager structures rule 1 forbids: a Lucky 3 or Bonus 4 bet without a main bet."""
        if wagers.get("main"):
            return []
        return [
            (key, "side_bet_without_main", R_MAIN_REQUIRED)
            for key in ("lucky3", "bonus4")
            if wagers.get(key)
        ]

    # -- settlement ------------------------------------------------------------
    def settle_seat(
        self,
        player_cards: Sequence[int],
        dealer_cards: Sequence[int],
        wagers: Mapping[str, Decimal],
        blackjack_pays: str,
        paytables: Mapping[str, Paytable],
        player_toss: int | None = None,
    ) -> list[WagerResult]:
        """Settle every wager placed on a seat.

        ``player_toss`` is the index of the card the player tossed when it is
        known and correct; otherwise the player's best hand is used.
        """
        as_tossed = player_toss is not None and self.toss_is_correct(player_cards, player_toss)
        player = (
            self.hand_with_toss(player_cards, player_toss)
            if as_tossed
            else self.best_hand(player_cards)
        )
        dealer = self.best_hand(dealer_cards)
        results = []
        for key, stake in wagers.items():
            if not stake:
                continue
            if key == "main":
                results.append(self._settle_main(stake, player, dealer, blackjack_pays))
            elif key == "lucky3":
                results.append(
                    self._settle_lucky3(stake, player_cards, player, paytables["lucky3"], as_tossed)
                )
            elif key == "bonus4":
                results.append(self._settle_bonus4(stake, player_cards, paytables["bonus4"]))
        return results

    def _settle_main(self, stake: Decimal, player: Hand, dealer: Hand, bj_pays: str) -> WagerResult:
        outcome, source = self.main_outcome(player, dealer)
        odds = _blackjack_odds(bj_pays) if outcome == "player_blackjack" else MAIN_ODDS[outcome]
        net = settle_amount(stake, odds, self._rounding)
        return WagerResult(
            "main", stake, net, outcome, source if odds != 1 else _win_source(outcome, source)
        )

    def _settle_lucky3(self, stake, cards, player: Hand, table: Paytable, as_tossed) -> WagerResult:
        if player.total == BUST:
            return WagerResult("lucky3", stake, -stake, "player_bust", R_BUST)
        outcome = self.lucky3_outcome(cards, player, table, as_tossed)
        odds = table.odds(outcome) if outcome else None
        if odds is None:
            return WagerResult("lucky3", stake, -stake, outcome or "no_21", R_LUCKY3)
        return WagerResult(
            "lucky3",
            stake,
            settle_amount(stake, odds, self._rounding),
            outcome,
            table.source_of(outcome),
        )

    def _settle_bonus4(self, stake, cards, table: Paytable) -> WagerResult:
        shape = self.shape(cards)
        outcome = f"total_{shape.four_total}"
        odds = table.odds(outcome)
        if odds is None:
            source = R_BUST if shape.total == BUST else R_BONUS4
            return WagerResult("bonus4", stake, -stake, outcome, source)
        return WagerResult(
            "bonus4",
            stake,
            settle_amount(stake, odds, self._rounding),
            outcome,
            table.source_of(outcome),
        )


MAIN_ODDS: dict[str, Fraction] = {
    "player_bust": Fraction(-1),
    "dealer_bust": Fraction(1),
    "dealer_three_card_blackjack": Fraction(-1),
    "higher_total": Fraction(1),
    "lower_total": Fraction(-1),
    "kicker_win": Fraction(1),
    "kicker_loss": Fraction(-1),
    "full_tie": Fraction(-1),
}


@lru_cache(maxsize=8)
def _blackjack_odds(text: str) -> Fraction:
    return parse_odds(text)


def _win_source(outcome: str, source: Source) -> Source:
    return source if outcome == "dealer_bust" else R_EVEN_MONEY


def lucky3_category(kept: Sequence[int]) -> str:
    """Lucky 3 category of a three-card 21: suited, coloured or other; blackjack or 21."""
    ranks = [RANK[c] for c in kept]
    kind = "blackjack" if is_three_card_blackjack(ranks) else "21"
    if SUIT[kept[0]] == SUIT[kept[1]] == SUIT[kept[2]]:
        return f"suited_{kind}"
    if IS_RED[kept[0]] == IS_RED[kept[1]] == IS_RED[kept[2]]:
        return f"coloured_{kind}"
    return f"other_{kind}"
