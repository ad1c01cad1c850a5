"""The blackjack family's screen (Ante Up 21, the tie bonus game): simple seats in columns.

A *simple* seat holds exactly one hand, which begins with its two first cards, and no
surrender can be read from its result; any other seat (a split, more than
:data:`~.answers.MOST_CARDS` cards, a seat decoded as something else) sends its round to
the exact path.  What the family's settlement and checks (:mod:`..settle_blackjack`,
:mod:`..checks_blackjack`) read of a simple seat's cards, and the column that carries it:

- the player's play (``analyse_hands`` on one hand): the hand's card values in order and
  whether it was doubled; the engine is asked once per distinct sequence whether the play
  breaks a rule (the seat then takes the exact path), and the hand's total and natural;
- the main wager (``main_outcome``): that total and natural against the dealer's first two
  cards (a natural) and total: the engine's outcome, one per distinct pair;
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

from dataclasses import dataclass
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
from .cards import card_matrix, ragged_cards, within_shoe
from .decode import NULL
from .objects import FAMILY_TAILS as TAILS
from .objects import UNKNOWN, Derived
from .rounds import BatchColumns, numbered, small_ints
from .skeleton import GameScreen, SeatClasses

ZERO = Decimal(0)
BUST = 22  # every total above 21 reads as this one
#: tail flags every game has (a game adds its own after them)
PLAIN, MAIN, DOUBLED, SURRENDER_LIKE, INSURANCE = range(5)
OUTCOMES = Names()  # the engine's outcome names, as stable ints


@dataclass
class Dealers:
    """The dealer's hand of each round, and the engine's answers about it."""

    cards: np.ndarray  # (rounds, MOST_CARDS), -1 padded
    counts: np.ndarray
    ok: np.ndarray  # read, no toss, 2 to MOST_CARDS cards
    natural: np.ndarray  # the first two cards
    total: np.ndarray
    blackjack: np.ndarray  # exactly two cards making 21
    up_ace: np.ndarray
    draws_ok: np.ndarray  # (rounds, 2): the drawing is right if he must not / must complete


@dataclass
class FamilySeats:
    """Some seats as the screen read them; each row's dealer is ``dealer_of`` its round."""

    numbers: np.ndarray
    first: np.ndarray  # (seats, 2)
    hand: np.ndarray  # (seats, MOST_CARDS), -1 padded
    counts: np.ndarray
    tails: np.ndarray
    flags: np.ndarray  # per seat, its tail's flags
    ok: np.ndarray
    total: np.ndarray = None  # the hand's (BUST above 21)
    natural: np.ndarray = None


