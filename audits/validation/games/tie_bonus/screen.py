"""The tie bonus game's screen: the family's (:mod:`..blackjack.screen`) with the tie wagers.

A tie wager reads the seat's first hand (its total, or a blackjack) against the dealer's
hand (its total, or a blackjack of exactly two cards): the engine's ``tie_status``, once per
distinct pair.
"""

from __future__ import annotations

import numpy as np

from games.engine import tie_bonus_rules as R
from games.engine.tie_bonus import tie_status

from ...screen.keys import FIXED
from ...screen.seats import SeatTable
from ..blackjack.answers import Names, row_cards
from ..blackjack.columns import Dealers, FamilySeats
from ..blackjack.screen import FamilyScreen
from ..blackjack.taught import answers

TIES = Names()


class TieBonusScreen(FamilyScreen):
    def __init__(self, rules, options, decks, judge, keys=FIXED):
        super().__init__(rules, options, decks, judge, keys)
        self.ties = answers(self.learnt, "ties", 1)

    def flags(self, seats: SeatTable) -> np.ndarray:
        """The family's, then: a tie wager placed."""
        tie = sum(seats.stake(key) for key in R.TIE_WAGERS) > 0
        return np.column_stack([super().flags(seats), tie])

    def amounts_ok(self, seats: SeatTable) -> np.ndarray:
        """The family's, and the tie wagers' limits: each side's at most half the primary
        (main) wager, both together at most the primary."""
        main = seats.stake("main")
        left = sum(seats.stake(key) for key in R.LEFT)
        right = sum(seats.stake(key) for key in R.RIGHT)
        ok = super().amounts_ok(seats)
        return ok & ~((main > 0) & ((left * 2 > main) | (right * 2 > main) | (left + right > main)))

    def side_keys(self, seats: FamilySeats, dealer: Dealers, seat_round) -> np.ndarray:
        d = seat_round
        # the first hand (a natural only where it is the seat's one hand) and whether the
        # seat split once or more than once
        player = (seats.total * 2 + seats.natural) * 3 + np.minimum(seats.n_hands, 3) - 1
        codes = (player * 32 + dealer.total[d]) * 2 + dealer.blackjack[d]

        def answer(i: int) -> tuple[int]:
            hands = seats.hands.of(i)
            tied, reason, _ = tie_status(hands, row_cards(dealer.cards, dealer.counts, d[i]))
            return (TIES((tied, reason)),)

        return np.where(seats.flags[:, -1], self.ties.of(codes, answer)[:, 0], 0)
