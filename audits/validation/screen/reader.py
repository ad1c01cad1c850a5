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
- a key written twice, a field the format does not name, a wager or result key no game has;
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

from games.engine.cards import RANKS, SUITS

from .jit import compiled, inlined

MOST_SEATS, MOST_HANDS = 7, 4
MOST_SEAT_CARDS = 4  # kept per seat (a seat of more is read, its count says so)
MOST_DEALER_CARDS = 12
MOST_HAND_CARDS = 10
MOST_OPTIONS = 8
MISSING = np.iinfo(np.int64).min  # a time not read
#: every wager key of every game (a key of another game is the screen's to refuse)
WAGER_KEYS = (
    "main", "lucky3", "bonus4", "ante", "bet", "poker_bonus", "insurance", "tie_17", "tie_18",
    "tie_19", "tie_left", "tie_20", "tie_21", "tie_blackjack", "tie_right",
)  # fmt: skip
KEY_SLOTS = 16
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


TABLES = tuple(_key_table(names) for names in (ROUND_FIELDS, SHOE_FIELDS, DEALER_FIELDS,
                                               SEAT_FIELDS, HAND_FIELDS, WAGER_KEYS))  # fmt: skip
RANK_OF, SUIT_OF = _lookup(RANKS), _lookup(SUITS)
#: JSON's white space; what may follow a number
WHITE = np.zeros(256, np.bool_)
WHITE[[32, 9, 10, 13]] = True
DAYS_IN_MONTH = np.array([0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31], np.int64)
#: the calendar's ends in UTC, microseconds since 1970 (a time beyond them is rejected)
FIRST_MICROS = -62135596800 * 1_000_000
LAST_MICROS = 253402300799 * 1_000_000 + 999_999


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
    """The columns' memory, kept from batch to batch (a batch's columns are 3 KB a line:
    made anew for every batch, the pages cost more than reading the lines into them).  A
    :class:`Read` made into them holds until the next read into them."""

    def __init__(self) -> None:
        self._arrays: list[np.ndarray] = []

    def take(self, n: int) -> list[np.ndarray]:
        """The columns of ``n`` lines, each filled with its value of nothing read."""
        if not self._arrays or len(self._arrays[0]) < n:
            self._arrays = [np.empty((n, *shape), dtype) for _, shape, dtype, _ in COLUMNS]
        taken = [a[:n] for a in self._arrays]
        for array, (_, _, _, empty) in zip(taken, COLUMNS, strict=True):
            array.fill(empty)
        return taken


def read_lines(data: np.ndarray, starts: np.ndarray, ends: np.ndarray,
               columns: Columns | None = None) -> Read:  # fmt: skip
    """The lines ``data[starts[i]:ends[i]]`` (bytes as uint8), read into columns (new ones,
    or ``columns``'s memory)."""
    (line_ints, spans, dealer_cards, seat_ints, seat_cards, wager_cents, result_cents,
     hand_ints, hand_cards, hand_cents) = (columns or Columns()).take(len(starts))  # fmt: skip
    (rk, rl), (sk, sl), (dk, dl), (tk, tl), (hk, hl), (wk, wl) = TABLES
    scratch = np.zeros((MOST_OPTIONS, 2), np.int64)
    _read(data, starts, ends, rk, rl, sk, sl, dk, dl, tk, tl, hk, hl, wk, wl, RANK_OF, SUIT_OF,
          WHITE, DAYS_IN_MONTH, scratch, line_ints, spans, dealer_cards, seat_ints, seat_cards,
          wager_cents, result_cents, hand_ints, hand_cards, hand_cents)  # fmt: skip
    return Read(line_ints[:, L_OK] == 1, line_ints[:, L_SEATS], line_ints[:, L_DECKS],
                line_ints[:, L_MICROS], spans, dealer_cards, line_ints[:, L_DEALER_CARDS],
                line_ints[:, L_DEALER_TOSS], seat_ints, seat_cards, wager_cents, result_cents,
                hand_ints, hand_cards, hand_cents)  # fmt: skip


@compiled
def _read(d, starts, ends, rk, rl, sk, sl, dk, dl, tk, tl, hk, hl, wk, wl, rank_of, suit_of,
          white, days, scratch, line_ints, spans, dealer_cards, seat_ints, seat_cards,
          wager_cents, result_cents, hand_ints, hand_cards, hand_cents):  # fmt: skip
    for r in range(len(starts)):
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


