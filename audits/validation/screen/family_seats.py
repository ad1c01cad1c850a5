"""The blackjack family's seats, found where they lie in the batch's bytes.

A seat (``{"seat":1,"cards":["8S","6D"],"wagers":{...},"results":{...},"hands":[{"cards":
[...],"doubled":false,"result":"-25"}],"poker":"fold"}``) is walked by the compiled scanner's
object reader (:mod:`.scan`): each key's value span, each hand's.  A seat it cannot vouch
for (an unknown key, a key twice, an escape) is decoded with msgspec instead
(:class:`~.decode.ScreenSeat`) and its values appended to the bytes, so that every seat is
spans either way.  What a span holds is proven by its reader: the card lists by the
compiled card-list walk (:func:`~.cards.card_lists_at`, what the templates accept), the seat
number by a template, the wager, result, poker and hand objects by msgspec on one seat of
each spelling (the seat's *tail*, :mod:`.objects`).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .cards import card_lists_at, ragged_cards
from .decode import NULL, ScreenDealer, ScreenSeat, decode_each
from .family_plain import members, plain_seat
from .fixed import Spans
from .grouping import factorize_spans, span_hashes
from .kernel import compiled
from .scan import ANY, LIST, OBJECT, OBJECTS, SCALAR, key_table, span_is, walk_object
from .templates import NO_TEMPLATES

SEAT_FIELDS = ("seat", "cards", "wagers", "results", "toss", "hands", "poker")
SEAT, CARDS, WAGERS, RESULTS, TOSS, HANDS, POKER = range(len(SEAT_FIELDS))
HAND_FIELDS = ("cards", "result", "doubled")
HAND_CARDS, HAND_RESULT, HAND_DOUBLED = range(len(HAND_FIELDS))
_SEAT_KEYS, _SEAT_KEY_LENGTHS = key_table(SEAT_FIELDS)
_SEAT_KINDS = np.array([SCALAR, LIST, OBJECT, OBJECT, ANY, OBJECTS, ANY], np.int64)
_HAND_KEYS, _HAND_KEY_LENGTHS = key_table(HAND_FIELDS)
_HAND_KINDS = np.array([LIST, ANY, SCALAR], np.int64)
#: a seat as logs usually write it (:mod:`.family_plain`): the members before its hands, the
#: hands' opening, the members after them, and a hand's
PLAIN_SEAT = (
    members([('{"seat":', SEAT, SCALAR, False), (',"cards":', CARDS, LIST, False),
             (',"wagers":', WAGERS, OBJECT, False), (',"results":', RESULTS, OBJECT, True)]),
    members([(',"hands":[', HANDS, OBJECTS, False)]),
    members([(',"poker":', POKER, ANY, True)]),
    members([('{"cards":', HAND_CARDS, LIST, False), (',"doubled":', HAND_DOUBLED, SCALAR, True),
             (',"result":', HAND_RESULT, ANY, False)]),
)  # fmt: skip
#: what an unwritten field is read as (the format's defaults, as the exact path reads them)
DEFAULTS = {RESULTS: b"{}", POKER: b"null", TOSS: b"null"}
HAND_DEFAULTS = {HAND_DOUBLED: b"false"}


@dataclass
class SeatSpans:
    """Seats as spans of ``data``: ``fields[i, f]`` (:data:`SEAT_FIELDS`, each written or
    pointing at its default), ``hands[i, h, f]`` (:data:`HAND_FIELDS`) of ``n_hands[i]``
    hands; ``read[i]`` False where the seat is not a seat of at most ``most`` hands."""

    data: bytes
    fields: np.ndarray
    hands: np.ndarray
    n_hands: np.ndarray
    read: np.ndarray


def seat_spans(data: bytes, array: np.ndarray, starts: np.ndarray, ends: np.ndarray,
               most: int) -> SeatSpans:  # fmt: skip
    """The seats at ``starts`` to ``ends`` of ``data`` (``array`` its bytes as uint8)."""
    k = len(starts)
    fields = np.full((k, len(SEAT_FIELDS), 2), -1, np.int64)
    hands = np.full((k, most, len(HAND_FIELDS), 2), -1, np.int64)
    items = np.full((k, most, 2), -1, np.int64)
    n_hands = np.zeros(k, np.int64)
    read = np.zeros(k, np.bool_)
    extra = _Extra(len(data))
    defaults = extra.spans(DEFAULTS, len(SEAT_FIELDS))
    hand_defaults = extra.spans(HAND_DEFAULTS, len(HAND_FIELDS))
    _read_seats(array, starts, ends, PLAIN_SEAT, _SEAT_KEYS, _SEAT_KEY_LENGTHS,
                _SEAT_KINDS, _HAND_KEYS, _HAND_KEY_LENGTHS, _HAND_KINDS, defaults, hand_defaults,
                fields, items, hands, n_hands, read, np.zeros((0, 2), np.int64),
                NO_TEMPLATES.arrays)  # fmt: skip
    others = np.flatnonzero(~read)
    if others.size:
        values = [data[a:b] for a, b in zip(starts[others].tolist(), ends[others].tolist(),
                                            strict=True)]  # fmt: skip
        for i, seat in zip(others.tolist(), decode_each(values, ScreenSeat), strict=True):
            if seat is not None and seat.hands is not None and len(seat.hands) <= most:
                _put_seat(seat, fields[i], hands[i], extra)
                n_hands[i], read[i] = len(seat.hands), True
    return SeatSpans(b"".join((data, extra.bytes)), fields, hands, n_hands, read)


class _Extra:
    """Bytes appended after the batch's: values of decoded seats, defaults."""

    def __init__(self, base: int):
        self.base, self.bytes = base, bytearray(b"\n")

    def put(self, value) -> tuple[int, int]:
        start = self.base + len(self.bytes)
        self.bytes.extend(bytes(value))
        return start, self.base + len(self.bytes)

    def spans(self, values: dict[int, bytes], n: int) -> np.ndarray:
        """``(n, 2)``: where each of ``values`` (by field) lies once put; -1 for the others."""
        spans = np.full((n, 2), -1, np.int64)
        for f, value in values.items():
            spans[f] = self.put(value)
        return spans


