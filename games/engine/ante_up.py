"""Ante Up 21, Poker Bonus Edition: two-card poker, the seat's settlement.

The blackjack part is :class:`.blackjack.BlackjackRules` under the game's
parameters; wager-structure checks are in :mod:`.ante_up_wagers`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from decimal import Decimal
from fractions import Fraction

from . import ante_up_rules as R
from .blackjack import BlackjackRules, PlayerHand, is_natural
from .cards import RANK, SUIT
from .odds import settle_amount
from .paytables import Paytable
from .results import LOSE, VOID, WagerResult
from .sources import Source

#: Two-card poker rank of each card rank (A 2 .. K): the ace is high.
POKER_RANK = (14, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13)
QUEEN = 12

ANTE_PAYS = {
    "fold": Fraction(-1),
    "dealer_not_qualified": Fraction(1),
    "win": Fraction(1),
    "lose": Fraction(-1),
    "tie": Fraction(0),
    "dealer_natural_win": Fraction(1),
    "dealer_natural_lose": Fraction(-1),
    "dealer_natural_tie": Fraction(0),
}
BET_PAYS = {
    "dealer_not_qualified": Fraction(0),
    "win": Fraction(1),
    "lose": Fraction(-1),
    "tie": Fraction(0),
    "dealer_natural_win": Fraction(0),
    "dealer_natural_lose": Fraction(0),
    "dealer_natural_tie": Fraction(0),
}
#: Ante plus bet, in ante units (the par sheet's pays).
POKER_PAYS = {o: ANTE_PAYS[o] + BET_PAYS.get(o, Fraction(0)) for o in ANTE_PAYS}


def poker_key_of_ranks(ranks: Iterable[int]) -> tuple[int, int, int]:
    """The best two-card poker hand of card ranks (0..12): pairs and high cards only.

    ``(1, pair, 0)`` for a pair, ``(0, high, low)`` otherwise, in poker ranks
    (ace 14): comparing keys ranks hands (PLAY POKER 3).
    """
    values = sorted((POKER_RANK[r] for r in ranks), reverse=True)
    for a, b in zip(values, values[1:], strict=False):
        if a == b:
            return (1, a, 0)
    return (0, values[0], values[1])


def poker_key(cards: Iterable[int]) -> tuple[int, int, int]:
    return poker_key_of_ranks(RANK[c] for c in cards)


def qualifies(key: tuple[int, int, int]) -> bool:
    """Queen-high or better (any pair qualifies)."""
    return key[0] == 1 or key[1] >= QUEEN


def poker_outcome(player: tuple, dealer: tuple, dealer_natural: bool) -> tuple[str, Source]:
    """The poker outcome of a played (not folded) hand, with its rule."""
    if dealer_natural:
        prefix, source = "dealer_natural_", R.R_DEALER_NATURAL
    elif not qualifies(dealer):
        return "dealer_not_qualified", R.R_NOT_QUALIFIED
    else:
        prefix, source = "", R.R_COMPARE
    if player == dealer:
        return prefix + "tie", R.R_TIE
    return prefix + ("win" if player > dealer else "lose"), source


def bonus_category(first_two: Sequence[int], up_card: int) -> str | None:
    """The Poker Bonus hand: the first two cards, plus the up card for trips only."""
    return bonus_category_of(*bonus_reads(first_two, up_card))


def bonus_reads(first_two: Sequence[int], up_card: int) -> tuple[int, int, int, bool]:
    """All the Poker Bonus category reads of the cards: the three ranks and whether the
    three share one suit (validation's screen asks once per distinct reading)."""
    a, b = first_two
    return RANK[a], RANK[b], RANK[up_card], SUIT[a] == SUIT[b] == SUIT[up_card]


def bonus_category_of(rank_a: int, rank_b: int, rank_up: int, suited: bool) -> str | None:
    """The Poker Bonus hand of that reading (:func:`bonus_reads`)."""
    if rank_a != rank_b:
        return None
    if rank_up != rank_a:
        return "pair"
    return "suited_three_of_a_kind" if suited else "three_of_a_kind"


FALLBACK = {"suited_three_of_a_kind": "three_of_a_kind", "three_of_a_kind": "pair"}


def bonus_outcome(category: str | None, paytable: Paytable) -> str | None:
    """The most specific category the paytable pays (suited trips -> trips -> pair)."""
    while category is not None and paytable.odds(category) is None:
        category = FALLBACK.get(category)
    return category


class AnteUp21(BlackjackRules):
    """The rules of one Ante Up 21 rule version (its parameters resolved)."""

    def __init__(self, parameters: Mapping | None = None):
        super().__init__(parameters, R.PARAMETERS, R.SOURCES)

    def _setup(self) -> None:
        self.best_two_of_hand = self.params["poker_hand"] == "best_two_of_hand"
        self.poker_bonus_stake = Decimal(self.params["poker_bonus_stake"])

    # -- poker -----------------------------------------------------------------
    def player_poker_cards(self, first_two: Sequence[int], hands: Sequence[PlayerHand]):
        """The cards the player's poker hand is made from (PLAY POKER 4 after a split)."""
        if len(hands) == 1 and self.best_two_of_hand:
            return hands[0].cards
        return tuple(first_two)

    def dealer_poker_cards(self, dealer: Sequence[int]) -> Sequence[int]:
        return dealer if self.best_two_of_hand else dealer[:2]

    def poker_source(self) -> Source:
        return self.cite("poker_hand", "which cards make the two-card poker hand")

    def settle_poker(
        self,
        ante: Decimal,
        bet: Decimal,
        decision: str,
        first_two: Sequence[int],
        hands: Sequence[PlayerHand],
        dealer: Sequence[int],
    ) -> list[WagerResult]:
        """The ANTE and BET (the BET only when placed)."""
        if decision != "bet":
            results = [WagerResult("ante", ante, -ante, "fold", R.R_FOLD, LOSE)]
            if bet:
                results.append(
                    WagerResult("bet", bet, Decimal(0), "void_after_fold", R.R_FOLD, VOID)
                )
            return results
        natural = is_natural(dealer[:2])
        player = poker_key(self.player_poker_cards(first_two, hands))
        banker = poker_key(self.dealer_poker_cards(dealer))
        outcome, source = poker_outcome(player, banker, natural)
        if self.best_two_of_hand:  # cite the reading when the drawn cards changed the result
            if poker_outcome(poker_key(first_two), poker_key(dealer[:2]), natural)[0] != outcome:
                source = self.poker_source()
        results = [self._pay("ante", ante, ANTE_PAYS[outcome], outcome, source)]
        if bet:
            results.append(self._pay("bet", bet, BET_PAYS[outcome], outcome, source))
        return results

    def _pay(self, key, stake, odds: Fraction, outcome: str, source: Source) -> WagerResult:
        net = settle_amount(stake, odds, self.rounding)
        return WagerResult(key, stake, net, outcome, source, odds)

    def settle_poker_bonus(
        self, stake: Decimal, first_two: Sequence[int], up_card: int, paytable: Paytable
    ) -> WagerResult:
        """The Poker Bonus: the first two cards, with the up card for three of a kind only."""
        category = bonus_category(first_two, up_card)
        outcome = bonus_outcome(category, paytable)
        if outcome is None:
            source = R.R_PB_UP_CARD if category else R.R_PB_FIRST_TWO
            return WagerResult("poker_bonus", stake, -stake, category or "no_hand", source, LOSE)
        odds = paytable.odds(outcome)
        return self._pay("poker_bonus", stake, odds, outcome, paytable.source_of(outcome))

    # -- the seat ----------------------------------------------------------------
    def settle_seat(
        self,
        first_two: Sequence[int],
        hands: Sequence[PlayerHand],
        dealer: Sequence[int],
        wagers: Mapping[str, Decimal],
        poker: str | None,
        paytables: Mapping[str, Paytable] | None = None,
        options: Mapping[str, str] | None = None,
    ) -> list[WagerResult]:
        """Every wager placed on a seat.

        Returns the main (21) wager of each hand first, in the hands' order,
        each with key ``"main"``; then ``ante``, ``bet``, ``poker_bonus`` and
        ``insurance`` as placed.  ``options`` naming parameters (for example
        ``blackjack_pays``) apply to this round.
        """
        game = self.variant(options)
        zero = Decimal(0)
        stake = lambda key: Decimal(wagers.get(key) or 0)  # noqa: E731
        results = game.settle_main(hands, dealer, stake("main")) if stake("main") else []
        if stake("ante"):
            bet = stake("bet")
            decision = poker or ("bet" if bet else "fold")
            results += game.settle_poker(stake("ante"), bet, decision, first_two, hands, dealer)
        elif stake("bet") > zero:
            results.append(
                WagerResult("bet", stake("bet"), zero, "void_no_ante", R.R_BOTH_SPOTS, VOID)
            )
        if stake("poker_bonus"):
            table = (paytables or {}).get("poker_bonus") or R.PAYTABLES[("poker_bonus", "1")]
            results.append(
                game.settle_poker_bonus(stake("poker_bonus"), first_two, dealer[0], table)
            )
        if stake("insurance"):
            results.append(game.settle_insurance(stake("insurance"), dealer))
        return results

    def dealer_must_complete(self, seats_hands, poker_bets: bool = False) -> bool:
        """PLAY 21 5: a live hand, or any poker BET (busted hands stay in play for poker)."""
        return poker_bets or super().dealer_must_complete(seats_hands)

    def dealer_completion_source(self, poker_bets: bool) -> Source:
        return R.R_DEALER_COMPLETES if poker_bets else self.sources.dealer_draws


def split_results(results: Sequence[WagerResult]) -> tuple[list[WagerResult], dict]:
    """``(main results in hand order, {key: result} for the other wagers)``."""
    hands = [r for r in results if r.key == "main"]
    return hands, {r.key: r for r in results if r.key != "main"}
