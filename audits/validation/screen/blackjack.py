"""The blackjack family's screen (Ante Up 21, the tie bonus game): simple seats in columns.

A seat is read here when it holds one to :data:`MOST_HANDS` hands of at most
:data:`~.answers.MOST_CARDS` cards each and no surrender can be read from its result; any
other seat (more hands or cards, a seat decoded as something else) sends its round to the
exact path.  A *simple* seat holds one hand, which begins with its two first cards; a
*split* seat more.  What the family's settlement and checks (:mod:`..settle_blackjack`,
:mod:`..checks_blackjack`) read of a seat's cards, and the column that carries it:

- the player's play (``analyse_hands``): for a simple seat the hand's card values in order
  and whether it was doubled, the engine asked once per distinct sequence whether the play
  breaks a rule (the seat then takes the exact path), and the hand's total and natural; a
  split seat (about one seat in a hundred) is asked on its own cards, each hand's total
  once per distinct sequence;
- the main wager (``main_outcome``): each hand's total and natural (a split hand has none),
  whether it is a later hand of a split, against the dealer's first two cards (a natural)
  and total: the engine's outcome, one per distinct question, the seat's outcomes together
  in one int;
- insurance: the dealer's natural and whether the up card is an ace;
- the game's own wagers (:meth:`FamilyScreen.side_keys`): the tie status, or the poker
  outcome and the Poker Bonus category.

A seat's class is those answers with its wager, result, poker and hand objects as written
(its *tail*).  The round's own checks here: the dealer's drawing (``check_dealer``, for
whether any hand is live or, in Ante Up, any poker hand was bet), the shoe, and (in the
skeleton) the aggregate payout.  Every answer is the engine's, through
:class:`~.answers.Answers`.
"""

from __future__ import annotations

from decimal import Decimal

import numpy as np

from games.engine.blackjack import MAIN_PAYS, PlayerHand, hand_total, is_natural
from games.engine.blackjack_play import analyse_hands
from games.engine.cards import ACE, RANK
from games.engine.odds import settle_amount
from games.engine.parameters import ParameterError

from ..checks_blackjack import recorded_winnings
from ..parse import ParsedSeat
from .answers import MOST_CARDS, Answers, Names, row_cards, sequence_codes
from .cards import card_lists_at, two_cards_at, within_shoe
from .family_columns import Dealers, FamilySeats, Hands
from .family_seats import (
    CARDS,
    HAND_CARDS,
    HAND_DOUBLED,
    SEAT,
    TOSS,  # fmt: skip
    dealer_cards,
    seat_spans,
    seat_tails,
)
from .fixed import Pattern, Spans
from .objects import FAMILY_TAILS as TAILS
from .objects import UNKNOWN, Derived
from .rounds import BatchColumns, numbered
from .skeleton import GameScreen, SeatClasses
from .split_keys import split_play_keys

ZERO = Decimal(0)
BUST = 22  # every total above 21 reads as this one
MOST_HANDS = 4  # a seat of more hands goes to the exact path
OUTCOME_BITS = 4  # a hand's outcome id in the seat's main key
SIDE_BITS = 8  # each of the game's own answers in a seat's class

#: tail flags every game has (a game adds its own after them)
PLAIN, MAIN, DOUBLED, SURRENDER_LIKE, INSURANCE = range(5)
OUTCOMES = Names()  # the engine's outcome names, as stable ints
SEAT_NUMBER = Pattern("%D")
SEAT_STARTS = (  # a seat's usual start, up to its wager object, which the scanner steps over
    Pattern('{"seat":%D,"cards":[%C,%C],"wagers":'),
    Pattern('{"seat": %D, "cards": [%C, %C], "wagers": '),
)


