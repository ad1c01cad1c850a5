"""Frozen: what migrations 0006 and 0013 import by this name (a migration that has landed is
never edited, so what it imports stays where it was and does what it did).  The chunk
pipeline's own round keys are :mod:`audits.submissions.run.round_keys`; this module is
for those two migrations alone and never changes (``tests/test_migrations_frozen.py``).
The keys are :func:`audits.validation.round_ids.round_keys`', each id's of its own bytes,
pinned by ``tests/audits/migrations/test_frozen_round_keys.py``."""

from __future__ import annotations

import zlib
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import numpy as np

from audits.validation.round_ids import IdBytes, round_keys

#: the dtypes of a RoundKeys row's arrays
KEYS, LINES, MICROS, ENDS = np.dtype("<u8"), np.dtype("<u4"), np.dtype("<i8"), np.dtype("<u4")
EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
MICROSECOND = timedelta(microseconds=1)


class RoundsRead:
    """The rounds of one chunk, per (venue, table, game), as migration 0006 adds them."""

    def __init__(self) -> None:
        self.places: dict[tuple[str, str, str], tuple[list, list, list]] = {}

    def add(self, place, round_id: str, line: int) -> None:
        ids, lines, micros = self.places.setdefault((place.venue, place.table, place.game),
                                                    ([], [], []))  # fmt: skip
        ids.append(round_id)
        lines.append(line)
        micros.append((place.played_at - EPOCH) // MICROSECOND)

    def sorted_places(self) -> Iterator[tuple[tuple[str, str, str], dict]]:
        """Per place, the arrays a RoundKeys row stores, sorted by key, then line."""
        for place, (round_ids, lines, micros) in self.places.items():
            ids = IdBytes.of(round_ids)
            keys = round_keys(ids)
            lines, micros = np.array(lines, np.int64), np.array(micros, np.int64)
            order = np.lexsort((lines, keys))
            ordered = ids.take(order)
            yield place, {
                "count": len(order),
                "keys": keys[order].astype(KEYS).tobytes(),
                "lines": lines[order].astype(LINES).tobytes(),
                "played": micros[order].astype(MICROS).tobytes(),
                "ids": zlib.compress(ordered.data.tobytes(), 1),
                "id_ends": np.cumsum(ordered.length).astype(ENDS).tobytes(),
            }


def stored_ids(blob: bytes, ends: bytes) -> IdBytes:
    """The ids of a RoundKeys row, in its (key) order."""
    end = np.frombuffer(ends, ENDS).astype(np.int64)
    length = np.diff(end, prepend=0)
    return IdBytes(np.frombuffer(zlib.decompress(blob), np.uint8), end - length, length)
