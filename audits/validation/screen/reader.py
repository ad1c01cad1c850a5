"""The one reader: a batch of hand-log lines read into columns, in compiled code.

Each line is walked once, byte by byte, as RFC 8259 JSON and as docs/handlog-format.md
says: the round's fields, its shoe, dealer, seats and their hands, each object's keys known
and each written once, every card, every amount in the published form (a string or a
number's text: ``-?(0|[1-9][0-9]{0,10})(\\.[0-9]{1,2})?``) read into integer cents, the time
in RFC 3339 read into microseconds since 1970 UTC.  A line is *read* only when all of it is
as the exact path (:func:`~audits.validation.parse.parse_line`) would read it without
rejecting it; the reader gives up on anything it does not vouch for, and such a line goes
to the exact path, which says what is wrong with it, if anything:

- a byte beyond ASCII, or an escape, in any string (rare in table systems' logs);
- a key written twice, a field the format does not name, a wager or result key not among
  the batch's (:mod:`.keys`: every game's, and the registry's defined side wagers);
- more seats, cards or hands than the columns hold (:data:`MOST_DEALER_CARDS`,
  :data:`MOST_HAND_CARDS`, four hands a seat);
- any value of another type or form than the format's (a card that is not one, an amount
  with an exponent, a time without its offset's colon, a negative stake, ``v`` not ``1``).

What is read is written into the columns of :class:`Read` (one row per line, seats and
hands in fixed slots); strings (the round id, venue, table, game, dealer id, shift) and the
``options`` and ``shoe`` objects as spans of the batch's bytes.  Whether a read round is
clean is for each game's screen to say.  ``tests/audits/validation/screen/test_reader.py``
holds the reader to the exact path on generated and mutated lines, byte for byte.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .jit import compiled, inlined
from .keys import FIXED, WagerKeys
from .layout import (
    _CLOSE_OBJECT,
    _OPEN_OBJECT,
    DAYS_IN_MONTH,
    KEY_SLOTS,
    L_DEALER_CARDS,
    L_DEALER_TOSS,
    L_DECKS,
    L_MICROS,
    L_OK,
    L_SEATS,
    MOST_DEALER_CARDS,
    MOST_HAND_CARDS,
    MOST_HANDS,
    MOST_OPTIONS,
    MOST_SEAT_CARDS,
    MOST_SEATS,
    RANK_OF,
    ROUND_REQUIRED,
    S_SHIFT,
    SUIT_OF,
    TABLES,
    WHITE,
)
from .objects import _dealer, _options, _shoe
from .read_time import _played_at
from .seat_objects import _seats
from .tokens import _key, _name, _next, _one, _text, _ws


@dataclass
class Read:
    """The columns of a batch's lines; meaningful where ``ok``."""

    ok: np.ndarray  # per line
    seat_count: np.ndarray
    decks: np.ndarray
    micros: np.ndarray
    spans: np.ndarray  # [line, S_*, (start, end)]
    dealer_cards: np.ndarray  # [line, MOST_DEALER_CARDS] int8 (-1 beyond the count)
    dealer_count: np.ndarray
    dealer_toss: np.ndarray  # card or NO_CARD
    seat_ints: np.ndarray  # [line, seat slot, SI_*]
    seat_cards: np.ndarray  # [line, seat slot, MOST_SEAT_CARDS] int8
    wager_cents: np.ndarray  # [line, seat slot, KEY_SLOTS] int64 (where the mask says)
    result_cents: np.ndarray
    hand_ints: np.ndarray  # [line, seat slot, hand, HI_*]
    hand_cards: np.ndarray  # [line, seat slot, hand, MOST_HAND_CARDS] int8
    hand_cents: np.ndarray  # [line, seat slot, hand]
    keys: WagerKeys = FIXED  # the names of the key slots


#: the columns a line is read into: shape past the line, dtype, the value of "nothing read"
COLUMNS = (
    ("line_ints", (6,), np.int64, 0),
    ("spans", (8, 2), np.int64, -1),
    ("dealer_cards", (MOST_DEALER_CARDS,), np.int8, -1),
    ("seat_ints", (MOST_SEATS, 7), np.int64, 0),
    ("seat_cards", (MOST_SEATS, MOST_SEAT_CARDS), np.int8, -1),
    ("wager_cents", (MOST_SEATS, KEY_SLOTS), np.int64, 0),
    ("result_cents", (MOST_SEATS, KEY_SLOTS), np.int64, 0),
    ("hand_ints", (MOST_SEATS, MOST_HANDS, 2), np.int64, 0),
    ("hand_cards", (MOST_SEATS, MOST_HANDS, MOST_HAND_CARDS), np.int8, -1),
    ("hand_cents", (MOST_SEATS, MOST_HANDS), np.int64, 0),
)


class Columns:
    """The columns' memory, kept from batch to batch (a batch's columns are 4 KB a line:
    made anew for every batch, the pages cost more than reading the lines into them).  A
    :class:`Read` made into them holds until the next read into them."""

    def __init__(self) -> None:
        self._arrays: list[np.ndarray] = []

    def take(self, n: int) -> list[np.ndarray]:
        """The columns of ``n`` lines, as the last read left them: the reader sets each
        line's row to nothing read (:func:`_empty_row`) as it comes to the line, while the
        row is in the processor's cache, rather than in a pass of its own over the batch's
        memory before (the reader alone 0 to 13% faster: ``docs/performance.md``)."""
        if not self._arrays or len(self._arrays[0]) < n:
            self._arrays = [np.empty((n, *shape), dtype) for _, shape, dtype, _ in COLUMNS]
        return [a[:n] for a in self._arrays]


