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

UNKNOWN = -1
MOST = 1 << 18  # ids fit in 18 bits


class ObjectIds:
    """Distinct raw JSON values and their ids (0, 1, ...); ``read`` gives a value's meaning
    (by default, the JSON it is)."""

    def __init__(self, most: int = MOST, read=msgspec.json.decode) -> None:
        self.most, self.read = most, read
        self.generation = 0
        self._start()

    def _start(self) -> None:
        self._ids: dict[bytes, int] = {}
        self.raws: list[bytes] = []
        self._values: dict[int, object] = {}

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
        """The id of each value of ``spans``: the values are told apart by their bytes
        (:func:`~.grouping.factorize_spans`), one of each looked up."""
        if not len(spans):
            return np.zeros(0, np.int64)
        rows = np.stack([spans.start, spans.start + spans.length], axis=1)[:, None, :]
        first, inverse = factorize_spans(spans.array, rows, span_hashes(spans.array, rows))
        return self.ids(spans.values(first))[inverse]

    def _add(self, raw: bytes) -> int:
        known = self._ids.get(raw)
        if known is not None:
            return known
        if len(self.raws) >= self.most:
            return UNKNOWN
        self._ids[raw] = len(self.raws)
        self.raws.append(raw)
        return len(self.raws) - 1

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
