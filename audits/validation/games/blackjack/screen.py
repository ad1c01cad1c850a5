"""The blackjack family's screen (Ante Up 21, the tie bonus game): seats in columns.

A seat is screened here when it holds one to four hands
(:data:`~audits.validation.screen.layout.MOST_HANDS`) of at most :data:`~.answers.MOST_CARDS`
cards each and no surrender can be read from its result; any other seat sends its round to
the exact path.  A *simple* seat holds one hand, which begins with its two first cards; a
*split* seat more.  What the family's settlement and checks (:mod:`.settle`, :mod:`.checks`)
read of a seat's cards, and the column that carries it:

- the player's play (``analyse_hands``): for a simple seat the hand's card values in order
  (its first two by their sum and aces: :func:`~.answers.unsplit_codes`) and whether it was
  doubled, the engine asked once per distinct code whether the play breaks a rule (the seat
  then takes the exact path), and the hand's total and natural; a
  split seat (about one seat in a hundred) is asked in the engine's two parts: its deal
  once per code (:mod:`.split_keys`), each hand's play and total once per distinct
  sequence and doubling;
- the main wager (``main_outcome``): each hand's total and natural (a split hand has none),
  whether it is a later hand of a split, against the dealer's first two cards (a natural)
  and total: the engine's outcome, one per distinct question, the seat's outcomes together
  in one int;
- insurance: the dealer's natural and whether the up card is an ace;
- the game's own wagers (:meth:`FamilyScreen.side_keys`): the tie status, or the poker
  outcome and the Poker Bonus category;
- the side wagers the rule version defines as data (:mod:`.defined`): each one's outcome
  from the engine's table of the first two cards (and the up card).

A seat's class is those answers with the wagers it placed, the results it wrote, its poker
decision and which of its hands were doubled, never its amounts (:mod:`...screen.game` settles each
seat's own stakes at its class's odds).  The round's own checks here: the dealer's drawing
(``check_dealer``, for whether any hand is live or, in Ante Up, any poker hand was bet), the
shoe, and (in :mod:`...screen.game`) the aggregate payout.  Every answer is the engine's, through
:class:`~.answers.Answers`.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from games.engine.blackjack import MAIN_PAYS, PlayerHand
from games.engine.parameters import ParameterError

from ...screen import layout
from ...screen import reader as rd
from ...screen.batch import Batch
from ...screen.game import GameScreen, SeatClasses
from ...screen.keys import FIXED
from ...screen.money import settled_cents
from ...screen.seats import SeatTable
from .answers import MOST_CARDS, Names, row_cards, sequence_codes, unsplit_codes
from .cards import within_shoe
from .columns import Dealers, FamilySeats
from .defined import defined_columns, defined_outcomes
from .seat_hands import seat_hands
from .split_play import split_play
from .taught import answers, dealer_answer, learnt_for, play_answer

OUTCOME_BITS = 4  # a hand's outcome id in the seat's main key
INSURANCE_KEY = layout.WAGER_KEYS.index("insurance")
#: per seat flags every game has (a game adds its own after them)
MAIN_FLAG, DOUBLED, INSURANCE = range(3)
OUTCOMES = Names()  # the engine's outcome names, as stable ints


class FamilyScreen(GameScreen):
    round_level = frozenset(
        {"card_over_shoe", "aggregate_payout_exceeded", "dealer_drew_wrongly",
         "dealer_drew_needlessly"}
    )  # fmt: skip
    on_hands = True

    def __init__(self, rules, options, decks, judge, keys=FIXED):
        super().__init__(rules, options, decks, judge, keys)
        try:
            self.engine = rules.engine.variant(options)
        except ParameterError:
            self.engine = None  # the exact path reports the options
        self.learnt = learnt = learnt_for(self.engine)  # every screen of this engine's
        self.play, self.dealer_answers = answers(learnt, "play", 3), answers(learnt, "dealer", 6)
        self.main = answers(learnt, "main", 1)
        self.split_hands = answers(learnt, "split hands", 2)
        self.split_deals = answers(learnt, "split deals", 1)
        self.defined = defined_columns(rules, keys)  # the side wagers defined as data

    def won(self, seats: SeatTable, winnings: np.ndarray) -> np.ndarray:
        """The seat's positive results but the main wager's (``winnings``: its results are
        the hands'), and its hands' positive ones."""
        hands = seats.hands
        return winnings + np.bincount(hands.seat, np.maximum(hands.cents, 0),
                                     minlength=len(seats)).astype(np.int64)  # fmt: skip

    def amounts_ok(self, seats: SeatTable) -> np.ndarray:
        """No surrender read from a result (the exact path reads it), and insurance at most
        half the main wager."""
        main, insurance = seats.stake("main"), seats.stake("insurance")
        return ~self._surrender_like(seats, main) & ~(insurance * 2 > main)

    def _surrender_like(self, seats: SeatTable, main: np.ndarray) -> np.ndarray:
        """One undoubled hand settled at what a late surrender pays on the main wager."""
        if self.engine is None or self.engine.params.get("surrender") != "late":
            return np.zeros(len(seats), bool)
        pays = Fraction(MAIN_PAYS["surrender"])
        half = settled_cents(main, np.int64(pays.numerator), np.int64(pays.denominator),
                             self.half_up)  # fmt: skip
        hands = seats.hands
        first = np.flatnonzero(hands.index == 0)
        like = np.zeros(len(seats), bool)
        seat = hands.seat[first]
        like[seat] = (~hands.doubled[first]) & (hands.cents[first] == half[seat])
        return like & (seats.hand_count == 1) & (main > 0)

    # -- the game's own ------------------------------------------------------------------

    def side_keys(self, seats: FamilySeats, dealer: Dealers, seat_round) -> np.ndarray:
        """``(seats, j)`` ints: the engine's answers about the game's own wagers."""
        raise NotImplementedError

    def completes(self, seats: FamilySeats, seat_round, n: int) -> np.ndarray:
        """Per round: a game rule makes the dealer complete his hand whatever the hands."""
        return np.zeros(n, bool)

    def flags(self, seats: SeatTable) -> np.ndarray:
        """Per seat: the family's flags (:data:`MAIN_FLAG`, :data:`DOUBLED`,
        :data:`INSURANCE`) and the game's own after them."""
        hands = seats.hands
        doubled = np.bincount(hands.seat[hands.doubled], minlength=len(seats)) > 0
        return np.column_stack([seats.stake("main") > 0, doubled,
                                seats.stake("insurance") > 0])  # fmt: skip

    # -- columns -------------------------------------------------------------------------

    def classes(self, batch: Batch, rows: np.ndarray, table: SeatTable) -> SeatClasses:
        n = len(rows)
        seat_round = table.round
        if self.engine is None:
            k = len(table)
            return SeatClasses(np.zeros(n, bool), np.zeros(k, bool), np.zeros(k, np.int64))
        dealer = self._dealers(batch.read, rows)
        read = self._seats(table)
        self._play(read)
        hands = read.hands
        hand_round = seat_round[hands.seat]
        main_bet = read.flags[hands.seat, MAIN_FLAG]
        live = main_bet & (hands.total <= 21) & (hands.natural == 0)
        must = (np.bincount(hand_round[live], minlength=n) > 0) | self.completes(
            read, seat_round, n
        )
        round_ok = dealer.ok & dealer.draws_ok[np.arange(n), must.astype(np.int64)]
        round_ok &= within_shoe(dealer.cards, hands.cards, hand_round, n, self.decks)
        main = self._main(read, dealer, hand_round)
        d = seat_round
        insurance = np.where(read.flags[:, INSURANCE],
                             1 + dealer.up_ace[d] * 2 + dealer.natural[d], 0)  # fmt: skip
        side = self.side_keys(read, dealer, seat_round).reshape(len(table), -1)
        up = np.where(dealer.ok[d], dealer.cards[d, 0], -1)
        defined = defined_outcomes(self.defined, table, read.first, up, read.ok)
        keys = np.column_stack([_shape(table), np.where(read.flags[:, MAIN_FLAG], main, 0),
                                insurance, side, defined])  # fmt: skip
        return SeatClasses(round_ok, read.ok, keys)

    def _dealers(self, read: rd.Read, rows: np.ndarray) -> Dealers:
        counts = read.dealer_count[rows]
        ok = (counts >= 2) & (counts <= MOST_CARDS) & (read.dealer_toss[rows] == layout.NO_CARD)
        cards = read.dealer_cards[rows, :MOST_CARDS].astype(np.int64)
        counts = np.where(ok, counts, -1)
        answers = self.dealer_answers.of(
            np.where(ok, sequence_codes(cards, np.maximum(counts, 0)), -1),
            lambda i: dealer_answer(self.engine, row_cards(cards, counts, i)) if ok[i]
            else (0,) * 6,
        )  # fmt: skip
        natural, total, blackjack, up_ace, must_not, must = answers.T
        return Dealers(cards, counts, ok, natural, total, blackjack, up_ace,
                       np.column_stack([must_not, must]).astype(bool))  # fmt: skip

    def _seats(self, table: SeatTable) -> FamilySeats:
        """The seats as the family reads them: each with one hand at least (an empty one
        for a seat without hands, which is not screened), its first two cards, its flags
        (:func:`~.seat_hands.seat_hands`)."""
        hands, first, ok, n_hands = seat_hands(table)
        starts = hands.start
        return FamilySeats(table.number, first, hands.cards[starts], hands.counts[starts],
                           self.flags(table), ok, hands, n_hands)  # fmt: skip

    def _play(self, read: FamilySeats) -> None:
        """Each seat's play checked by the engine (a fault: the exact path); each hand's
        total and natural."""
        hands, single = read.hands, read.single
        n = len(hands.counts)
        total, natural = np.zeros(n, np.int64), np.zeros(n, np.int64)
        alone = single[hands.seat]
        self._simple_play(read, alone, total, natural)
        split = ~alone & read.ok[hands.seat]
        rows = np.flatnonzero(split)
        if rows.size:
            total[rows] = split_play(self.engine, read, rows, self.split_hands, self.split_deals)
        hands.total, hands.natural = total, natural
        starts = np.flatnonzero(hands.index == 0)
        read.total, read.natural = total[starts], natural[starts]

    def _simple_play(self, read: FamilySeats, alone, total, natural) -> None:
        rows = np.flatnonzero(alone)  # one per simple seat, in seat order
        hands = read.hands
        seat = hands.seat[rows]
        cards, counts = hands.cards[rows], np.maximum(hands.counts[rows], 0)
        doubled = hands.doubled[rows]
        ok = read.ok[seat]
        codes = np.where(ok, unsplit_codes(cards, counts) * 2 + doubled, -1)

        def answer(i: int) -> tuple[int, ...]:
            if not ok[i]:
                return (0, 0, 0)
            return play_answer(self.engine, row_cards(cards, counts, i), bool(doubled[i]))

        play_ok, total[rows], natural[rows] = self.play.of(codes, answer).T
        read.ok[seat] &= play_ok.astype(bool)

    def _main(self, read: FamilySeats, dealer: Dealers, hand_round: np.ndarray) -> np.ndarray:
        """Per seat: the engine's main outcome of each of its hands, in one int."""
        hands = read.hands
        later = hands.index > 0
        ok = read.ok[hands.seat] & dealer.ok[hand_round]
        code = (hands.total * 2 + hands.natural) * 32 + dealer.total[hand_round]
        code = np.where(ok, (code * 2 + dealer.natural[hand_round]) * 2 + later, -1)

        def answer(i: int) -> tuple[int]:
            if not ok[i]:
                return (0,)
            hand = PlayerHand(row_cards(hands.cards, hands.counts, i))
            n = 1 if read.single[hands.seat[i]] else 2  # a natural only where n is 1
            dealt = row_cards(dealer.cards, dealer.counts, hand_round[i])
            return (OUTCOMES(self.engine.main_outcome(hand, int(later[i]), n, dealt)),)

        outcome = self.main.of(code, answer)[:, 0] << (OUTCOME_BITS * hands.index)
        return np.bincount(hands.seat, outcome, minlength=len(read.numbers)).astype(np.int64)


def _shape(table: SeatTable) -> np.ndarray:
    """What a seat's class holds of it besides the engine's answers: the wagers placed, the
    results written, the poker decision, how many hands and which were doubled."""
    hands = table.hands
    doubled = np.zeros(len(table), np.int64)
    np.bitwise_or.at(doubled, hands.seat[hands.doubled], 1 << hands.index[hands.doubled])
    return ((((table.wager_mask << layout.KEY_SLOTS | table.result_mask) << 2 | table.poker) << 3
             | np.maximum(table.hand_count, 0)) << layout.MOST_HANDS) | doubled  # fmt: skip
