"""Ante Up 21's screen: the family's (:mod:`..blackjack.screen`) with the poker wagers.

The ANTE and BET of a poker hand that was bet read the player's two-card poker hand
against the dealer's (and the dealer's natural): the engine's ``poker_key`` of each hand's
ranks (the first two cards, or every card of the hand where the rule version plays the
best two of the hand) and its ``poker_outcome`` of the pair, once per distinct question.
The Poker Bonus reads the first two cards and the up card: the engine's
``bonus_category``, asked once per distinct reading (``bonus_reads``: their ranks and
whether they share one suit).  Any poker BET makes the dealer complete his hand (PLAY 21 5).
"""

from __future__ import annotations

from decimal import Decimal

import numpy as np

from games.engine.ante_up import bonus_category, poker_key, poker_outcome
from games.engine.cards import SUIT

from ...screen import layout
from ...screen.keys import FIXED
from ...screen.seats import SeatTable
from ..blackjack.answers import RANKS, Names, rank_codes, row_cards
from ..blackjack.columns import Dealers, FamilySeats
from ..blackjack.screen import FamilyScreen
from ..blackjack.taught import answers

POKER = Names()
SUITS = np.array(SUIT, np.int64)
ANTE, PLAYED, BONUS = -3, -2, -1  # the game's flags, after the family's


class AnteUpScreen(FamilyScreen):
    def __init__(self, rules, options, decks, judge, keys=FIXED):
        super().__init__(rules, options, decks, judge, keys)
        learnt = self.learnt
        self.keys, self.outcomes = answers(learnt, "poker keys", 3), answers(learnt, "poker", 1)
        self.bonuses = answers(learnt, "poker bonus", 1)
        fixed = (Decimal(self.engine.poker_bonus_stake) * 100) if self.engine else Decimal(-1)
        self.bonus_stake = int(fixed) if fixed == fixed.to_integral_value() else -1

    def flags(self, seats: SeatTable) -> np.ndarray:
        """The family's, then: an ANTE; a poker hand bet (the decision recorded, else a BET
        placed); a Poker Bonus."""
        ante, bet = seats.stake("ante"), seats.stake("bet")
        inferred = np.where(bet > 0, layout.POKER_BET, layout.POKER_FOLD)
        decision = np.where(seats.poker == layout.POKER_NONE, inferred, seats.poker)
        played = (ante > 0) & (decision == layout.POKER_BET)
        return np.column_stack([super().flags(seats), ante > 0, played,
                                seats.stake("poker_bonus") > 0])  # fmt: skip

    def amounts_ok(self, seats: SeatTable) -> np.ndarray:
        """The family's, and the wager structures that compare amounts: an ANTE at most the
        21 bet, a BET equal to the ANTE (unless folded), the Poker Bonus at its fixed
        stake."""
        main, ante, bet = seats.stake("main"), seats.stake("ante"), seats.stake("bet")
        bonus = seats.stake("poker_bonus")
        ok = super().amounts_ok(seats) & ~((ante > main) & (main > 0))
        ok &= ~((ante > 0) & (seats.poker != layout.POKER_FOLD) & (bet != ante))
        return ok & ~((bonus > 0) & (bonus != self.bonus_stake))

    def completes(self, seats: FamilySeats, seat_round, n: int) -> np.ndarray:
        return np.bincount(seat_round[seats.flags[:, PLAYED]], minlength=n) > 0

    def side_keys(self, seats: FamilySeats, dealer: Dealers, seat_round) -> np.ndarray:
        d = seat_round
        # the cards of the player's poker hand (the engine's poker_cards): the first two, or
        # the only hand where the rule version plays the best two of the hand
        best_two = self.engine.best_two_of_hand
        whole = seats.single if best_two else np.zeros(len(d), bool)
        first = np.full_like(seats.hand, -1)
        first[:, :2] = seats.first
        player = self._poker_keys(np.where(whole[:, None], seats.hand, first),
                                  np.where(whole, seats.counts, 2))  # fmt: skip
        banker = self._poker_keys(
            dealer.cards if best_two else dealer.cards[:, :2],
            dealer.counts if best_two else np.full(len(dealer.counts), 2),
        )
        banker = banker[d]  # fmt: skip
        codes = ((_key_code(player) << 12) | _key_code(banker)) * 2 + dealer.natural[d]

        def outcome(i: int) -> tuple[int]:
            found, _ = poker_outcome(tuple(player[i]), tuple(banker[i]), bool(dealer.natural[d[i]]))
            return (POKER(found),)

        poker = np.where(seats.flags[:, PLAYED], self.outcomes.of(codes, outcome)[:, 0], 0)
        up = dealer.cards[d, 0]
        first = np.maximum(seats.first, 0)
        bonus = self.bonuses.of(
            bonus_codes(first, up),
            lambda i: (POKER(bonus_category(first[i].tolist(), int(up[i]))),),
        )[:, 0]
        return np.column_stack([poker, np.where(seats.flags[:, BONUS], bonus, 0)])

    def _poker_keys(self, cards: np.ndarray, counts: np.ndarray) -> np.ndarray:
        """The engine's poker key (three ints) of each row's cards."""
        counts = np.maximum(counts, 0)
        codes = np.where(counts >= 2, rank_codes(cards), -1)
        return self.keys.of(codes, lambda i: poker_key(row_cards(cards, counts, i))
                            if counts[i] >= 2 else (0, 0, 0))  # fmt: skip


def bonus_codes(first: np.ndarray, up: np.ndarray) -> np.ndarray:
    """Each row's reading of its first two cards and up card by the Poker Bonus (the
    engine's ``bonus_reads``: the three ranks, whether the three share one suit) as one
    int: rows of one code ask the engine the same question (the up card indexed as Python
    indexes the engine's tables: -1 is the last card)."""
    up = up % 52
    suited = (SUITS[first[:, 0]] == SUITS[first[:, 1]]) & (SUITS[first[:, 1]] == SUITS[up])
    ranks = (RANKS[first[:, 0]] * 13 + RANKS[first[:, 1]]) * 13 + RANKS[up]
    return ranks * 2 + suited


def _key_code(keys: np.ndarray) -> np.ndarray:
    return (keys[:, 0] * 16 + keys[:, 1]) * 16 + keys[:, 2]
