"""Raw JSON values interned as small integers: a log has few distinct wager objects.

``{"main":"25","lucky3":"5"}`` is the same object on thousands of seats; so is a seat's
*tail* (its wager and result objects, and whatever else the game keys on as written).  The
screen gives each distinct spelling an id once per process, so that seats can be compared
and grouped as integers.  Each id's value is read once (``value(id)``) when a verdict needs
it.  Once a table is full it starts again, with a new :attr:`ObjectIds.generation` (the
screens' remembered verdicts, which name ids, are then forgotten too).
"""

from __future__ import annotations

from collections.abc import Sequence

import msgspec
import numpy as np

from .fixed import Spans
from .grouping import factorize_spans, span_hashes
from .kernel import compiled, hash_slot, same_bytes

UNKNOWN = -1
MOST = 1 << 18  # ids fit in 18 bits
MIN_SLOTS = 64


class ObjectIds:
    """Distinct raw JSON values and their ids (0, 1, ...); ``read`` gives a value's meaning
    (by default, the JSON it is).

    Beside the dictionary of values given as bytes, the values :meth:`ids_at` has met are
    kept for compiled code: their bytes one after the other (the *arena*), and a hash table
    (open addressing, a quarter to half full) of their hashes (:func:`~.grouping.span_hashes`
    of the value as one span) and ids; a span is known when a slot holds its hash and the
    arena the same bytes.  A table only ever given bytes (:meth:`ids`) keeps no arena."""

    def __init__(self, most: int = MOST, read=msgspec.json.decode) -> None:
        self.most, self.read = most, read
        self.generation = 0
        self._start()

    def _start(self) -> None:
        self._ids: dict[bytes, int] = {}
        self.raws: list[bytes] = []
        self._values: dict[int, object] = {}
        self._arena = np.zeros(1 << 12, np.uint8)
        self._used = 0  # bytes of the arena in use
        self._bounds = np.zeros((MIN_SLOTS, 2), np.int64)  # per id kept: its start and end there
        self._hashes = np.zeros(MIN_SLOTS, np.uint64)  # per id kept
        self._kept = np.zeros(MIN_SLOTS, np.int64)  # the ids kept, in the order kept
        self._count = 0  # how many
        self._slot_hashes = np.zeros(MIN_SLOTS, np.uint64)
        self._slot_ids = np.full(MIN_SLOTS, -1, np.int64)  # -1: an empty slot

    def ids(self, raws: Sequence) -> np.ndarray:
        """The id of each raw value (:data:`UNKNOWN` once the table is full)."""
        found = list(map(self._ids.get, raws if _all_bytes(raws) else map(bytes, raws)))
        if None in found:
            found = [
                self._add(bytes(raw)) if i is None else i
                for raw, i in zip(raws, found, strict=True)
            ]
        return np.array(found, np.int64)

    def ids_at(self, spans: Spans) -> np.ndarray:
        """The id of each value of ``spans``: looked up by hash and proven byte-equal in
        compiled code; the values not known yet are told apart by their bytes
        (:func:`~.grouping.factorize_spans`) and one of each added."""
        if not len(spans):
            return np.zeros(0, np.int64)
        rows = np.stack([spans.start, spans.start + spans.length], axis=1)[:, None, :]
        hashes = span_hashes(spans.array, rows)
        found = np.empty(len(rows), np.int64)
        _look_up(spans.array, rows, hashes, self._slot_hashes, self._slot_ids, self._arena,
                 self._bounds, found)  # fmt: skip
        missing = np.flatnonzero(found < 0)
        if missing.size:
            first, inverse = factorize_spans(spans.array, rows[missing], hashes[missing])
            new = missing[first]
            added = [self._kept_id(raw, hashed) for raw, hashed in
                     zip(spans.values(new), hashes[new].tolist(), strict=True)]  # fmt: skip
            found[missing] = np.array(added, np.int64)[inverse]
        return found

    def _add(self, raw: bytes) -> int:
        known = self._ids.get(raw)
        if known is not None:
            return known
        if len(self.raws) >= self.most:
            return UNKNOWN
        self._ids[raw] = len(self.raws)
        self.raws.append(raw)
        return len(self.raws) - 1

    def _kept_id(self, raw: bytes, hashed: int) -> int:
        """The id of a value the compiled table does not hold yet (added if new), kept there
        from now on (``hashed``: its hash)."""
        id_ = self._add(raw)
        if id_ != UNKNOWN:
            self._keep(id_, raw, hashed)
        return id_

    def _keep(self, id_: int, raw: bytes, hashed: int) -> None:
        """The value's bytes into the arena and its hash into the table (each grown as
        needed: the table rebuilt once more than half full)."""
        end = self._used + len(raw)
        if end > len(self._arena):
            self._arena = _grown(self._arena, 2 * end)
        self._arena[self._used : end] = np.frombuffer(raw, np.uint8)
        if id_ >= len(self._bounds):
            self._bounds = _grown(self._bounds, max(2 * len(self._bounds), id_ + 1))
            self._hashes = _grown(self._hashes, len(self._bounds))
        self._bounds[id_] = self._used, end
        self._hashes[id_] = hashed
        self._used = end
        if self._count == len(self._kept):
            self._kept = _grown(self._kept, 2 * self._count)
        self._kept[self._count] = id_
        self._count += 1
        new = self._kept[self._count - 1 : self._count]
        if 2 * self._count > len(self._slot_ids):  # all again, in a table twice the size
            size = 2 * len(self._slot_ids)
            self._slot_hashes = np.zeros(size, np.uint64)
            self._slot_ids = np.full(size, -1, np.int64)
            new = self._kept[: self._count]
        _put(self._slot_hashes, self._slot_ids, self._hashes, new)

    def make_room(self) -> None:
        """Start again when nearly full (call between batches, never within one)."""
        if len(self.raws) > self.most * 3 // 4:
            self._start()
            self.generation += 1

    def value(self, id_: int):
        """The value of an id, read once (None if it does not read)."""
        if id_ not in self._values:
            try:
                self._values[id_] = self.read(self.raws[id_])
            except (msgspec.DecodeError, UnicodeDecodeError, RecursionError):
                self._values[id_] = None  # not valid JSON after all (a raw part is not read)
        return self._values[id_]

    def __len__(self) -> int:
        return len(self.raws)


