"""Toss One 21's screen: each seat's class from the engine's tables, in columns.

What a Toss One 21 seat is paid is decided, in the engine's tables
(:class:`~games.engine.toss_one_tables.TossOneTables`), by: the hand the seat plays (its
cards' ranks and its toss, which must be right: rule 3) against the dealer's hand (likewise),
which gives the main wager's sign (won, lost, or a blackjack paid as the round declares);
the four-card total, which gives Bonus 4's odds; and for a Lucky 3 bet on a three-card 21,
the category of the three cards kept, which gives Lucky 3's odds.  A seat's class is those
pays (the *tokens*), with its wager and result objects as written: the checks compare
recorded results with the nets those pays give, so seats alike in all of them are judged
alike.  The round's own checks here are the dealer's toss and the shoe.

A rule version paying Lucky 3 on the best 21 rather than the cards kept
(``lucky3_hand=best``) needs all four cards: such seats go to the exact path.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from functools import lru_cache

import numpy as np

from games.engine.cards import CARD_INDEX, RANKS
from games.engine.toss_one_hands import lucky3_category
from games.engine.toss_one_lookups import bonus4_rows
from games.engine.toss_one_tables import TossOneTables

from ..parse import ParsedSeat
from .cards import card_matrix, toss_cards
from .decode import NULL
from .fixed import Pattern, Spans
from .kernel import compiled
from .objects import TAILS, UNKNOWN, Derived
from .rounds import MOST_SEATS, BatchColumns, small_ints
from .skeleton import GameScreen, SeatClasses

ZERO = Decimal(0)
NO_TOSS, BAD_TOSS = 4, -1  # toss slots besides 0..3, the card tossed
TAIL_BITS, MAIN_BITS, ODDS_BITS = 18, 2, 4
SIGNS = {-1: 0, 1: 1, 0: 2}  # the main wager's sign -> its token (2: a blackjack)


def _multisets() -> tuple[np.ndarray, list[int]]:
    """Each ordered tuple of four ranks (``((a*13+b)*13+c)*13+d``) -> the index of its rank
    multiset, and the engine's rank key of each multiset."""
    ranks = np.indices((13, 13, 13, 13)).reshape(4, -1)
    keys = (np.int64(1) << (3 * ranks)).sum(axis=0)
    unique, index = np.unique(keys, return_inverse=True)
    return index.astype(np.int16), unique.tolist()


MULTISET, RANK_KEYS = _multisets()


class HandColumns:
    """The engine's tables of one rule version as arrays over rank multisets, in the
    smallest integers that hold them (all of them together stay in a core's cache)."""

    def __init__(self, tables: TossOneTables):
        size = len(RANK_KEYS)
        assert len(tables.hands) < 1 << 15
        self.player = np.full((size, 13), -1, np.int16)  # toss of a rank -> hand kept
        self.dealer = np.full((size, 13), -1, np.int16)
        self.untossed = np.full(size, -1, np.int16)  # no toss: the hand if bust
        self.total = np.zeros(size, np.int8)
        self.four_total = np.zeros(size, np.int8)
        for m, key in enumerate(RANK_KEYS):
            entry = tables.entries[key]
            for rank_char, kept in entry.kept.items():
                rank = RANKS.index(rank_char)
                self.player[m, rank], self.dealer[m, rank] = kept, entry.best_id
            self.untossed[m] = -1 if entry.bust_id is None else entry.bust_id
            self.total[m], self.four_total[m] = entry.total, entry.four_total
        hands = len(tables.hands)
        signs = [SIGNS[tables.main[p][d][2]] for p in range(hands) for d in range(hands)]
        self.main = np.array(signs, np.int8).reshape(hands, hands)


@lru_cache(maxsize=16)
def _hand_columns(tables: TossOneTables) -> HandColumns:
    return HandColumns(tables)


def labelled_21(label: int) -> list[int]:
    """Three cards making 21 with a Lucky 3 label's properties (same suit << 2 | same
    colour << 1 | blackjack)."""
    ranks = "AKQ" if label & 1 else "777"
    suits = "SSS" if label & 4 else ("SCS" if label & 2 else "SHS")
    return [CARD_INDEX[r + s] for r, s in zip(ranks, suits, strict=True)]


def _odds_tokens(odds: list) -> np.ndarray:
    """Each odds as a small token, 1 and up (0: the wager is not decided by it)."""
    tokens: dict = {}
    found = [tokens.setdefault(o, len(tokens) + 1) for o in odds]
    assert len(tokens) < 1 << ODDS_BITS
    return np.array(found, np.int64)