# -- tokens --------------------------------------------------------------------------------


@inlined
def _ws(d, i, e, white):
    while i < e and white[d[i]]:
        i += 1
    return i


@inlined
def _next(d, i, e, white, closing):
    """After a value: ``(i, True)`` at the next member past a comma, ``(i, False)`` past the
    closing bracket; ``(-1, False)`` for anything else."""
    if i < 0:
        return -1, False
    i = _ws(d, i, e, white)
    if i >= e:
        return -1, False
    if d[i] == _COMMA:
        return _ws(d, i + 1, e, white), True
    if d[i] == closing:
        return i + 1, False
    return -1, False


@inlined
def _string_end(d, i, e):
    """After the string at ``i`` (a quote), -1 for anything but plain ASCII (an escape, a
    control byte, a byte beyond ASCII) or no closing quote."""
    if i >= e or d[i] != _QUOTE:
        return -1
    i += 1
    while i < e:
        c = d[i]
        if c == _QUOTE:
            return i + 1
        if c == _BACKSLASH or c < 32 or c > 126:
            return -1
        i += 1
    return -1


@inlined
def _key(d, i, e, keys, lengths, white, hint):
    """The known key at ``i`` (its index in the table; -1 unknown or not a key) and where
    its value starts; ``hint``, the key expected here (the one after the last), is tried
    first."""
    end = _string_end(d, i, e)
    if end < 0:
        return -1, -1
    n = end - i - 2
    found = -1
    if hint < len(lengths) and _is_key(d, i + 1, n, keys, lengths, hint):
        found = hint
    else:
        for k in range(len(lengths)):
            if _is_key(d, i + 1, n, keys, lengths, k):
                found = k
                break
    j = _ws(d, end, e, white)
    if found < 0 or j >= e or d[j] != _COLON:
        return -1, -1
    return found, _ws(d, j + 1, e, white)


@inlined
def _is_key(d, i, n, keys, lengths, k):
    """Whether the ``n`` bytes at ``i`` are key ``k`` of the table."""
    if lengths[k] != n:
        return False
    for j in range(n):
        if d[i + j] != keys[k, j]:
            return False
    return True


@inlined
def _text(d, i, e, spans, r, slot, nullable):
    """A plain string: its characters' span in ``spans[r, slot]``."""
    if nullable and _is_null(d, i, e):
        return i + 4
    end = _string_end(d, i, e)
    if end < 0:
        return -1
    spans[r, slot, 0], spans[r, slot, 1] = i + 1, end - 1
    return end


@inlined
def _name(d, i, e, spans, r, slot):
    """A dealer's or shift's name (1 to 64 characters, no control character) or null."""
    if _is_null(d, i, e):
        return i + 4
    end = _string_end(d, i, e)
    if end < 0 or end - i - 2 < 1 or end - i - 2 > 64:
        return -1
    spans[r, slot, 0], spans[r, slot, 1] = i + 1, end - 1
    return end


@inlined
def _is_null(d, i, e):
    return i + 4 <= e and d[i] == 110 and d[i + 1] == 117 and d[i + 2] == 108 and d[i + 3] == 108


@inlined
def _literal(d, i, e):
    """``(end, value)`` of true (1), false (0) or null (-1) at ``i``; end -1 for none."""
    if _is_null(d, i, e):
        return i + 4, -1
    if i + 4 <= e and d[i] == 116 and d[i + 1] == 114 and d[i + 2] == 117 and d[i + 3] == 101:
        return i + 4, 1
    if (i + 5 <= e and d[i] == 102 and d[i + 1] == 97 and d[i + 2] == 108 and d[i + 3] == 115
            and d[i + 4] == 101):  # fmt: skip
        return i + 5, 0
    return -1, 0


@inlined
def _ends_number(d, i, e):
    """Whether a number may end at ``i`` (no digit, point or exponent follows)."""
    if i >= e:
        return True
    c = d[i]
    return not (_ZERO <= c <= _NINE or c == _DOT or c == 101 or c == 69)


@inlined
def _one(d, i, e, white):
    if i < e and d[i] == 49 and _ends_number(d, i + 1, e):
        return i + 1
    return -1