def _put_seat(seat: ScreenSeat, fields: np.ndarray, hands: np.ndarray, extra: _Extra) -> None:
    fields[:] = -1
    hands[:] = -1
    fields[SEAT] = extra.put(b"%d" % seat.seat)
    for f, value in ((CARDS, seat.cards), (WAGERS, seat.wagers), (RESULTS, seat.results),
                     (TOSS, seat.toss), (POKER, seat.poker)):  # fmt: skip
        fields[f] = extra.put(value)
    for h, hand in enumerate(seat.hands):
        for f, value in ((HAND_CARDS, hand.cards), (HAND_RESULT, hand.result),
                         (HAND_DOUBLED, hand.doubled)):  # fmt: skip
            hands[h, f] = extra.put(value)


@compiled
def _read_seats(data, starts, ends, plain, keys, key_lengths, kinds, hand_keys,
                hand_key_lengths, hand_kinds, defaults, hand_defaults, fields, items, hands,
                n_hands, read, no_items, no_starts):  # fmt: skip
    """Each seat's fields and hands (a field not written: its default's span, if it has
    one), and whether it was read: as written the usual way (:mod:`.family_plain`), or else
    by the object reader."""
    for r in range(len(starts)):
        count = plain_seat(data, starts[r], ends[r], plain, fields[r], hands[r])
        if count < 0:  # not written the usual way: the object reader reads it
            fields[r, :, :] = -1
            hands[r, :, :, :] = -1
            count = _walk_seat(data, starts[r], ends[r], keys, key_lengths, kinds, hand_keys,
                               hand_key_lengths, hand_kinds, fields[r], items[r], hands[r],
                               no_items, no_starts)  # fmt: skip
        n_hands[r] = max(count, 0)
        read[r] = count >= 0
        if count >= 0:
            _defaults(fields[r], defaults)
            for h in range(count):
                _defaults(hands[r, h], hand_defaults)