class FamilyScreen(GameScreen):
    round_level = frozenset(
        {"card_over_shoe", "aggregate_payout_exceeded", "dealer_drew_wrongly",
         "dealer_drew_needlessly"}
    )  # fmt: skip
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
        self.main = Answers(1)

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
        self._hands(read, dealer, seat_round)
        live = read.flags[:, MAIN] & (read.total <= 21) & (read.natural == 0)
        must = (np.bincount(seat_round[live], minlength=n) > 0) | self.completes(
            read, seat_round, n
        )
        round_ok = dealer.ok & numbered(read.numbers, seat_round, batch.seat_count[rows])
        round_ok &= dealer.draws_ok[np.arange(n), must.astype(np.int64)]
        round_ok &= within_shoe(dealer.cards, read.hand, seat_round, n, self.decks)
        d = seat_round
        main = self.main.of(
            ((read.total * 2 + read.natural) * 32 + dealer.total[d]) * 2 + dealer.natural[d],
            lambda i: (OUTCOMES(self.engine.main_outcome(
                PlayerHand(row_cards(read.hand, read.counts, i)), 0, 1,
                row_cards(dealer.cards, dealer.counts, d[i]))),),
        )[:, 0]  # fmt: skip
        insurance = np.where(read.flags[:, INSURANCE],
                             1 + dealer.up_ace[d] * 2 + dealer.natural[d], 0)  # fmt: skip
        keys = np.column_stack([
            read.tails,
            np.where(read.flags[:, MAIN], main, 0),
            insurance,
            self.side_keys(read, dealer, seat_round),
        ])  # fmt: skip
        return SeatClasses(round_ok, read.ok, keys, read.numbers)

    def _dealers(self, batch: BatchColumns, rows: np.ndarray) -> Dealers:
        decoded = batch.decoded_dealers(rows)
        read = [d is not None and d.toss == NULL for d in decoded]
        cards, counts = ragged_cards([d.cards if ok else b"0" for d, ok in
                                      zip(decoded, read, strict=True)], MOST_CARDS)  # fmt: skip
        ok = np.array(read, bool) & (counts >= 2)
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
        decoded = batch.decoded_seats(seats)
        simple = [s if s is not None and s.hands is not None and len(s.hands) == 1
                  and s.toss == NULL else None for s in decoded]  # fmt: skip
        empty = b"0"
        hands = [s.hands[0] if s else None for s in simple]
        first = card_matrix([s.cards if s else empty for s in simple], 2)
        hand, counts = ragged_cards([h.cards if h else empty for h in hands], MOST_CARDS)
        tails = TAILS.ids([b"[%s,%s,%s,%s,%s]" % (s.wagers, s.results, s.poker, h.result,
                                                  h.doubled) if s else empty
                           for s, h in zip(simple, hands, strict=True)])  # fmt: skip
        known = np.array([s is not None for s in simple], bool) & (tails != UNKNOWN)
        flags = self._flags.of(np.where(known, tails, 0))
        ok = known & flags[:, PLAIN] & ~flags[:, SURRENDER_LIKE]
        ok &= (first >= 0).all(axis=1) & (counts >= 2)
        ok &= (hand[:, :2] == first).all(axis=1)
        numbers = small_ints([s.seat if s else -1 for s in simple])
        return FamilySeats(numbers, first, hand, counts, tails, flags, ok)

    def _hands(self, read: FamilySeats, dealer: Dealers, seat_round: np.ndarray) -> None:
        """Each seat's play checked by the engine (a fault: the exact path), its total and
        natural."""
        counts = np.maximum(read.counts, 0)
        doubled = read.flags[:, DOUBLED]
        codes = np.where(read.ok, sequence_codes(read.hand, counts) * 2 + doubled, -1)

        def answer(i: int) -> tuple[int, ...]:
            if not read.ok[i]:
                return (0, 0, 0)
            cards = row_cards(read.hand, read.counts, i)
            hand = PlayerHand(cards, bool(doubled[i]))
            analysis = analyse_hands(self.engine, cards[:2], (hand,))
            total = min(hand_total(cards)[0], BUST)
            return (not analysis.violations, total, is_natural(cards))

        play_ok, read.total, read.natural = self.play.of(codes, answer).T
        read.ok &= play_ok.astype(bool)

    # -- tails ---------------------------------------------------------------------------

    def _flags_of(self, tail) -> tuple[bool, ...]:
        """(plain, main, doubled, surrender-like, insurance, *the game's own) of a tail
        ``[wagers, results, poker, hand result, doubled]``; not plain: the exact path."""
        try:
            return self._read_flags(*tail)
        except (TypeError, ValueError, AttributeError, ArithmeticError):
            return (False,) * (5 + len(self.game_flags))

    def _read_flags(self, wagers, results, poker, result, doubled) -> tuple[bool, ...]:
        stakes = {key: _amount(value) for key, value in wagers.items()}
        won = {key: _amount(value) for key, value in results.items()}
        result = _amount(result)
        if not isinstance(doubled, bool) or not (poker is None or isinstance(poker, str)):
            raise TypeError(doubled, poker)
        main = stakes.get("main", ZERO)
        surrender_like = (
            self.engine.params.get("surrender") == "late" and main > 0 and not doubled
            and result == settle_amount(main, MAIN_PAYS["surrender"], self.engine.rounding)
        )  # fmt: skip
        return (True, main != 0, doubled, surrender_like, stakes.get("insurance", ZERO) != 0,
                *self.side_flags(stakes, won, poker))  # fmt: skip


def _amount(value) -> Decimal:
    """An amount as the exact path reads it, near enough for a flag (strings and numbers;
    anything odd is not plain, and its seat takes the exact path)."""
    if isinstance(value, bool) or not isinstance(value, (str, int, float)):
        raise ValueError(value)
    amount = Decimal(str(value))
    if not amount.is_finite():
        raise ValueError(value)
    return amount