@inlined
def _int(d, i, e):
    """``(end, value)`` of a whole number without sign or leading zero (at most 9 digits);
    end -1 for anything else."""
    j, value = i, 0
    while j < e and _ZERO <= d[j] <= _NINE and j - i < 10:
        value = value * 10 + (int(d[j]) - _ZERO)
        j += 1
    if j == i or j - i > 9 or (d[i] == _ZERO and j - i > 1) or not _ends_number(d, j, e):
        return -1, 0
    return j, value


@inlined
def _digits_cents(d, i, e):
    """``(end, cents)`` of an amount's text from ``i``: ``-?(0|[1-9][0-9]{0,10})
    (\\.[0-9]{1,2})?``; end -1 where it is not one."""
    negative = i < e and d[i] == _MINUS
    j = i + 1 if negative else i
    start, whole = j, 0
    while j < e and _ZERO <= d[j] <= _NINE:
        whole = whole * 10 + (int(d[j]) - _ZERO)
        j += 1
        if j - start > 11:
            return -1, 0
    if j == start or (d[start] == _ZERO and j - start > 1):
        return -1, 0
    cents = whole * 100
    if j < e and d[j] == _DOT:
        j += 1
        if j >= e or not (_ZERO <= d[j] <= _NINE):
            return -1, 0
        cents += (int(d[j]) - _ZERO) * 10
        j += 1
        if j < e and _ZERO <= d[j] <= _NINE:
            cents += int(d[j]) - _ZERO
            j += 1
    return j, -cents if negative else cents


@inlined
def _amount(d, i, e):
    """``(end, cents)`` of an amount written as a string or a number; end -1 for none."""
    if i < e and d[i] == _QUOTE:
        j, cents = _digits_cents(d, i + 1, e)
        if j < 0 or j >= e or d[j] != _QUOTE:
            return -1, 0
        return j + 1, cents
    j, cents = _digits_cents(d, i, e)
    if j < 0 or not _ends_number(d, j, e):
        return -1, 0
    return j, cents


@inlined
def _card(d, i, e, rank_of, suit_of):
    """``(end, card)`` of a card string such as ``"TS"``; end -1 for anything else."""
    if i + 4 > e or d[i] != _QUOTE or d[i + 3] != _QUOTE:
        return -1, 0
    rank, suit = rank_of[d[i + 1]], suit_of[d[i + 2]]
    if rank < 0 or suit < 0:
        return -1, 0
    return i + 4, rank * 4 + suit


@inlined
def _cards(d, i, e, white, rank_of, suit_of, out, most):
    """``(end, count)`` of a list of cards, the first ``most`` into ``out``; a list of more
    than ``most`` cards: end -1 when ``most`` is exact (its cards are needed), else its
    count beyond ``most`` is kept (``most`` negative: keep at most ``-most``)."""
    keep = most if most > 0 else -most
    if i >= e or d[i] != _OPEN_LIST:
        return -1, 0
    i = _ws(d, i + 1, e, white)
    count = 0
    if i < e and d[i] == _CLOSE_LIST:
        return i + 1, 0
    while True:
        i, card = _card(d, i, e, rank_of, suit_of)
        if i < 0:
            return -1, 0
        if count < keep:
            out[count] = card
        elif most > 0:
            return -1, 0
        count += 1
        if count > 127:
            return -1, 0
        i, more = _next(d, i, e, white, _CLOSE_LIST)
        if not more:
            return i, count


# -- the time ------------------------------------------------------------------------------


@compiled
def _digits(d, i, n):
    value = 0
    for j in range(i, i + n):
        c = d[j]
        if c < _ZERO or c > _NINE:
            return -1
        value = value * 10 + (int(c) - _ZERO)
    return value


