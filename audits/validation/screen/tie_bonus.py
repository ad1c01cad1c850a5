"""The tie bonus game's screen: the family's (:mod:`.blackjack`) with the tie wagers.

A tie wager reads the seat's first hand (its total, or a blackjack) against the dealer's
hand (its total, or a blackjack of exactly two cards): the engine's ``tie_status``, once per
distinct pair.
"""

from __future__ import annotations

import numpy as np

from games.engine import tie_bonus_rules as R
from games.engine.tie_bonus import tie_status

from .answers import Answers, Names, row_cards
from .blackjack import FamilyScreen
from .family_columns import Dealers, FamilySeats

TIES = Names()


class TieBonusScreen(FamilyScreen):
    game_flags = ("tie",)

    def __init__(self, rules, options, decks, check):
        super().__init__(rules, options, decks, check)
        self.ties = Answers(1)

    def side_flags(self, wagers, results, poker) -> tuple[bool, ...]:
        return (any(wagers.get(key) for key in R.TIE_WAGERS),)

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
