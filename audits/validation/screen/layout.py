"""The reader's layout: the fields it knows, the columns it writes, the constants it reads by.

The names of each object's fields in the order of their bits (:data:`ROUND_FIELDS`,
:data:`SEAT_FIELDS`, ...), the column numbers of the per-line, per-seat and per-hand
integer columns, the most seats, hands and cards a row holds, the byte tables the
kernels look up (:data:`WHITE`, :data:`RANK_OF`, :data:`SUIT_OF`) and the calendar's ends.
"""

from __future__ import annotations

import numpy as np

from games.engine.cards import RANKS, SUITS

MOST_SEATS, MOST_HANDS = 7, 4
MOST_SEAT_CARDS = 4  # kept per seat (a seat of more is read, its count says so)
MOST_DEALER_CARDS = 12
MOST_HAND_CARDS = 10
MOST_OPTIONS = 8
MISSING = np.iinfo(np.int64).min  # a time not read
#: every wager key of every game (a key of another game is the screen's to refuse), in fixed
#: slots; the slots after them hold the keys the registry defines as data (:mod:`.keys`)
WAGER_KEYS = (
    "main", "lucky3", "bonus4", "ante", "bet", "poker_bonus", "insurance", "tie_17", "tie_18",
    "tie_19", "tie_left", "tie_20", "tie_21", "tie_blackjack", "tie_right",
)  # fmt: skip
KEY_SLOTS = 20  # five spare slots for defined side wagers
ROUND_FIELDS = ("v", "round", "played_at", "venue", "table", "game", "options", "shoe", "dealer",
                "seats", "shift")  # fmt: skip
SHOE_FIELDS = ("decks",)
DEALER_FIELDS = ("cards", "toss", "id")
SEAT_FIELDS = ("seat", "cards", "wagers", "results", "toss", "hands", "poker")
HAND_FIELDS = ("cards", "result", "doubled")
ROUND_REQUIRED = sum(1 << ROUND_FIELDS.index(f) for f in ROUND_FIELDS
                     if f not in ("options", "shift"))  # fmt: skip
SEAT_REQUIRED = 0b111  # seat, cards, wagers
HAND_REQUIRED = 0b11  # cards, result
# line_ints columns
L_OK, L_SEATS, L_DECKS, L_DEALER_CARDS, L_DEALER_TOSS, L_MICROS = range(6)
# spans: [start, end) of a string's characters (between its quotes), or of an object
S_ROUND, S_VENUE, S_TABLE, S_GAME, S_OPTIONS, S_SHOE, S_DEALER_ID, S_SHIFT = range(8)
# seat_ints columns
SI_NUMBER, SI_CARDS, SI_TOSS, SI_POKER, SI_HANDS, SI_WAGERS, SI_RESULTS = range(7)
NO_CARD = -1  # a toss of null, or none written
POKER_NONE, POKER_BET, POKER_FOLD = 0, 1, 2
# hand_ints columns
HI_CARDS, HI_DOUBLED = range(2)

_QUOTE, _BACKSLASH, _COLON, _COMMA = 34, 92, 58, 44
_OPEN_OBJECT, _CLOSE_OBJECT, _OPEN_LIST, _CLOSE_LIST = 123, 125, 91, 93
_MINUS, _DOT, _ZERO, _NINE = 45, 46, 48, 57


def key_table(names) -> tuple[np.ndarray, np.ndarray]:
    """The reader's table of some key names (their bytes, zero-padded) and their lengths."""
    return _key_table(names)


def _key_table(names) -> tuple[np.ndarray, np.ndarray]:
    lengths = np.array([len(n) for n in names], np.int64)
    table = np.zeros((len(names), int(lengths.max())), np.uint8)
    for i, name in enumerate(names):
        table[i, : len(name)] = np.frombuffer(name.encode(), np.uint8)
    return table, lengths


def _lookup(chars: str) -> np.ndarray:
    table = np.full(256, -1, np.int64)
    for i, c in enumerate(chars):
        table[ord(c)] = i
    return table


TABLES = tuple(key_table(names) for names in (ROUND_FIELDS, SHOE_FIELDS, DEALER_FIELDS,
                                               SEAT_FIELDS, HAND_FIELDS, WAGER_KEYS))  # fmt: skip
RANK_OF, SUIT_OF = _lookup(RANKS), _lookup(SUITS)
#: JSON's white space; what may follow a number
WHITE = np.zeros(256, np.bool_)
WHITE[[32, 9, 10, 13]] = True
DAYS_IN_MONTH = np.array([0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31], np.int64)
#: the calendar's ends in UTC, microseconds since 1970 (a time beyond them is rejected)
FIRST_MICROS = -62135596800 * 1_000_000
LAST_MICROS = 253402300799 * 1_000_000 + 999_999