class FamilyScreen(GameScreen):
    round_level = frozenset(
        {"card_over_shoe", "aggregate_payout_exceeded", "dealer_drew_wrongly",
         "dealer_drew_needlessly"}
    )  # fmt: skip
    seat_starts = SEAT_STARTS
    #: the game's own tail flags, after the family's
    game_flags: tuple[str, ...] = ()

    def __init__(self, rules, options, decks, check):
        super().__init__(rules, options, decks, check)
        try:
            self.engine = rules.engine.variant(options)
        except ParameterError:
            self.engine = None  # the exact path reports the options
        self._flags = Derived(TAILS, 5 + len(self.game_flags), self._flags_of)
        self.play, self.dealer_answers = Answers(3), Answers(6)
        self.main, self.totals = Answers(1), Answers(1)
        self._split_play: dict[bytes, bool] = {}

    def paid(self, seat: ParsedSeat) -> Decimal:
        return recorded_winnings(seat)

    # -- the game's own ------------------------------------------------------------------

    def side_keys(self, seats: FamilySeats, dealer: Dealers, seat_round) -> np.ndarray:
        """``(seats, j)`` ints: the engine's answers about the game's own wagers."""
        raise NotImplementedError

    def completes(self, seats: FamilySeats, seat_round, n: int) -> np.ndarray:
        """Per round: a game rule makes the dealer complete his hand whatever the hands."""
        return np.zeros(n, bool)

    def side_flags(self, wagers: dict, results: dict, poker) -> tuple[bool, ...]:
        """The game's own flags of a tail (:attr:`game_flags`)."""
        return ()

    # -- columns -------------------------------------------------------------------------

    def classes(self, batch: BatchColumns, rows: np.ndarray, seats: np.ndarray) -> SeatClasses:
        n = len(rows)
        seat_round = np.repeat(np.arange(n), batch.seat_count[rows])
        if self.engine is None:
            k = len(seats)
            return SeatClasses(np.zeros(n, bool), np.zeros(k, bool), np.zeros(k, np.int64),
                               np.zeros(k, np.int64))  # fmt: skip
        dealer = self._dealers(batch, rows)
        read = self._seats(batch, seats)
        self._play(read)
        hands = read.hands
        hand_round = seat_round[hands.seat]
        main_bet = read.flags[hands.seat, MAIN]
        live = main_bet & (hands.total <= 21) & (hands.natural == 0)
        must = (np.bincount(hand_round[live], minlength=n) > 0) | self.completes(
            read, seat_round, n
        )
        round_ok = dealer.ok & numbered(read.numbers, seat_round, batch.seat_count[rows])
        round_ok &= dealer.draws_ok[np.arange(n), must.astype(np.int64)]
        round_ok &= within_shoe(dealer.cards, hands.cards, hand_round, n, self.decks)
        main = self._main(read, dealer, hand_round)
        d = seat_round
        insurance = np.where(read.flags[:, INSURANCE],
                             1 + dealer.up_ace[d] * 2 + dealer.natural[d], 0)  # fmt: skip
        keys = _packed(read.tails, np.where(read.flags[:, MAIN], main, 0), insurance,
                       self.side_keys(read, dealer, seat_round))  # fmt: skip
        return SeatClasses(round_ok, read.ok, keys, read.numbers)

    def _dealers(self, batch: BatchColumns, rows: np.ndarray) -> Dealers:
        joined = batch.joined_dealers
        dealers = Spans(joined.bytes, joined.start[rows], joined.length[rows], joined.array)
        cards, counts = dealer_cards(dealers, MOST_CARDS)
        ok = counts >= 2
        answers = self.dealer_answers.of(
            np.where(ok, sequence_codes(cards, np.maximum(counts, 0)), -1),
            lambda i: self._dealer_answer(row_cards(cards, counts, i)) if ok[i] else (0,) * 6,
        )
        natural, total, blackjack, up_ace, must_not, must = answers.T
        return Dealers(cards, counts, ok, natural, total, blackjack, up_ace,
                       np.column_stack([must_not, must]).astype(bool))  # fmt: skip

    def _dealer_answer(self, cards: tuple[int, ...]) -> tuple[int, ...]:
        engine = self.engine
        total = min(hand_total(cards)[0], BUST)
        return (is_natural(cards[:2]), total, is_natural(cards), RANK[cards[0]] == ACE,
                engine.check_dealer(cards, False) is None,
                engine.check_dealer(cards, True) is None)  # fmt: skip

    def _seats(self, batch: BatchColumns, seats: np.ndarray) -> FamilySeats:
        joined = batch.joined_seats
        starts = joined.start[seats]
        found = seat_spans(batch.data, batch.array, starts, starts + joined.length[seats],
                           MOST_HANDS)  # fmt: skip
        data = np.frombuffer(found.data, np.uint8)

        def values(spans: np.ndarray) -> Spans:
            return Spans(found.data, spans[:, 0], spans[:, 1] - spans[:, 0], data)

        fields = found.fields
        usable = found.read & (found.n_hands >= 1) & values(fields[:, TOSS]).are(b"null")
        n_hands = np.where(usable, found.n_hands, 1)  # an unread seat: one empty hand
        first = np.where(usable[:, None], two_cards_at(values(fields[:, CARDS])), -1)
        starts = np.cumsum(n_hands) - n_hands
        hand_seat = np.repeat(np.arange(len(seats)), n_hands)
        index = np.arange(len(hand_seat)) - starts[hand_seat]
        hand = found.hands[hand_seat, index]
        cards, counts = card_lists_at(values(hand[:, HAND_CARDS]), MOST_CARDS)
        counts[~usable[hand_seat]] = -1
        doubled = values(hand[:, HAND_DOUBLED]).are(b"true")
        tails = np.full(len(seats), UNKNOWN, np.int64)
        written, inverse = seat_tails(found, np.flatnonzero(usable), MOST_HANDS)
        tails[usable] = TAILS.ids(written)[inverse]  # one of each spelling read
        known = usable & (tails != UNKNOWN)
        flags = self._flags.of(np.where(known, tails, 0))
        ok = known & flags[:, PLAIN] & ~flags[:, SURRENDER_LIKE]
        ok &= (first >= 0).all(axis=1)
        ok &= np.bincount(hand_seat[counts < 2], minlength=len(seats)) == 0
        ok &= (n_hands > 1) | (cards[starts, :2] == first).all(axis=1)
        numbers = np.full(len(seats), -1, np.int64)
        number = values(fields[:, SEAT])
        which = np.flatnonzero(usable & (number.length == 1))
        read, digits, _, _ = SEAT_NUMBER.read_at(number, which)
        numbers[which[read]] = digits[read, 0]
        hands = Hands(cards, counts, hand_seat, index, doubled, starts)
        return FamilySeats(numbers, first, cards[starts], counts[starts], tails, flags, ok,
                           hands, n_hands)  # fmt: skip

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
            codes = sequence_codes(hands.cards[rows], hands.counts[rows])

            def hand_of(i: int) -> tuple[int]:
                return (min(hand_total(row_cards(hands.cards, hands.counts, rows[i]))[0], BUST),)

            total[rows] = self.totals.of(codes, hand_of)[:, 0]
            seats = np.unique(hands.seat[rows])
            keys = split_play_keys(read.first, hands.cards, hands.counts, hands.doubled,
                                   hands.start, read.n_hands, seats, MOST_HANDS)  # fmt: skip
            for seat, key in zip(seats.tolist(), keys, strict=True):
                read.ok[seat] &= self._split_ok(read, seat, key.tobytes())
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
        codes = np.where(ok, sequence_codes(cards, counts) * 2 + doubled, -1)

        def answer(i: int) -> tuple[int, ...]:
            if not ok[i]:
                return (0, 0, 0)
            held = row_cards(cards, counts, i)
            hand = PlayerHand(held, bool(doubled[i]))
            analysis = analyse_hands(self.engine, held[:2], (hand,))
            return (not analysis.violations, min(hand_total(held)[0], BUST), is_natural(held))

        play_ok, total[rows], natural[rows] = self.play.of(codes, answer).T
        read.ok[seat] &= play_ok.astype(bool)

    def _split_ok(self, read: FamilySeats, seat: int, key: bytes) -> bool:
        """Whether the engine finds the split seat's play within the rules, asked once per
        key (:mod:`.split_keys`)."""
        ok = self._split_play.get(key)
        if ok is None:
            first = tuple(read.first[seat].tolist())
            ok = not analyse_hands(self.engine, first, read.hands.of(seat)).violations
            if len(self._split_play) < 50_000:
                self._split_play[key] = ok
        return ok

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

    # -- tails ---------------------------------------------------------------------------

    def _flags_of(self, tail) -> tuple[bool, ...]:
        """(plain, main, doubled, surrender-like, insurance, *the game's own) of a tail
        (:func:`~.family_seats.seat_tails`); not plain: the exact path."""
        try:
            return self._read_flags(*tail)
        except (TypeError, ValueError, AttributeError, ArithmeticError):
            return (False,) * (5 + len(self.game_flags))

    def _read_flags(self, wagers, results, poker, *played) -> tuple[bool, ...]:
        stakes = {key: _amount(value) for key, value in wagers.items()}
        won = {key: _amount(value) for key, value in results.items()}
        hands = played if len(played) == 2 else played[0]  # one hand, or [[result, doubled]...]
        hands = [hands] if len(played) == 2 else [(h[0], h[1]) for h in hands]
        for result, doubled in hands:
            _amount(result)
            if not isinstance(doubled, bool):
                raise TypeError(doubled)
        if not (poker is None or isinstance(poker, str)):
            raise TypeError(poker)
        main = stakes.get("main", ZERO)
        result, doubled = hands[0]
        surrender_like = (
            len(hands) == 1 and self.engine.params.get("surrender") == "late" and main > 0
            and not doubled
            and _amount(result) == settle_amount(main, MAIN_PAYS["surrender"], self.engine.rounding)
        )  # fmt: skip
        insured = stakes.get("insurance", ZERO) != 0
        return (True, main != 0, any(d for _, d in hands), surrender_like, insured,
                *self.side_flags(stakes, won, poker))  # fmt: skip


def _packed(tails, main, insurance, side) -> np.ndarray:
    """A seat's class as one int64 (tail id, each hand's outcome, insurance, the game's
    answers in fixed bit fields), or as a row of ints where an answer outgrows its field."""
    side = side.reshape(len(tails), -1)
    fields = [(tails, 18), (main, OUTCOME_BITS * MOST_HANDS), (insurance, 3),
              *((side[:, j], SIDE_BITS) for j in range(side.shape[1]))]  # fmt: skip
    if any(len(v) and (v.min() < 0 or v.max() >> bits) for v, bits in fields):
        return np.column_stack([tails, main, insurance, side])
    packed = np.zeros(len(tails), np.int64)
    for value, bits in fields:
        packed = (packed << bits) | value
    return packed


def _amount(value) -> Decimal:
    """An amount as the exact path reads it, near enough for a flag (strings and numbers;
    anything odd is not plain, and its seat takes the exact path)."""
    if isinstance(value, bool) or not isinstance(value, (str, int, float)):
        raise ValueError(value)
    amount = Decimal(str(value))
    if not amount.is_finite():
        raise ValueError(value)
    return amount
