"""A batch of lines as columns: what every round shares, checked once for the whole batch
(the format version, the time, the number of seats), and where the parts every game's screen
reads (the dealer, the seats) lie in the batch's bytes (:mod:`.lines`)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cached_property

import msgspec
import numpy as np

from ..records import Name
from ..round_ids import IdBytes
from . import scan
from .decode import ScreenDealer, ScreenSeat, decode_each
from .fixed import Spans
from .grouping import factorize_spans, holding, span_hashes
from .lines import batch_lines
from .templates import NO_TEMPLATES, Templates
from .times import MISSING, epoch_micros

MOST_SEATS = 7  # seats at a table, numbered 1 to 7 (the format)
QUOTE = ord('"')
ONE = ord("1")
PLACE_FIELDS = [scan.VENUE, scan.TABLE, scan.GAME, scan.OPTIONS, scan.SHOE]
SEAT_BITS = np.array([0, *(1 << n for n in range(1, 8))], np.int64)
POPCOUNT = np.array([bin(i).count("1") for i in range(256)], np.int64)
_TEXT = msgspec.json.Decoder(str)
ID_KEY, ESCAPE = np.frombuffer(b'"id"', np.uint8), np.frombuffer(b"\\", np.uint8)


class BatchColumns:
    """The rounds of a batch of lines and their columns.

    ``index[i]`` is round ``i``'s position in the batch (its line found: :mod:`.lines`);
    ``ok[i]`` False sends it to the exact path.  Seats are numbered across the batch: round
    ``i``'s are ``seat_start[i]`` to ``seat_start[i] + seat_count[i]`` of
    :attr:`joined_seats`.
    """

    def __init__(self, lines: Sequence[bytes], latest_micros: int, buffer: tuple | None = None,
                 seat_starts: Templates = NO_TEMPLATES):  # fmt: skip
        read = batch_lines(lines, buffer, seat_starts)
        index = np.flatnonzero(read.found)
        self.index = index
        self.data = read.data
        self.array = np.frombuffer(read.data, np.uint8)
        self.spans = read.spans[index]
        self._escaped_id = read.escaped_id[index]
        written = read.seat_count[index]
        self.seat_count = np.minimum(written, MOST_SEATS)  # the seats whose spans are kept
        seats = read.seats[index][np.arange(MOST_SEATS) < self.seat_count[:, None]]
        self.joined_seats = Spans(self.data, seats[:, 0], seats[:, 1] - seats[:, 0], self.array)
        self.seat_start = np.cumsum(self.seat_count) - self.seat_count
        self.micros = epoch_micros(self.field(scan.PLAYED_AT))
        self.ok = (self.micros != MISSING) & (self.micros <= latest_micros)
        self.ok &= (written >= 1) & (written <= MOST_SEATS)
        v = self.field(scan.V)
        self.ok &= (v.length == 1) & (self.array[v.start] == ONE)
        ids = self.joined_ids
        self.ok &= self.array[ids.start] == QUOTE  # ids are strings
        self.dealer_code, self.dealer_names = dealer_codes(self.joined_dealers)
        self.ok &= self.dealer_code >= 0  # a malformed dealer id: the exact path says so

    def __len__(self) -> int:
        return len(self.index)

    def field(self, f: int) -> Spans:
        """The raw values of field ``f`` (:data:`.scan.FIELDS`), one per round."""
        start = self.spans[:, f, 0]
        return Spans(self.data, start, self.spans[:, f, 1] - start, self.array)

    def seats_of(self, rows: np.ndarray) -> np.ndarray:
        """The seats (indexes into :attr:`joined_seats`) of the rounds ``rows``, in order."""
        counts = self.seat_count[rows]
        total = int(counts.sum())
        if len(rows) == len(self) and (rows == np.arange(len(rows))).all():
            return np.arange(total)  # every round, in order
        offsets = np.repeat(self.seat_start[rows] - (np.cumsum(counts) - counts), counts)
        return offsets + np.arange(total)

    @cached_property
    def joined_ids(self) -> Spans:
        """The rounds' ids as raw JSON."""
        return self.field(scan.ROUND)

    @cached_property
    def ids(self) -> IdBytes:
        """The rounds' ids, as bytes."""
        return IdBytes.of_json(self.joined_ids, self._escaped_id)

    @cached_property
    def joined_dealers(self) -> Spans:
        return self.field(scan.DEALER)

    def decoded_seats(self, which: np.ndarray) -> list[ScreenSeat | None]:
        """The seats ``which`` decoded (None for one that is not a seat)."""
        return decode_each(self.joined_seats.values(which), ScreenSeat)

    def decoded_dealers(self, rows: np.ndarray) -> list[ScreenDealer | None]:
        """The dealers of the rounds ``rows`` decoded (None for one that is not a dealer)."""
        return decode_each(self.joined_dealers.values(rows), ScreenDealer)

    def places(self) -> dict[tuple, np.ndarray]:
        """(venue, table, game, options, shoe) as written -> the rounds still ``ok`` there
        (indexes into the rounds, in order).  Rounds whose five values are written alike,
        byte for byte, are one group (:func:`~.grouping.factorize_spans`); a group's key is
        read from one of them."""
        rows = np.flatnonzero(self.ok)
        written = np.ascontiguousarray(self.spans[rows][:, PLACE_FIELDS])
        first, inverse = factorize_spans(self.array, written, span_hashes(self.array, written))
        groups: dict[tuple, np.ndarray] = {}
        for g in range(len(first)):  # in the order the places first appear
            self._add_group(groups, written[first[g]], rows[inverse == g])
        return groups

    def _add_group(self, groups: dict, spans: np.ndarray, members: np.ndarray) -> None:
        key = self._place_key(spans)
        if key is None:
            return  # not a place (a name that is not text): the exact path says so
        if key in groups:  # the same names spelt otherwise (an escape): one place
            members = np.sort(np.concatenate([groups[key], members]))
        groups[key] = members

    def _place_key(self, spans: np.ndarray) -> tuple | None:
        venue, table, game, options, shoe = (self.data[a:b] for a, b in spans.tolist())
        try:
            return (_TEXT.decode(venue), _TEXT.decode(table), _TEXT.decode(game), options, shoe)
        except (msgspec.DecodeError, UnicodeDecodeError):
            return None