@compiled
def _played_at(d, i, e, days, line_ints, r):
    """RFC 3339 (``YYYY-MM-DDThh:mm:ss[.f…](Z|±hh:mm)``, T and Z in either case) into
    microseconds since 1970 UTC, as the exact path reads it (the fraction cut to six
    digits); -1 for anything else, a date the calendar lacks, or a time beyond it in UTC."""
    end = _string_end(d, i, e)
    if end < 0 or end - i < 22:
        return -1
    a = i + 1
    if (d[a + 4] != _MINUS or d[a + 7] != _MINUS or (d[a + 10] != 84 and d[a + 10] != 116)
            or d[a + 13] != _COLON or d[a + 16] != _COLON):  # fmt: skip
        return -1
    year, month, day = _digits(d, a, 4), _digits(d, a + 5, 2), _digits(d, a + 8, 2)
    hour, minute, second = _digits(d, a + 11, 2), _digits(d, a + 14, 2), _digits(d, a + 17, 2)
    j, micros = a + 19, 0
    if d[j] == _DOT:
        j += 1
        n = 0
        while j < end - 1 and _ZERO <= d[j] <= _NINE:
            if n < 6:
                micros = micros * 10 + (int(d[j]) - _ZERO)
            n += 1
            j += 1
        if n == 0:
            return -1
        for _ in range(n, 6):
            micros *= 10
    shift = 0
    if j == end - 2 and (d[j] == 90 or d[j] == 122):  # Z
        pass
    elif j == end - 7 and (d[j] == 43 or d[j] == _MINUS) and d[j + 3] == _COLON:
        off_hour, off_minute = _digits(d, j + 1, 2), _digits(d, j + 4, 2)
        if off_hour < 0 or off_hour > 23 or off_minute < 0 or off_minute > 59:
            return -1
        shift = (off_hour * 3600 + off_minute * 60) * (-1 if d[j] == _MINUS else 1)
    else:
        return -1
    if (year < 1 or month < 1 or month > 12 or day < 1 or hour < 0 or hour > 23
            or minute < 0 or minute > 59 or second < 0 or second > 59):  # fmt: skip
        return -1
    leap = (year % 4 == 0 and year % 100 != 0) or year % 400 == 0
    if day > days[month] + (1 if month == 2 and leap else 0):
        return -1
    seconds = _days_from_civil(year, month, day) * 86400 + hour * 3600 + minute * 60 + second
    value = (seconds - shift) * 1_000_000 + micros
    if value < FIRST_MICROS or value > LAST_MICROS:
        return -1
    line_ints[r, L_MICROS] = value
    return end


@compiled
def _days_from_civil(year, month, day):
    """Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's algorithm)."""
    y = year - (1 if month <= 2 else 0)
    era = y // 400
    yoe = y - era * 400
    mp = (month + 9) % 12
    doy = (153 * mp + 2) // 5 + day - 1
    doe = yoe * 365 + yoe // 4 - yoe // 100 + doy
    return era * 146097 + doe - 719468


# -- objects -------------------------------------------------------------------------------


@inlined
def _object_start(d, i, e, white):
    """Inside the object at ``i``: where its first member starts, or -2 for ``{}``, -1 for
    no object."""
    if i >= e or d[i] != _OPEN_OBJECT:
        return -1
    i = _ws(d, i + 1, e, white)
    if i < e and d[i] == _CLOSE_OBJECT:
        return -2
    return i


@compiled
def _options(d, i, e, white, spans, r, keys):
    """The options: an object of at most :data:`MOST_OPTIONS` distinct plain keys (``keys``
    holds their spans as they are read), each a plain string or a whole number; its span
    kept (read once per spelling by the caller)."""
    start = i
    j = _object_start(d, i, e, white)
    if j == -2:
        spans[r, S_OPTIONS, 0], spans[r, S_OPTIONS, 1] = start, _ws(d, i + 1, e, white) + 1
        return spans[r, S_OPTIONS, 1]
    n = 0
    while j >= 0:
        end = _string_end(d, j, e)
        if end < 0 or n == MOST_OPTIONS:
            return -1
        for k in range(n):  # a key written twice: the exact path says so
            if keys[k, 1] - keys[k, 0] == end - j:
                same = True
                for t in range(end - j):
                    if d[keys[k, 0] + t] != d[j + t]:
                        same = False
                        break
                if same:
                    return -1
        keys[n, 0], keys[n, 1] = j, end
        n += 1
        j = _ws(d, end, e, white)
        if j >= e or d[j] != _COLON:
            return -1
        j = _ws(d, j + 1, e, white)
        if j < e and d[j] == _QUOTE:
            j = _string_end(d, j, e)
        else:
            j, _ = _int(d, j, e)
        j, more = _next(d, j, e, white, _CLOSE_OBJECT)
        if not more:
            break
    if j < 0:
        return -1
    spans[r, S_OPTIONS, 0], spans[r, S_OPTIONS, 1] = start, j
    return j


