"""Toss One 21's screen: each seat's class from the engine's tables, in columns.

What a Toss One 21 seat is paid is decided, in the engine's tables
(:class:`~games.engine.toss_one_tables.TossOneTables`), by: the hand the seat plays (its
cards' ranks and its toss, which must be right: rule 3) against the dealer's hand (likewise),
which gives the main wager's sign (won, lost, or a blackjack paid as the round declares);
the four-card total, which gives Bonus 4's odds; and for a Lucky 3 bet on a three-card 21,
the category of the three cards kept, which gives Lucky 3's odds.  A seat's class is those
pays (the *tokens*) with the wagers placed and the results written, never their amounts:
the odds of each wager come from the class's verdict (:mod:`...screen.classes`) and every seat's
results are settled from its own stakes in columns (:mod:`...screen.game`).  The round's own checks
here are the dealer's toss, the seat numbers and the shoe.

A rule version paying Lucky 3 on the best 21 rather than the cards kept
(``lucky3_hand=best``) needs all four cards: such seats go to the exact path.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from games.engine.cards import CARD_INDEX, RANKS
from games.engine.toss_one_hands import lucky3_category
from games.engine.toss_one_lookups import bonus4_rows
from games.engine.toss_one_tables import TossOneTables

from ...screen import layout
from ...screen.batch import Batch
from ...screen.game import GameScreen, SeatClasses
from ...screen.kernel import compiled
from ...screen.keys import FIXED
from ...screen.seats import SeatTable

NO_TOSS, BAD_TOSS = 4, -1  # toss slots besides 0..3, the card tossed
MASK_BITS, MAIN_BITS, ODDS_BITS = 2 * layout.KEY_SLOTS, 2, 4
SIGNS = {-1: 0, 1: 1, 0: 2}  # the main wager's sign -> its token (2: a blackjack)
LUCKY3, BONUS4 = layout.WAGER_KEYS.index("lucky3"), layout.WAGER_KEYS.index("bonus4")


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


class TossOneScreen(GameScreen):
    round_level = frozenset({"card_over_shoe", "aggregate_payout_exceeded"})

    def __init__(self, rules, options, decks, judge, keys=FIXED):
        super().__init__(rules, options, decks, judge, keys)
        self.hands = _hand_columns(rules.engine.tables)
        self.lucky3_kept = rules.engine.params["lucky3_hand"] == "kept"
        paytables = rules.paytables
        #: four-card total -> Bonus 4's odds; Lucky 3 label -> Lucky 3's odds (as tokens)
        self.bonus4 = _odds_tokens([row[1] for row in bonus4_rows(paytables["bonus4"])]
                                   if "bonus4" in paytables else [None] * 41)  # fmt: skip
        self.lucky3 = _odds_tokens(
            [paytables["lucky3"].odds(lucky3_category(labelled_21(label))) for label in range(8)]
            if "lucky3" in paytables else [None] * 8
        )  # fmt: skip

    def classes(self, batch: Batch, rows: np.ndarray, seats: SeatTable) -> SeatClasses:
        """The classes of the seats against their rounds' dealers (four cards and the toss),
        in one compiled pass (:func:`_seat_classes`)."""
        read = batch.read
        n = len(rows)
        dealer = read.dealer_cards[rows, :4].astype(np.int64)
        dealer[read.dealer_count[rows] != 4] = -1  # not four cards: not read
        round_ok, seat_ok = np.empty(n, bool), np.empty(len(seats), bool)
        keys = np.empty(len(seats), np.int64)
        cards = np.where((seats.card_count == 4)[:, None], seats.cards, -1)
        presence = seats.wager_mask << layout.KEY_SLOTS | seats.result_mask
        plain = (seats.hand_count < 0) & (seats.poker == layout.POKER_NONE)
        hands = self.hands
        _seat_classes(dealer, read.dealer_toss[rows], read.seat_count[rows], cards, seats.toss,
                      seats.number, presence, plain, (seats.wager_mask >> LUCKY3 & 1) == 1,
                      (seats.wager_mask >> BONUS4 & 1) == 1, MULTISET, hands.player,
                      hands.dealer, hands.untossed, hands.total, hands.four_total, hands.main,
                      self.bonus4, self.lucky3, self.lucky3_kept, self.decks,
                      np.zeros(52, np.int64), round_ok, seat_ok, keys)  # fmt: skip
        return SeatClasses(round_ok, seat_ok, keys)


@compiled
def _seat_classes(dealer, dealer_toss, seat_count, cards, toss, numbers, presence, plain,
                  has_lucky3, has_bonus4, multiset, player, dealer_hands, untossed, total,
                  four_total, main, bonus4, lucky3, lucky3_kept, decks, shoe, round_ok, seat_ok,
                  keys):  # fmt: skip
    """Each round's checks and each seat's class, in one pass (rounds in order, each
    round's ``seat_count`` seats after the last's).  A round is ok when its dealer's four
    cards are read and tossed as rule 3 says and no card is dealt more often than the shoe
    holds (``shoe``: 52 zeros, left as found); a seat when its four cards and toss are read,
    it has nothing but a Toss One seat's fields (``plain``) and the screen can tell its
    Lucky 3 bet.  A seat's key is its wagers and results written (``presence``) with the
    tokens of its pays (module docstring): the main wager's sign, Bonus 4's and Lucky 3's
    odds."""
    s = 0
    for r in range(len(seat_count)):
        d_slot = _toss_slot(dealer, r, dealer_toss[r])
        d_m = _multiset(dealer, r, multiset)
        d_id = _hand_id(dealer, r, d_slot, d_m, dealer_hands, untossed)
        ok = d_id >= 0 and _all_read(dealer, r)
        most = 0
        for j in range(4):
            most = max(most, _deal(shoe, dealer[r, j], 1))
        first = s
        for _ in range(seat_count[r]):
            for j in range(4):
                most = max(most, _deal(shoe, cards[s, j], 1))
            slot = _toss_slot(cards, s, toss[s])
            m = _multiset(cards, s, multiset)
            p_id = _hand_id(cards, s, slot, m, player, untossed)
            lucky = 0
            if has_lucky3[s] and total[m] == 21:
                lucky = _lucky3_token(cards, s, slot, lucky3) if lucky3_kept else -1
            seat_ok[s] = _all_read(cards, s) and p_id >= 0 and plain[s] and lucky >= 0
            sign = np.int64(main[max(p_id, 0), max(d_id, 0)])
            odds = bonus4[four_total[m]] if has_bonus4[s] else 0
            keys[s] = (presence[s] | sign << MASK_BITS | odds << (MASK_BITS + MAIN_BITS)
                       | max(lucky, 0) << (MASK_BITS + MAIN_BITS + ODDS_BITS))  # fmt: skip
            s += 1
        for j in range(4):  # the shoe left as found
            _deal(shoe, dealer[r, j], -1)
        for t in range(first, s):
            for j in range(4):
                _deal(shoe, cards[t, j], -1)
        round_ok[r] = ok and most <= decks


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