@compiled
def _walk_seat(data, a, b, keys, key_lengths, kinds, hand_keys, hand_key_lengths, hand_kinds,
               spans, items, hands, no_items, no_starts):  # fmt: skip
    """The number of hands of the seat ``data[a:b]`` as the object reader reads it, each
    field's and hand's span put; -1 where it is not a seat read (a key not known or twice, a
    value not of its kind, no wagers or hands, a hand without cards or result)."""
    after, count = walk_object(data, a, b, keys, key_lengths, kinds, -1, no_starts, spans,
                               items)  # fmt: skip
    if after != b or spans[WAGERS, 0] < 0 or spans[HANDS, 0] < 0:
        return -1
    for h in range(count):
        end, _ = walk_object(data, items[h, 0], items[h, 1], hand_keys, hand_key_lengths,
                             hand_kinds, -1, no_starts, hands[h], no_items)  # fmt: skip
        if end != items[h, 1] or hands[h, HAND_CARDS, 0] < 0 or hands[h, HAND_RESULT, 0] < 0:
            return -1
    return count


@compiled
def _defaults(spans, defaults):
    for f in range(len(spans)):
        if spans[f, 0] < 0 and defaults[f, 0] >= 0:
            spans[f, 0], spans[f, 1] = defaults[f, 0], defaults[f, 1]


# -- dealers ---------------------------------------------------------------------------------

DEALER_FIELDS = ("cards", "toss", "id")
_DEALER_KEYS, _DEALER_KEY_LENGTHS = key_table(DEALER_FIELDS)
_DEALER_KINDS = np.array([LIST, ANY, ANY], np.int64)
_NULL = np.frombuffer(b"null", np.uint8)
_OPEN_BRACE = ord("{")


def dealer_cards(dealers, most: int) -> tuple[np.ndarray, np.ndarray]:
    """Each dealer's cards (``(cards, counts)`` as :func:`~.cards.card_lists_at` reads
    them) where it tosses nothing (``toss`` unwritten or ``null``); counts -1 elsewhere.  A
    dealer the object reader cannot vouch for (another key, a key twice, an escape) is decoded
    with msgspec instead (:class:`~.decode.ScreenDealer`), as the screen always read it."""
    k = len(dealers)
    fields = np.full((k, len(DEALER_FIELDS), 2), -1, np.int64)
    read = np.zeros(k, np.bool_)
    _read_dealers(dealers.array, dealers.start, dealers.start + dealers.length, _DEALER_KEYS,
                  _DEALER_KEY_LENGTHS, _DEALER_KINDS, fields, read,
                  np.zeros((0, 2), np.int64), NO_TEMPLATES.arrays)  # fmt: skip
    spans = Spans(dealers.bytes, fields[:, 0, 0], fields[:, 0, 1] - fields[:, 0, 0],
                  dealers.array)  # fmt: skip
    cards, counts = card_lists_at(spans, most)
    counts[~read] = -1
    others = np.flatnonzero(~read)
    if others.size:
        decoded = decode_each(dealers.values(others), ScreenDealer)
        plain = [d is not None and d.toss == NULL for d in decoded]
        got = ragged_cards([d.cards if ok else b"0" for d, ok in zip(decoded, plain, strict=True)],
                           most)  # fmt: skip
        cards[others], counts[others] = got
    return cards, counts


@compiled
def _read_dealers(data, starts, ends, keys, key_lengths, kinds, fields, read, no_items,
                  no_starts):  # fmt: skip
    for r in range(len(starts)):
        if ends[r] <= starts[r] or data[starts[r]] != _OPEN_BRACE:  # not an object
            continue
        after, _ = walk_object(data, starts[r], ends[r], keys, key_lengths, kinds, -1,
                               no_starts, fields[r], no_items)  # fmt: skip
        toss = fields[r, 1]
        read[r] = (after == ends[r] and fields[r, 0, 0] >= 0
                   and (toss[0] < 0 or span_is(data, toss, _NULL)))  # fmt: skip


