"""Toss One 21: made hands and the settlement of main, Lucky 3 and Bonus 4.

Everything that depends only on a hand's ranks is computed once per rule
version into :class:`~.toss_one_tables.TossOneTables` (:attr:`TossOne21.tables`):
the best hand of each of the 1,820 rank multisets, the main wager's outcome for
every pair of made hands, and the payout arithmetic.  Settling a seat is then a
few table look-ups.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import Decimal
from fractions import Fraction
from typing import Any

from .cards import ACE, RANK, rank_value
from .parameters import resolve
from .paytables import Paytable
from .results import WagerResult
from .sources import Source, parameter_source
from .toss_one_hands import (
    BUST,
    SHAPES_BY_KEY,
    Hand,
    RankShape,
    is_21_without,
    is_three_card_blackjack,
    lucky3_category,
    rank_key,
    three_card_total,
)
from .toss_one_lookups import bonus4_rows
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
from .toss_one_tables import TossOneTables
from .words import toss_one_hand_in_words

#: Net odds of each main outcome; a player blackjack pays the declared option.
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


class TossOne21:
    """The rules of one Toss One 21 rule version (its parameters resolved); its tables and
    payout arithmetic, shared with validation's screen, are :attr:`tables`."""

    def __init__(self, parameters: Mapping[str, Any] | None = None):
        self.params = resolve(PARAMETERS, parameters or {})
        self.kicker_key = _kicker_keys(self.params)
        self._dealer_bj_beats_21 = self.params["dealer_three_card_blackjack"] == "beats_21"
        self.tables = TossOneTables(self)

    def best_of_shape(self, shape: RankShape) -> Hand:
        """The best hand a rank multiset makes (the kicker: the best card to toss)."""
        if shape.total == BUST:
            return Hand(BUST, False, 0)
        kicker = max(self.kicker_key[r] for r in shape.toss_ranks)
        return Hand(shape.total, shape.blackjack, kicker)

    def main_entry(self, player: Hand, dealer: Hand) -> tuple[str, Source, int]:
        """``(outcome, source, sign)`` of the main wager: sign +1 or -1 for even money, 0
        for a player blackjack (paid as the round declares)."""
        outcome, source = self.main_outcome(player, dealer)
        sign = 0 if outcome == "player_blackjack" else int(MAIN_ODDS[outcome])
        if sign == 1 and outcome != "dealer_bust":
            source = R_EVEN_MONEY
        return outcome, source, sign

    # -- hands -------------------------------------------------------------
    @staticmethod
    def shape(cards: Sequence[int]) -> RankShape:
        return SHAPES_BY_KEY[rank_key(cards)]

    def best_hand(self, cards: Sequence[int]) -> Hand:
        """The hand rule 3 requires: best total, then the highest kicker, with its toss."""
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

    def hand_in_words(self, cards: Sequence[int], toss: int | None = None) -> str:
        """The three-card hand kept ("three-card 20, Four tossed"): as tossed, else the best."""
        hand = self.best_hand(cards) if toss is None else self.hand_with_toss(cards, toss)
        return toss_one_hand_in_words(hand.total, hand.blackjack, cards, hand.toss)

    def player_toss(self, cards: Sequence[int], lucky3: Paytable) -> int | None:
        """The toss a player who knows the rules makes (the par sheet's basis): the best main
        hand (rule 3) and, among equally good main hands, the three cards that pay most on
        Lucky 3 under ``lucky3``; the first such card in the order dealt.  ``None``: a bust."""
        hand = self.best_hand(cards)
        if hand.total != 21 or self.params["lucky3_hand"] != "kept":
            return None if hand.total == BUST else hand.toss
        tosses = [
            i
            for i, c in enumerate(cards)
            if self.kicker_key[RANK[c]] == hand.kicker and is_21_without(cards, i)
        ]
        pays = [
            lucky3.entries.get(lucky3_category([c for j, c in enumerate(cards) if j != i]), -1)
            for i in tosses
        ]
        return tosses[pays.index(max(pays))]

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
                    if self.kicker_key[RANK[c]] == hand.kicker and is_21_without(cards, i)
                ]
        else:
            tosses = [i for i in range(4) if is_21_without(cards, i)]
        kept = [tuple(c for j, c in enumerate(cards) if j != i) for i in tosses]
        outcomes = [lucky3_category(three) for three in kept]
        return max(outcomes, key=lambda o: paytable.entries.get(o, -1))

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
        """Settle every wager placed on a seat, through :meth:`TossOneTables.wager_net`.

        ``player_toss`` is the index of the card the player tossed; when it is
        a correct toss (rule 3) the hand is settled as kept, otherwise the
        player's best hand is used.
        """
        tables = self.tables
        key = rank_key(player_cards)
        player_id = tables.best_ids[key]
        as_tossed = player_toss is not None and self.toss_is_correct(player_cards, player_toss)
        if as_tossed:
            player_id = tables.tossed_id(
                player_id, self.kicker_key[RANK[player_cards[player_toss]]]
            )
        dealer_id = tables.best_ids[rank_key(dealer_cards)]
        results = []
        for wager, stake in wagers.items():
            if not stake:
                continue
            if wager == "main":
                outcome, source, sign = tables.main[player_id][dealer_id]
                token = sign or blackjack_pays
            elif wager == "lucky3":
                toss = player_toss if as_tossed else None
                outcome, source, token = self._lucky3(player_cards, player_id, toss, paytables)
            elif wager == "bonus4":
                outcome, source, token = self._bonus4(key, paytables["bonus4"])
            else:
                continue
            odds = tables.wager_odds(wager, token, paytables)
            net = tables.amount(stake, odds)
            results.append(WagerResult(wager, stake, net, outcome, source, odds))
        return results

    def lucky3_paid(self, cards: Sequence[int], toss: int | None, table: Paytable) -> str:
        """The Lucky 3 category a 21 is paid on: the three kept when the toss is recorded
        and ``lucky3_hand=kept``, else the best 21 the rules allow."""
        if toss is not None and self.params["lucky3_hand"] == "kept":
            return lucky3_category([c for i, c in enumerate(cards) if i != toss])
        return self.lucky3_outcome(cards, self.best_hand(cards), table)

    def _lucky3(self, cards, player_id: int, toss: int | None, paytables):
        """``(outcome, source, token)`` of a Lucky 3 bet: the token is the category paid."""
        total = self.tables.hands[player_id].total
        if total == BUST:
            return "player_bust", R_BUST, None
        if total != 21:
            return "no_21", R_LUCKY3, None
        table = paytables["lucky3"]
        category = self.lucky3_paid(cards, toss, table)
        if table.odds(category) is None:
            return category, R_LUCKY3, None
        return category, table.source_of(category), category

    @staticmethod
    def _bonus4(key: int, table: Paytable):
        """``(outcome, source, token)`` of a Bonus 4 bet: the token is the four-card total."""
        shape = SHAPES_BY_KEY[key]
        outcome, odds, source = bonus4_rows(table)[shape.four_total]
        if odds is None:
            source = R_BUST if shape.total == BUST else R_BONUS4
        return outcome, source, shape.four_total


def _kicker_keys(params: Mapping[str, Any]) -> tuple[int, ...]:
    """Rank key of each rank as a kicker (higher wins), per the kicker parameters."""
    ace = (11 if params["kicker_ace"] == "high" else 1) * 4
    ranked = params["kicker_tens"] == "ranked"
    return tuple(
        ace if r == ACE else rank_value(r) * 4 + (r - 9 if ranked and r >= 9 else 0)
        for r in range(13)
    )
