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
from .cards import card_matrix, toss_cards, within_shoe
from .decode import NULL
from .fixed import Pattern, Spans
from .objects import TAILS, UNKNOWN, Derived
from .rounds import BatchColumns, numbered, small_ints
from .skeleton import GameScreen, SeatClasses

ZERO = Decimal(0)
NO_TOSS, BAD_TOSS = 4, -1  # toss slots besides 0..3, the card tossed
#: the three cards kept for each toss slot
KEPT = np.array([[1, 2, 3], [0, 2, 3], [0, 1, 3], [0, 1, 2]], np.int64)
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
    """The engine's tables of one rule version as arrays over rank multisets."""

    def __init__(self, tables: TossOneTables):
        size = len(RANK_KEYS)
        self.player = np.full((size, 13), -1, np.int64)  # toss of a rank -> hand kept
        self.dealer = np.full((size, 13), -1, np.int64)
        self.untossed = np.full(size, -1, np.int64)  # no toss: the hand if bust
        self.total = np.zeros(size, np.int64)
        self.four_total = np.zeros(size, np.int64)
        for m, key in enumerate(RANK_KEYS):
            entry = tables.entries[key]
            for rank_char, kept in entry.kept.items():
                rank = RANKS.index(rank_char)
                self.player[m, rank], self.dealer[m, rank] = kept, entry.best_id
            self.untossed[m] = -1 if entry.bust_id is None else entry.bust_id
            self.total[m], self.four_total[m] = entry.total, entry.four_total
        hands = len(tables.hands)
        signs = [SIGNS[tables.main[p][d][2]] for p in range(hands) for d in range(hands)]
        self.main = np.array(signs, np.int64).reshape(hands, hands)

    def hands(self, cards: np.ndarray, slot: np.ndarray, player: bool) -> np.ndarray:
        """The id of the hand played (as tossed), -1 where the toss breaks rule 3."""
        ranks = cards >> 2
        m = MULTISET[((ranks[:, 0] * 13 + ranks[:, 1]) * 13 + ranks[:, 2]) * 13 + ranks[:, 3]]
        tossed = np.take_along_axis(ranks, np.clip(slot, 0, 3)[:, None], axis=1)[:, 0]
        table = self.player if player else self.dealer
        ids = np.where(slot == NO_TOSS, self.untossed[m], table[m, tossed])
        return np.where(slot == BAD_TOSS, -1, ids), m


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
    the seat has nothing but those (``plain``)."""

    numbers: np.ndarray
    cards: np.ndarray
    toss: np.ndarray
    tails: np.ndarray
    plain: np.ndarray


class TossOneScreen(GameScreen):
    round_level = frozenset({"card_over_shoe", "aggregate_payout_exceeded"})

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
        n = len(rows)
        seat_round = np.repeat(np.arange(n), batch.seat_count[rows])
        dealer, dealer_toss = read_dealers(batch, rows)
        dealer_slot = toss_slots(dealer, dealer_toss)
        dealer_id, _ = self.hands.hands(np.maximum(dealer, 0), dealer_slot, player=False)
        round_ok = (dealer >= 0).all(axis=1) & (dealer_id >= 0)
        read = self._read_seats(batch, seats)
        cards = read.cards
        round_ok &= numbered(read.numbers, seat_round, batch.seat_count[rows])
        round_ok &= within_shoe(dealer, cards, seat_round, n, self.decks)
        slot = toss_slots(cards, read.toss)
        player_id, m = self.hands.hands(np.maximum(cards, 0), slot, player=True)
        seat_ok = (cards >= 0).all(axis=1) & (player_id >= 0) & read.plain
        seat_ok &= read.tails != UNKNOWN
        flags = self._flags.of(np.maximum(read.tails, 0))
        lucky3 = self._lucky3(cards, slot, m, flags[:, 1])
        seat_ok &= lucky3 >= 0
        main = self.hands.main[np.maximum(player_id, 0), np.maximum(dealer_id, 0)[seat_round]]
        bonus4 = np.where(flags[:, 2], self.bonus4[self.hands.four_total[m]], 0)
        keys = (
            read.tails
            | main << TAIL_BITS
            | bonus4 << (TAIL_BITS + MAIN_BITS)
            | np.maximum(lucky3, 0) << (TAIL_BITS + MAIN_BITS + ODDS_BITS)
        )
        return SeatClasses(round_ok, seat_ok, keys, read.numbers)

    def _read_seats(self, batch: BatchColumns, seats: np.ndarray) -> SeatsRead:
        """The seats read by their patterns; a seat in another spelling (or whose tail holds
        more than its wager and result objects) is decoded on its own."""
        k = len(seats)
        read = SeatsRead(np.full(k, -1), np.full((k, 4), -1), np.full(k, -2),
                         np.full(k, UNKNOWN), np.zeros(k, bool))  # fmt: skip
        joined = batch.joined_seats
        length, start = joined.length[seats], joined.start[seats]
        left = np.ones(k, bool)
        for pattern in SEAT_PATTERNS:
            candidates = np.flatnonzero(left & (length > pattern.width))
            ok, digits, cards, tosses = pattern.read_at(joined, seats[candidates])
            got = candidates[ok]
            tails = TAILS.ids_at(Spans(joined.bytes, start[got] + pattern.width,
                                       length[got] - pattern.width, joined.array))  # fmt: skip
            plain = self._flags.of(np.maximum(tails, 0))[:, 0] & (tails != UNKNOWN)
            got, tails, read_ok = got[plain], tails[plain], np.flatnonzero(ok)[plain]
            read.numbers[got] = digits[read_ok, 0]
            read.cards[got] = cards[read_ok]
            read.toss[got] = tosses[read_ok, 0]
            read.tails[got], read.plain[got] = tails, True
            left[got] = False
        self._decode_seats(batch, seats, np.flatnonzero(left), read)
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

    def _lucky3(self, cards, slot, m, bet) -> np.ndarray:
        """The Lucky 3 token of a seat: 0 when its cards do not decide the bet (no bet, or no
        21), else the odds of the kept cards' category (told by their label: same suit,
        same colour, blackjack); -1 where the screen cannot tell (the exact path)."""
        label = np.zeros(len(cards), np.int64)
        decides = bet & (self.hands.total[m] == 21)
        if not decides.any():
            return label
        if not self.lucky3_kept:
            label[decides] = -1
            return label
        at = np.flatnonzero(decides)  # the few seats whose three cards kept decide the bet
        kept = np.take_along_axis(cards[at], KEPT[np.clip(slot[at], 0, 3)], axis=1)
        suits, ranks = kept & 3, kept >> 2
        suited = (suits[:, 0] == suits[:, 1]) & (suits[:, 1] == suits[:, 2])
        red = (suits == 1) | (suits == 2)
        coloured = (red[:, 0] == red[:, 1]) & (red[:, 1] == red[:, 2])
        blackjack = ((ranks == 0).sum(axis=1) == 1) & ((ranks >= 9).sum(axis=1) == 2)
        label[at] = self.lucky3[suited << 2 | coloured << 1 | blackjack]
        return label


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
    cards, toss = np.full((len(rows), 4), -1), np.full(len(rows), -2)
    joined, left = batch.joined_dealers, np.ones(len(rows), bool)
    for pattern in DEALER_PATTERNS:
        candidates = np.flatnonzero(left & (joined.length[rows] == pattern.width))
        ok, _, read, tossed = pattern.read_at(joined, rows[candidates])
        got = candidates[ok]
        cards[got], toss[got] = read[ok], tossed[ok, 0]
        left[got] = False
    which = np.flatnonzero(left)
    if which.size:
        decoded = batch.decoded_dealers(rows[which])
        found = [(i, d) for i, d in zip(which.tolist(), decoded, strict=True) if d is not None]
        if found:
            at = np.array([i for i, _ in found], np.int64)
            cards[at] = card_matrix([d.cards for _, d in found], 4)
            toss[at] = toss_cards([d.toss for _, d in found])
    return cards, toss


def toss_slots(cards: np.ndarray, tossed: np.ndarray) -> np.ndarray:
    """The position of each toss (a card int, -1 for none) among the row's cards (its
    first), :data:`NO_TOSS` when none was recorded, :data:`BAD_TOSS` when not one of them."""
    same = cards == tossed[:, None]
    slot = np.where(same.any(axis=1), same.argmax(axis=1), BAD_TOSS)
    return np.where(tossed == -1, NO_TOSS, slot)