# -- tails -----------------------------------------------------------------------------------

_OPEN, _CLOSE, _COMMA = ord("["), ord("]"), ord(",")


def seat_tails(found: SeatSpans, seats: np.ndarray, most: int) -> tuple[list[bytes], np.ndarray]:
    """What each distinct seat of ``seats`` keys its class on, as written (its *tail*): the
    JSON list ``[wagers, results, poker, hand result, doubled]`` of a seat of one hand,
    ``[wagers, results, poker, [[result, doubled], ...]]`` of a split seat; with each
    seat's number among them (``(tails, inverse)``: seats written alike, byte for byte,
    share one)."""
    data = np.frombuffer(found.data, np.uint8)
    rows = np.zeros((len(seats), 3 + 2 * most, 2), np.int64)  # (0, 0): no hand
    _tail_rows(found.fields, found.hands, found.n_hands, seats, rows)
    first, inverse = factorize_spans(data, rows, span_hashes(data, rows))
    size = _tail_bytes(data, rows, first, np.zeros(0, np.uint8), np.zeros(len(first), np.int64))
    out, ends = np.zeros(size, np.uint8), np.zeros(len(first), np.int64)
    _tail_bytes(data, rows, first, out, ends)
    blob, starts = out.tobytes(), [0, *ends[:-1].tolist()]
    return [blob[a:b] for a, b in zip(starts, ends.tolist(), strict=True)], inverse


@compiled
def _tail_rows(fields, hands, n_hands, seats, rows):
    """Each seat's wager, result and poker spans, then each hand's result and doubled."""
    for k in range(len(seats)):
        s = seats[k]
        for j, f in enumerate((WAGERS, RESULTS, POKER)):
            rows[k, j, 0], rows[k, j, 1] = fields[s, f, 0], fields[s, f, 1]
        for h in range(n_hands[s]):
            for j, f in enumerate((HAND_RESULT, HAND_DOUBLED)):
                rows[k, 3 + 2 * h + j, 0] = hands[s, h, f, 0]
                rows[k, 3 + 2 * h + j, 1] = hands[s, h, f, 1]


@compiled
def _tail_bytes(data, rows, first, out, ends):
    """The tails of the rows ``first`` one after the other in ``out`` (each one's end in
    ``ends``); with an empty ``out``, only the size they need."""
    write = len(out) > 0
    at = 0
    for k in range(len(first)):
        row = rows[first[k]]
        at = _byte(out, at, _OPEN, write)
        for f in range(3):
            at = _span(data, row[f], out, at, write)
            at = _byte(out, at, _COMMA, write)
        played = 0
        while 3 + 2 * played < len(row) and row[3 + 2 * played, 1] > row[3 + 2 * played, 0]:
            played += 1
        nested = played != 1
        if nested:
            at = _byte(out, at, _OPEN, write)
        for h in range(played):
            if h:
                at = _byte(out, at, _COMMA, write)
            if nested:
                at = _byte(out, at, _OPEN, write)
            at = _span(data, row[3 + 2 * h], out, at, write)
            at = _byte(out, at, _COMMA, write)
            at = _span(data, row[4 + 2 * h], out, at, write)
            if nested:
                at = _byte(out, at, _CLOSE, write)
        if nested:
            at = _byte(out, at, _CLOSE, write)
        at = _byte(out, at, _CLOSE, write)
        if write:
            ends[k] = at
    return at


@compiled
def _span(data, span, out, at, write):
    if write:
        for j in range(span[1] - span[0]):
            out[at + j] = data[span[0] + j]
    return at + span[1] - span[0]


@compiled
def _byte(out, at, value, write):
    if write:
        out[at] = value
    return at + 1