SEAT_PATTERNS = (  # the start of a seat, up to its wager object; the rest is its *tail*
    Pattern('{"seat":%D,"cards":[%C,%C,%C,%C],"toss":%T,"wagers":'),
    Pattern('{"seat": %D, "cards": [%C, %C, %C, %C], "toss": %T, "wagers": '),
)
DEALER_PATTERNS = (
    Pattern('{"cards":[%C,%C,%C,%C],"toss":%T}'),
    Pattern('{"cards": [%C, %C, %C, %C], "toss": %T}'),
)
TAIL_KEYS = frozenset({"wagers", "results"})


@dataclass
class SeatsRead:
    """What the screen read of some seats: number, four cards, toss, tail id, and whether
    the seat has nothing but those (``plain``); ``flags``, when already looked up, each
    tail's (plain, has lucky3, has bonus4)."""

    numbers: np.ndarray
    cards: np.ndarray
    toss: np.ndarray
    tails: np.ndarray
    plain: np.ndarray
    flags: np.ndarray | None = None


class TossOneScreen(GameScreen):
    round_level = frozenset({"card_over_shoe", "aggregate_payout_exceeded"})
    seat_starts = SEAT_PATTERNS

    def __init__(self, rules, options, decks, check):
        super().__init__(rules, options, decks, check)
        self.hands = _hand_columns(rules.engine.tables)
        self.lucky3_kept = rules.engine.params["lucky3_hand"] == "kept"
        self._flags = Derived(TAILS, 3, _flags)  # per tail: (plain, has lucky3, has bonus4)
        paytables = rules.paytables
        #: four-card total -> Bonus 4's odds; Lucky 3 label -> Lucky 3's odds (as tokens)
        self.bonus4 = _odds_tokens([row[1] for row in bonus4_rows(paytables["bonus4"])]
                                   if "bonus4" in paytables else [None] * 41)  # fmt: skip
        self.lucky3 = _odds_tokens(
            [paytables["lucky3"].odds(lucky3_category(labelled_21(label))) for label in range(8)]
            if "lucky3" in paytables else [None] * 8
        )  # fmt: skip

    def paid(self, seat: ParsedSeat) -> Decimal:
        return sum((r for r in seat.results.values() if r > 0), ZERO)

    def classes(self, batch: BatchColumns, rows: np.ndarray, seats: np.ndarray) -> SeatClasses:
        dealer, dealer_toss = read_dealers(batch, rows)
        read = self._read_seats(batch, seats)
        return self.seat_classes(dealer, dealer_toss, batch.seat_count[rows], read)

    def seat_classes(self, dealer: np.ndarray, dealer_toss: np.ndarray, counts: np.ndarray,
                     read: SeatsRead) -> SeatClasses:  # fmt: skip
        """The classes of seats read (``counts``: each round's seats, in order) against
        their rounds' dealers (four cards, -1 where unread, and the toss: -1 none, -2
        unread), in one compiled pass (:func:`_seat_classes`)."""
        flags = self._flags.of(np.maximum(read.tails, 0)) if read.flags is None else read.flags
        round_ok, seat_ok = np.empty(len(counts), bool), np.empty(len(read.tails), bool)
        keys = np.empty(len(read.tails), np.int64)
        hands = self.hands
        _seat_classes(dealer, dealer_toss, counts, read.cards, read.toss, read.numbers,
                      read.tails, read.plain, flags, MULTISET, hands.player, hands.dealer,
                      hands.untossed, hands.total, hands.four_total, hands.main, self.bonus4,
                      self.lucky3, self.lucky3_kept, self.decks, np.zeros(52, np.int64),
                      round_ok, seat_ok, keys)  # fmt: skip
        return SeatClasses(round_ok, seat_ok, keys, read.numbers)

    def _read_seats(self, batch: BatchColumns, seats: np.ndarray) -> SeatsRead:
        """The seats read by their patterns, in place (:meth:`~.fixed.Pattern.read_into`), and
        their tails interned; a seat in another spelling (or whose tail holds more than its
        wager and result objects) is decoded on its own."""
        k = len(seats)
        read = SeatsRead(np.full(k, -1), np.full((k, 4), -1), np.full(k, -2),
                         np.full(k, UNKNOWN), np.zeros(k, bool))  # fmt: skip
        joined = batch.joined_seats
        start, length = joined.start[seats], joined.length[seats]
        after = np.full(k, -1)  # where a pattern read ends: the seat's tail starts there
        for pattern in SEAT_PATTERNS:
            pattern.read_into(joined.array, start, length, False, after,
                              read.numbers.reshape(k, 1), read.cards,
                              read.toss.reshape(k, 1))  # fmt: skip
        got = np.flatnonzero(after >= 0)
        tails = TAILS.ids_at(Spans(joined.bytes, after[got], start[got] + length[got] - after[got],
                                   joined.array))  # fmt: skip
        read.flags = np.zeros((k, 3), bool)
        read.flags[got] = self._flags.of(np.maximum(tails, 0))
        plain = read.flags[got, 0] & (tails != UNKNOWN)
        read.tails[got[plain]], read.plain[got[plain]] = tails[plain], True
        left = np.flatnonzero(~read.plain)
        read.numbers[left], read.cards[left], read.toss[left] = -1, -1, -2  # as never read
        self._decode_seats(batch, seats, left, read)
        read.flags[left] = self._flags.of(np.maximum(read.tails[left], 0))
        return read

    @staticmethod
    def _decode_seats(batch, seats, which: np.ndarray, read: SeatsRead) -> None:
        """The seats ``which`` decoded one by one (their fields as the exact path reads
        them: a key written twice counts once, the last)."""
        if not which.size:
            return
        decoded = batch.decoded_seats(seats[which])
        found = [(i, s) for i, s in zip(which.tolist(), decoded, strict=True) if s is not None]
        if not found:
            return
        at = np.array([i for i, _ in found], np.int64)
        got = [s for _, s in found]
        read.numbers[at] = small_ints([s.seat for s in got])
        read.cards[at] = card_matrix([s.cards for s in got], 4)
        read.toss[at] = toss_cards([s.toss for s in got])
        read.tails[at] = TAILS.ids(
            [b'%s,"results":%s}' % (bytes(s.wagers), bytes(s.results)) for s in got]
        )
        read.plain[at] = [s.poker == NULL and s.hands is None for s in got]