@compiled
def _shoe(d, i, e, keys, lengths, white, spans, line_ints, r):
    start = i
    j = _object_start(d, i, e, white)
    if j < 0:
        return -1
    k, j = _key(d, j, e, keys, lengths, white, 0)
    if k != 0:
        return -1
    j, decks = _int(d, j, e)
    j, more = _next(d, j, e, white, _CLOSE_OBJECT)
    if j < 0 or more:
        return -1
    line_ints[r, L_DECKS] = decks
    spans[r, S_SHOE, 0], spans[r, S_SHOE, 1] = start, j
    return j


@compiled
def _dealer(d, i, e, keys, lengths, white, rank_of, suit_of, spans, line_ints, dealer_cards, r):
    j = _object_start(d, i, e, white)
    if j < 0:
        return -1
    seen, hint = 0, 0
    line_ints[r, L_DEALER_TOSS] = NO_CARD
    while j >= 0:
        k, j = _key(d, j, e, keys, lengths, white, hint)
        hint = k + 1
        if k < 0 or seen & (1 << k):
            return -1
        seen |= 1 << k
        if k == 0:
            j, count = _cards(d, j, e, white, rank_of, suit_of, dealer_cards[r],
                              MOST_DEALER_CARDS)  # fmt: skip
            line_ints[r, L_DEALER_CARDS] = count
        elif k == 1:
            j = _toss(d, j, e, rank_of, suit_of, line_ints[r], L_DEALER_TOSS)
        else:
            j = _name(d, j, e, spans, r, S_DEALER_ID)
        j, more = _next(d, j, e, white, _CLOSE_OBJECT)
        if not more:
            break
    return j if j >= 0 and seen & 1 else -1


@inlined
def _toss(d, i, e, rank_of, suit_of, out, slot):
    """A toss: a card, or null (:data:`NO_CARD`)."""
    if _is_null(d, i, e):
        out[slot] = NO_CARD
        return i + 4
    j, card = _card(d, i, e, rank_of, suit_of)
    out[slot] = card
    return j


@inlined
def _seats(d, i, e, keys, lengths, hand_keys, hand_lengths, wager_keys, wager_lengths, white,
           rank_of, suit_of, line_ints, seat_ints, seat_cards, wager_cents, result_cents,
           hand_ints, hand_cards, hand_cents, r):  # fmt: skip
    """The seats: a list of one to seven seat objects, each numbered once."""
    if i >= e or d[i] != _OPEN_LIST:
        return -1
    j = _ws(d, i + 1, e, white)
    s, numbers = 0, 0
    while True:
        if s == MOST_SEATS:
            return -1
        j = _seat(d, j, e, keys, lengths, hand_keys, hand_lengths, wager_keys, wager_lengths,
                  white, rank_of, suit_of, seat_ints[r, s], seat_cards[r, s],
                  wager_cents[r, s], result_cents[r, s], hand_ints[r, s], hand_cards[r, s],
                  hand_cents[r, s])  # fmt: skip
        number = seat_ints[r, s, SI_NUMBER]
        if j < 0 or numbers & (1 << number):
            return -1
        numbers |= 1 << number
        s += 1
        j, more = _next(d, j, e, white, _CLOSE_LIST)
        if not more:
            break
    line_ints[r, L_SEATS] = s
    return j


@inlined
def _seat(d, i, e, keys, lengths, hand_keys, hand_lengths, wager_keys, wager_lengths, white,
          rank_of, suit_of, ints, cards, wagers, results, h_ints, h_cards, h_cents):  # fmt: skip
    j = _object_start(d, i, e, white)
    if j < 0:
        return -1
    seen, hint = 0, 0
    ints[SI_TOSS], ints[SI_HANDS] = NO_CARD, -1
    while j >= 0:
        k, j = _key(d, j, e, keys, lengths, white, hint)
        hint = k + 1
        if k < 0 or seen & (1 << k):
            return -1
        seen |= 1 << k
        if k == 0:
            j, number = _int(d, j, e)
            if number < 1 or number > MOST_SEATS:
                return -1
            ints[SI_NUMBER] = number
        elif k == 1:
            j, count = _cards(d, j, e, white, rank_of, suit_of, cards, -MOST_SEAT_CARDS)
            ints[SI_CARDS] = count
        elif k == 2:
            j, mask = _amounts(d, j, e, wager_keys, wager_lengths, white, wagers, True)
            ints[SI_WAGERS] = mask
        elif k == 3:
            j, mask = _amounts(d, j, e, wager_keys, wager_lengths, white, results, False)
            ints[SI_RESULTS] = mask
        elif k == 4:
            j = _toss(d, j, e, rank_of, suit_of, ints, SI_TOSS)
        elif k == 5:
            j, count = _hands(d, j, e, hand_keys, hand_lengths, white, rank_of, suit_of, h_ints,
                              h_cards, h_cents)  # fmt: skip
            ints[SI_HANDS] = count
        else:
            j = _poker(d, j, e, ints)
        j, more = _next(d, j, e, white, _CLOSE_OBJECT)
        if not more:
            break
    return j if j >= 0 and (seen & SEAT_REQUIRED) == SEAT_REQUIRED else -1