def read_lines(data: np.ndarray, starts: np.ndarray, ends: np.ndarray,
               columns: Columns | None = None, keys: WagerKeys = FIXED) -> Read:  # fmt: skip
    """The lines ``data[starts[i]:ends[i]]`` (bytes as uint8), read into columns (new ones,
    or ``columns``'s memory), the wager and result keys ``keys`` each in its slot."""
    (line_ints, spans, dealer_cards, seat_ints, seat_cards, wager_cents, result_cents,
     hand_ints, hand_cards, hand_cents) = (columns or Columns()).take(len(starts))  # fmt: skip
    (rk, rl), (sk, sl), (dk, dl), (tk, tl), (hk, hl), _ = TABLES
    wk, wl = keys.table
    scratch = np.zeros((MOST_OPTIONS, 2), np.int64)
    _read(data, starts, ends, rk, rl, sk, sl, dk, dl, tk, tl, hk, hl, wk, wl, RANK_OF, SUIT_OF,
          WHITE, DAYS_IN_MONTH, scratch, line_ints, spans, dealer_cards, seat_ints, seat_cards,
          wager_cents, result_cents, hand_ints, hand_cards, hand_cents)  # fmt: skip
    return Read(line_ints[:, L_OK] == 1, line_ints[:, L_SEATS], line_ints[:, L_DECKS],
                line_ints[:, L_MICROS], spans, dealer_cards, line_ints[:, L_DEALER_CARDS],
                line_ints[:, L_DEALER_TOSS], seat_ints, seat_cards, wager_cents, result_cents,
                hand_ints, hand_cards, hand_cents, keys)  # fmt: skip


@compiled
def _read(d, starts, ends, rk, rl, sk, sl, dk, dl, tk, tl, hk, hl, wk, wl, rank_of, suit_of,
          white, days, scratch, line_ints, spans, dealer_cards, seat_ints, seat_cards,
          wager_cents, result_cents, hand_ints, hand_cards, hand_cents):  # fmt: skip
    for r in range(len(starts)):
        _empty_row(r, line_ints, spans, dealer_cards, seat_ints, seat_cards, wager_cents,
                   result_cents, hand_ints, hand_cards, hand_cents)  # fmt: skip
        e = ends[r]
        i = _ws(d, starts[r], e, white)
        seen, hint = 0, 0
        if i >= e or d[i] != _OPEN_OBJECT:
            continue
        i = _ws(d, i + 1, e, white)
        if i < e and d[i] == _CLOSE_OBJECT:
            continue
        while i >= 0:
            k, i = _key(d, i, e, rk, rl, white, hint)
            hint = k + 1
            if k < 0 or seen & (1 << k):
                i = -1
                break
            seen |= 1 << k
            if k == 0:  # v: the number 1
                i = _one(d, i, e, white)
            elif k == 1 or k == 3 or k == 4 or k == 5:  # round, venue, table, game
                slot = 0 if k == 1 else k - 2
                i = _text(d, i, e, spans, r, slot, False)
            elif k == 2:  # played_at
                i = _played_at(d, i, e, days, line_ints, r)
            elif k == 6:  # options
                i = _options(d, i, e, white, spans, r, scratch)
            elif k == 7:  # shoe
                i = _shoe(d, i, e, sk, sl, white, spans, line_ints, r)
            elif k == 8:  # dealer
                i = _dealer(d, i, e, dk, dl, white, rank_of, suit_of, spans, line_ints,
                            dealer_cards, r)  # fmt: skip
            elif k == 9:  # seats
                i = _seats(d, i, e, tk, tl, hk, hl, wk, wl, white, rank_of, suit_of, line_ints,
                           seat_ints, seat_cards, wager_cents, result_cents, hand_ints,
                           hand_cards, hand_cents, r)  # fmt: skip
            else:  # shift: a name or null
                i = _name(d, i, e, spans, r, S_SHIFT)
            i, more = _next(d, i, e, white, _CLOSE_OBJECT)
            if not more:
                break
        if i < 0 or (seen & ROUND_REQUIRED) != ROUND_REQUIRED:
            continue
        if _ws(d, i, e, white) != e:  # anything after the object
            continue
        line_ints[r, L_OK] = 1


@inlined
def _empty_row(r, line_ints, spans, dealer_cards, seat_ints, seat_cards, wager_cents,
               result_cents, hand_ints, hand_cards, hand_cents):  # fmt: skip
    """Line ``r``'s row of every column set to its value of nothing read (:data:`COLUMNS`)."""
    line_ints[r] = 0
    spans[r] = -1
    dealer_cards[r] = -1
    seat_ints[r] = 0
    seat_cards[r] = -1
    wager_cents[r] = 0
    result_cents[r] = 0
    hand_ints[r] = 0
    hand_cards[r] = -1
    hand_cents[r] = 0