class Derived:
    """Columns derived from a table's values, one row per id (``derive(value)``: a tuple of
    ``width`` booleans), grown as the table grows and forgotten when it starts again."""

    def __init__(self, table: ObjectIds, width: int, derive) -> None:
        self.table, self.derive = table, derive
        self._rows = np.zeros((0, width), bool)
        self._generation = table.generation

    def of(self, ids: np.ndarray) -> np.ndarray:
        """The rows of ``ids`` (all False where the table holds no value yet)."""
        table = self.table
        if self._generation != table.generation:
            self._rows, self._generation = self._rows[:0], table.generation
        if len(self._rows) < len(table):
            more = [self.derive(table.value(i)) for i in range(len(self._rows), len(table))]
            more = np.array(more, bool).reshape(-1, self._rows.shape[1])
            self._rows = np.concatenate([self._rows, more])
        if not len(self._rows):
            return np.zeros((len(ids), self._rows.shape[1]), bool)
        return self._rows[ids]


def _grown(array: np.ndarray, size: int) -> np.ndarray:
    more = np.zeros((size, *array.shape[1:]), array.dtype)
    more[: len(array)] = array
    return more


@compiled
def _put(slot_hashes, slot_ids, hashes, ids):
    """The ``ids`` (their hashes in ``hashes``) into the table."""
    mask = len(slot_ids) - 1
    for i in ids:
        at = hash_slot(hashes[i], mask)
        while slot_ids[at] >= 0:
            at = (at + 1) & mask
        slot_hashes[at], slot_ids[at] = hashes[i], i


@compiled
def _look_up(data, rows, hashes, slot_hashes, slot_ids, arena, bounds, found):
    """Each span's id (``rows[i, 0]``: its start and end in ``data``), -1 where unknown."""
    mask = len(slot_ids) - 1
    for i in range(len(rows)):
        a, b = rows[i, 0, 0], rows[i, 0, 1]
        at = hash_slot(hashes[i], mask)
        found[i] = -1
        while True:
            id_ = slot_ids[at]
            if id_ < 0:
                break
            if slot_hashes[at] == hashes[i] and _same(data, a, b, arena, bounds[id_, 0],
                                                       bounds[id_, 1]):  # fmt: skip
                found[i] = id_
                break
            at = (at + 1) & mask


@compiled
def _same(data, a, b, arena, c, d):
    """Whether ``data[a:b]`` and ``arena[c:d]`` hold the same bytes."""
    return b - a == d - c and same_bytes(data, a, arena, c, b - a)


def _all_bytes(raws: Sequence) -> bool:
    return not raws or type(raws[0]) is bytes  # a batch is all bytes (slices) or all Raw


def _seat_tail(raw: bytes) -> dict:
    """A seat's *tail*, what follows ``"wagers":`` in it, as the object it ends."""
    return msgspec.json.decode(b'{"wagers":' + raw)


#: a Toss One 21 seat's tail, per process
TAILS = ObjectIds(read=_seat_tail)
#: a blackjack-family seat's tail: ``[wagers, results, poker, hand result, doubled]``
FAMILY_TAILS = ObjectIds()
_TABLES = (TAILS, FAMILY_TAILS)


def generation() -> tuple[int, ...]:
    """Changes whenever an id may have been given to another value."""
    return tuple(table.generation for table in _TABLES)


def make_room() -> None:
    for table in _TABLES:
        table.make_room()
