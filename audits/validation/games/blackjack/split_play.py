"""The split seats' play in the family's screen, asked of the engine in its two parts
(``analyse_hands`` is the deal's, then each hand's play): each seat's deal once per code
(:mod:`.split_keys`), each hand's play and total once per its values and doubling."""

from __future__ import annotations

import numpy as np

from games.engine.blackjack import PlayerHand, hand_total
from games.engine.blackjack_play import analyse_deal, analyse_play

from .answers import BUST, Answers, row_cards, sequence_codes
from .columns import FamilySeats
from .split_keys import split_deal_codes


def split_play(engine, read: FamilySeats, rows: np.ndarray, hand_answers: Answers,
               deal_answers: Answers) -> np.ndarray:  # fmt: skip
    """The totals of the hands ``rows`` (every hand of some split seats); a seat whose deal
    or a hand's play breaks a rule is left not ok in ``read.ok``."""
    hands = read.hands
    codes = sequence_codes(hands.cards[rows], hands.counts[rows]) * 2 + hands.doubled[rows]

    def hand_of(i: int) -> tuple[int, int]:
        row = rows[i]
        held = PlayerHand(row_cards(hands.cards, hands.counts, row), bool(hands.doubled[row]))
        seat = hands.seat[row]
        play = analyse_play(engine, int(hands.index[row]), held, int(read.n_hands[seat]))
        return min(hand_total(held.cards)[0], BUST), not play.violations

    total, play_ok = hand_answers.of(codes, hand_of).T
    seats = np.unique(hands.seat[rows])
    deals = split_deal_codes(read.first, hands.cards, hands.counts, hands.start, read.n_hands,
                             seats)  # fmt: skip

    def deal_of(i: int) -> tuple[int]:
        seat = seats[i]
        first = tuple(read.first[seat].tolist())
        return (not analyse_deal(engine, first, hands.of(seat)).violations,)

    read.ok[seats] &= deal_answers.of(deals, deal_of)[:, 0].astype(bool)
    read.ok[hands.seat[rows][play_ok == 0]] = False
    return total