def _flags(tail) -> tuple[bool, bool, bool]:
    """(plain, has lucky3, has bonus4) of a tail's object."""
    if not isinstance(tail, dict) or not tail.keys() <= TAIL_KEYS:
        return False, False, False  # more than wagers and results: the seat is decoded
    wagers = tail.get("wagers")
    if not isinstance(wagers, dict):
        return True, True, True  # every token in the class (the exact path says what is wrong)
    return True, "lucky3" in wagers, "bonus4" in wagers


def read_dealers(batch: BatchColumns, rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The dealer's four cards and toss of the rounds ``rows`` (-1 cards where unread)."""
    n = len(rows)
    cards, toss, after = np.full((n, 4), -1), np.full(n, -2), np.full(n, -1)
    joined = batch.joined_dealers
    start, length = joined.start[rows], joined.length[rows]
    for pattern in DEALER_PATTERNS:
        pattern.read_into(joined.array, start, length, True, after, np.zeros((n, 0), np.int64),
                          cards, toss.reshape(n, 1))  # fmt: skip
    which = np.flatnonzero(after < 0)
    if which.size:
        decoded = batch.decoded_dealers(rows[which])
        found = [(i, d) for i, d in zip(which.tolist(), decoded, strict=True) if d is not None]
        if found:
            at = np.array([i for i, _ in found], np.int64)
            cards[at] = card_matrix([d.cards for _, d in found], 4)
            toss[at] = toss_cards([d.toss for _, d in found])
    return cards, toss


@compiled
def _seat_classes(dealer, dealer_toss, seat_count, cards, toss, numbers, tails, plain, flags,
                  multiset, player, dealer_hands, untossed, total, four_total, main, bonus4,
                  lucky3, lucky3_kept, decks, shoe, round_ok, seat_ok, keys):  # fmt: skip
    """Each round's checks and each seat's class, in one pass (rounds in order, each
    round's ``seat_count`` seats after the last's).  A round is ok when its dealer's four
    cards are read and tossed as rule 3 says, its seats are numbered 1 to 7 each once and
    no card is dealt more often than the shoe holds (``shoe``: 52 zeros, left as found); a
    seat when its four cards, toss and tail are read (``plain``) and the screen can tell
    its Lucky 3 bet.  A seat's key is its tail with the tokens of its pays (module
    docstring): the main wager's sign, Bonus 4's and Lucky 3's odds."""
    s = 0
    for r in range(len(seat_count)):
        d_slot = _toss_slot(dealer, r, dealer_toss[r])
        d_m = _multiset(dealer, r, multiset)
        d_id = _hand_id(dealer, r, d_slot, d_m, dealer_hands, untossed)
        ok = d_id >= 0 and _all_read(dealer, r)
        seated, most = 0, 0
        for j in range(4):
            most = max(most, _deal(shoe, dealer[r, j], 1))
        first = s
        for _ in range(seat_count[r]):
            number = numbers[s]
            if 1 <= number <= MOST_SEATS:
                seated |= 1 << number
            for j in range(4):
                most = max(most, _deal(shoe, cards[s, j], 1))
            slot = _toss_slot(cards, s, toss[s])
            m = _multiset(cards, s, multiset)
            p_id = _hand_id(cards, s, slot, m, player, untossed)
            lucky = 0
            if flags[s, 1] and total[m] == 21:
                lucky = _lucky3_token(cards, s, slot, lucky3) if lucky3_kept else -1
            seat_ok[s] = (_all_read(cards, s) and p_id >= 0 and plain[s] and tails[s] != UNKNOWN
                          and lucky >= 0)  # fmt: skip
            sign = np.int64(main[max(p_id, 0), max(d_id, 0)])
            odds = bonus4[four_total[m]] if flags[s, 2] else 0
            keys[s] = (tails[s] | sign << TAIL_BITS | odds << (TAIL_BITS + MAIN_BITS)
                       | max(lucky, 0) << (TAIL_BITS + MAIN_BITS + ODDS_BITS))  # fmt: skip
            s += 1
        for j in range(4):  # the shoe left as found
            _deal(shoe, dealer[r, j], -1)
        for t in range(first, s):
            for j in range(4):
                _deal(shoe, cards[t, j], -1)
        round_ok[r] = ok and _popcount(seated) == seat_count[r] and most <= decks


@compiled
def _deal(shoe, card, by):
    """Count ``card`` (if one: -1 is none) ``by`` more times; its count now."""
    if card < 0:
        return 0
    shoe[card] += by
    return shoe[card]


@compiled
def _all_read(cards, i):
    return cards[i, 0] >= 0 and cards[i, 1] >= 0 and cards[i, 2] >= 0 and cards[i, 3] >= 0


@compiled
def _popcount(bits):
    count = 0
    while bits:
        count += bits & 1
        bits >>= 1
    return count


@compiled
def _toss_slot(cards, i, tossed):
    """The position of the toss (a card int, -1 for none) among row ``i``'s cards (its
    first), :data:`NO_TOSS` when none was recorded, :data:`BAD_TOSS` when not one of them."""
    slot = BAD_TOSS
    for j in range(3, -1, -1):  # the first that matches, without a branch per card
        slot = j if cards[i, j] == tossed else slot
    return NO_TOSS if tossed == -1 else slot


@compiled
def _multiset(cards, i, multiset):
    """The rank multiset of row ``i``'s four cards (an unread card, -1, read as an ace)."""
    a, b = max(cards[i, 0], 0) >> 2, max(cards[i, 1], 0) >> 2
    c, d = max(cards[i, 2], 0) >> 2, max(cards[i, 3], 0) >> 2
    return multiset[((a * 13 + b) * 13 + c) * 13 + d]


@compiled
def _hand_id(cards, i, slot, m, tossing, untossed):
    """The id of the hand played (as tossed: ``tossing[m, rank]``), -1 where the toss
    breaks rule 3 (or, with no toss, the hand is not bust)."""
    if slot == BAD_TOSS:
        return -1
    if slot == NO_TOSS:
        return untossed[m]
    return tossing[m, max(cards[i, slot], 0) >> 2]


@compiled
def _lucky3_token(cards, i, slot, lucky3):
    """Lucky 3's odds token of the three cards kept (all but the tossed one; the last three
    when none is, the first when the toss is not one of them), by their label: same suit
    << 2 | same colour << 1 | blackjack."""
    skip = min(max(slot, 0), 3)
    reds, aces, tens, seen, first_suit = 0, 0, 0, 0, 0
    suited = True
    for j in range(4):
        if j == skip:
            continue
        card = cards[i, j]
        suit, rank = card & 3, card >> 2
        if seen == 0:
            first_suit = suit
        suited = suited and suit == first_suit
        reds += 1 if suit == 1 or suit == 2 else 0
        aces += 1 if rank == 0 else 0
        tens += 1 if rank >= 9 else 0
        seen += 1
    coloured = reds == 0 or reds == seen
    blackjack = aces == 1 and tens == 2
    return lucky3[(4 if suited else 0) | (2 if coloured else 0) | (1 if blackjack else 0)]