class _DealerTag(msgspec.Struct):
    id: Name | None = None


def dealer_codes(dealers: Spans) -> tuple[np.ndarray, list[str]]:
    """Per round: 0 when no dealer id is written, else a number into the names returned
    (``names[0]`` is ``""``); -1 for a dealer that is not a dealer with a valid id.  Only a
    dealer whose bytes hold ``"id"`` or an escape (which might spell it) is decoded."""
    codes = np.zeros(len(dealers), np.int64)
    start, length = dealers.start, dealers.length
    named = np.flatnonzero(holding(dealers.array, start, length, ID_KEY)
                           | holding(dealers.array, start, length, ESCAPE))  # fmt: skip
    if not named.size:  # the usual log: no dealer named, nothing to decode
        return codes, [""]
    tags = decode_each(dealers.values(named), _DealerTag)
    number: dict[str, int] = {"": 0}
    for i, tag in zip(named.tolist(), tags, strict=True):
        codes[i] = -1 if tag is None else number.setdefault(tag.id or "", len(number))
    return codes, list(number)


def numbered(numbers: np.ndarray, seat_round: np.ndarray, counts: np.ndarray) -> np.ndarray:
    """Per round: its seats are numbered 1 to 7, each once (``numbers`` per seat, in round
    order; ``seat_round`` each seat's round; ``counts`` the seats of each round)."""
    bits = SEAT_BITS[np.clip(numbers, 0, MOST_SEATS)] * ((numbers >= 1) & (numbers <= MOST_SEATS))
    combined = np.zeros(len(counts), np.int64)
    np.bitwise_or.at(combined, seat_round, bits)
    return POPCOUNT[combined & 255] == counts


def small_ints(values: list[int]) -> np.ndarray:
    """Integers from JSON as int64, any beyond int64 as -1 (no valid field is that large)."""
    try:
        return np.array(values, np.int64)
    except OverflowError:
        return np.array([v if -(1 << 62) < v < 1 << 62 else -1 for v in values], np.int64)
