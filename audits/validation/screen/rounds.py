"""A batch of lines as columns: what every round shares, checked once for the whole batch
(the format version, the time, the number of seats), and the raw parts every game's screen
reads (the dealer, the seats), joined once per batch when first read."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cached_property
from itertools import chain
from operator import attrgetter

import msgspec
import numpy as np

from ..records import Name
from ..round_ids import IdBytes
from .decode import ScreenDealer, ScreenRound, ScreenSeat, decode_each, decode_rounds
from .fixed import Joined
from .times import MISSING, epoch_micros

MOST_SEATS = 7  # seats at a table, numbered 1 to 7 (the format)
QUOTE = ord('"')
PLACE = attrgetter("venue", "table", "game")
SEATS, PLAYED_AT, ROUND_ID, DEALER = (
    attrgetter(name) for name in ("seats", "played_at", "round", "dealer")
)
OPTIONS, SHOE = attrgetter("options"), attrgetter("shoe")
SEAT_BITS = np.array([0, *(1 << n for n in range(1, 8))], np.int64)
POPCOUNT = np.array([bin(i).count("1") for i in range(256)], np.int64)


class BatchColumns:
    """The decoded rounds of a batch of lines and their columns.

    ``index[i]`` is round ``i``'s position in the batch; ``ok[i]`` False sends it to the
    exact path.  Seats are numbered across the batch: round ``i``'s are
    ``seat_start[i]`` to ``seat_start[i] + seat_count[i]`` of :attr:`seats` (raw JSON).
    """

    def __init__(self, lines: Sequence[bytes], latest_micros: int):
        decoded = decode_rounds(lines)
        index = [i for i, r in enumerate(decoded) if r is not None]
        self.rounds: list[ScreenRound] = (
            decoded if len(index) == len(decoded) else [decoded[i] for i in index]
        )
        self.index = np.array(index, np.int64)
        n = len(self.rounds)
        self.micros = epoch_micros(list(map(PLAYED_AT, self.rounds)))
        seats = list(map(SEATS, self.rounds))
        self.seats = list(chain.from_iterable(seats))
        self.seat_count = np.fromiter(map(len, seats), np.int64, n)
        self.seat_start = np.cumsum(self.seat_count) - self.seat_count
        self.seat_round = np.repeat(np.arange(n), self.seat_count)
        self.ok = (self.micros != MISSING) & (self.micros <= latest_micros)
        self.ok &= (self.seat_count >= 1) & (self.seat_count <= MOST_SEATS)
        self.ok &= small_ints([r.v for r in self.rounds]) == 1
        self.ok &= self.joined_ids.array[self.joined_ids.start] == QUOTE  # ids are strings
        self.dealer_code, self.dealer_names = dealer_codes(self.joined_dealers)
        self.ok &= self.dealer_code >= 0  # a malformed dealer id: the exact path says so

    def seats_of(self, rows: np.ndarray) -> np.ndarray:
        """The seats (indexes into :attr:`seats`) of the rounds ``rows``, in order."""
        counts = self.seat_count[rows]
        total = int(counts.sum())
        if len(rows) == len(self.rounds) and (rows == np.arange(len(rows))).all():
            return np.arange(total)  # every round, in order
        offsets = np.repeat(self.seat_start[rows] - (np.cumsum(counts) - counts), counts)
        return offsets + np.arange(total)

    @cached_property
    def joined_ids(self) -> Joined:
        """The rounds' ids as raw JSON."""
        return Joined(list(map(ROUND_ID, self.rounds)))

    @cached_property
    def ids(self) -> IdBytes:
        """The rounds' ids, as bytes."""
        return IdBytes.of_json(self.joined_ids)

    @cached_property
    def joined_seats(self) -> Joined:
        return Joined(self.seats)

    @cached_property
    def joined_dealers(self) -> Joined:
        return Joined(list(map(DEALER, self.rounds)))

    def decoded_seats(self, which: np.ndarray) -> list[ScreenSeat | None]:
        """The seats ``which`` decoded (None for one that is not a seat)."""
        return decode_each([self.seats[i] for i in which.tolist()], ScreenSeat)

    def decoded_dealers(self, rows: np.ndarray) -> list[ScreenDealer | None]:
        """The dealers of the rounds ``rows`` decoded (None for one that is not a dealer)."""
        return decode_each([self.rounds[i].dealer for i in rows.tolist()], ScreenDealer)

    def places(self) -> dict[tuple, np.ndarray]:
        """(venue, table, game, options, shoe) as written -> the rounds still ``ok`` there
        (indexes into :attr:`rounds`, in order)."""
        rows = np.flatnonzero(self.ok)
        rounds = (
            [self.rounds[i] for i in rows.tolist()] if rows.size < len(self.ok) else self.rounds
        )
        where = list(map(PLACE, rounds))
        number = {w: i for i, w in enumerate(dict.fromkeys(where))}
        place_of = np.fromiter(map(number.__getitem__, where), np.int64, len(where))
        groups: dict[tuple, np.ndarray] = {}
        for w, i in number.items():
            members = rows[place_of == i]
            for written, part in self._as_written(members):
                groups[(*w, *written)] = part
        return groups

    def _as_written(self, members: np.ndarray):
        """The members split by their options and shoe as written: those written as the
        first is, then the few others."""
        rounds = self.rounds
        picked = [rounds[i] for i in members.tolist()]
        options, shoe = picked[0].options, picked[0].shoe
        if _all_written_as(options, OPTIONS, picked) and _all_written_as(shoe, SHOE, picked):
            yield (bytes(options), bytes(shoe)), members  # the usual place: one spelling
            return
        k = len(picked)
        same = np.fromiter(map(options.__eq__, map(OPTIONS, picked)), bool, k)
        same &= np.fromiter(map(shoe.__eq__, map(SHOE, picked)), bool, k)
        yield (bytes(options), bytes(shoe)), members[same]
        if same.all():
            return
        others = np.flatnonzero(~same)
        written = [(bytes(picked[i].options), bytes(picked[i].shoe)) for i in others.tolist()]
        number = {w: j for j, w in enumerate(dict.fromkeys(written))}
        which = np.fromiter(map(number.__getitem__, written), np.int64, len(written))
        for w, j in number.items():
            yield w, members[others[which == j]]


def _all_written_as(first: msgspec.Raw, field, rounds: list) -> bool:
    """Whether every round's ``field`` is written as ``first`` is, byte for byte.  Proven by
    their join alone where ``first`` is an object: each raw field is one whole JSON value,
    so the first ends where the copy of ``first`` under it ends (an object ends at the
    brace that closes it), and so on along the join."""
    written = bytes(first)
    return written[:1] == b"{" and b"".join(map(field, rounds)) == written * len(rounds)


class _DealerTag(msgspec.Struct):
    id: Name | None = None


def dealer_codes(dealers: Joined) -> tuple[np.ndarray, list[str]]:
    """Per round: 0 when no dealer id is written, else a number into the names returned
    (``names[0]`` is ``""``); -1 for a dealer that is not a dealer with a valid id."""
    codes = np.zeros(len(dealers.raws), np.int64)
    if b'"id"' not in dealers.bytes:  # the usual log: no dealer named, nothing to decode
        return codes, [""]
    tags = decode_each(dealers.raws, _DealerTag)
    number: dict[str, int] = {"": 0}
    for i, tag in enumerate(tags):
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