@inlined
def _poker(d, i, e, ints):
    """``"bet"``, ``"fold"`` or null."""
    if _is_null(d, i, e):
        ints[SI_POKER] = POKER_NONE
        return i + 4
    if i + 5 <= e and d[i] == _QUOTE and d[i + 1] == 98 and d[i + 2] == 101 and (
        d[i + 3] == 116 and d[i + 4] == _QUOTE
    ):  # fmt: skip
        ints[SI_POKER] = POKER_BET
        return i + 5
    if i + 6 <= e and d[i] == _QUOTE and d[i + 1] == 102 and d[i + 2] == 111 and (
        d[i + 3] == 108 and d[i + 4] == 100 and d[i + 5] == _QUOTE
    ):  # fmt: skip
        ints[SI_POKER] = POKER_FOLD
        return i + 6
    return -1


@compiled
def _amounts(d, i, e, keys, lengths, white, cents, stakes):
    """``(end, mask)`` of a wagers or results object: each known key's cents and a bit in
    the mask (``stakes``: a stake of 0 is no wager, a negative one is not read)."""
    j = _object_start(d, i, e, white)
    if j == -2:
        return _ws(d, i + 1, e, white) + 1, 0
    if j < 0:
        return -1, 0
    mask, seen, hint = 0, 0, 0
    while j >= 0:
        k, j = _key(d, j, e, keys, lengths, white, hint)
        hint = k + 1
        if k < 0 or seen & (1 << k):
            return -1, 0
        seen |= 1 << k
        j, value = _amount(d, j, e)
        if j < 0 or (stakes and value < 0):
            return -1, 0
        if value != 0 or not stakes:
            mask |= 1 << k
            cents[k] = value
        j, more = _next(d, j, e, white, _CLOSE_OBJECT)
        if not more:
            break
    return j, mask


@inlined
def _hands(d, i, e, keys, lengths, white, rank_of, suit_of, ints, cards, cents):
    """``(end, count)`` of a seat's hands: null (count -1) or a list of at most four."""
    if _is_null(d, i, e):
        return i + 4, -1
    if i >= e or d[i] != _OPEN_LIST:
        return -1, 0
    j = _ws(d, i + 1, e, white)
    if j < e and d[j] == _CLOSE_LIST:
        return j + 1, 0
    h = 0
    while True:
        if h == MOST_HANDS:
            return -1, 0
        j = _hand(d, j, e, keys, lengths, white, rank_of, suit_of, ints[h], cards[h], cents, h)
        h += 1
        j, more = _next(d, j, e, white, _CLOSE_LIST)
        if not more:
            return j, h


@inlined
def _hand(d, i, e, keys, lengths, white, rank_of, suit_of, ints, cards, cents, h):
    j = _object_start(d, i, e, white)
    if j < 0:
        return -1
    seen, hint = 0, 0
    while j >= 0:
        k, j = _key(d, j, e, keys, lengths, white, hint)
        hint = k + 1
        if k < 0 or seen & (1 << k):
            return -1
        seen |= 1 << k
        if k == 0:
            j, count = _cards(d, j, e, white, rank_of, suit_of, cards, MOST_HAND_CARDS)
            ints[HI_CARDS] = count
        elif k == 1:
            j, value = _amount(d, j, e)
            cents[h] = value
        else:
            j, value = _literal(d, j, e)
            if value < 0:
                return -1
            ints[HI_DOUBLED] = value
        j, more = _next(d, j, e, white, _CLOSE_OBJECT)
        if not more:
            break
    return j if j >= 0 and (seen & HAND_REQUIRED) == HAND_REQUIRED else -1
