"""The rounds a chunk read, kept per place as sorted arrays: how duplicates are found.

A round is known by (venue, table, round id).  Each chunk keeps, per (venue, table, game),
one row (:class:`~audits.submissions.models.RoundKeys`) holding its rounds' 64-bit keys (a
stable hash of the round id's UTF-8 bytes) sorted, with each round's line, time and id in the
same order: one row per chunk and place, not one per round.  At the end of a submission the keys
are merged in numpy (:mod:`audits.submissions.duplicates`); equal keys are then confirmed on
the round ids themselves.

Round ids travel as :class:`~audits.validation.round_ids.IdBytes` (their UTF-8 bytes, one
after the other), never one Python string per round: the screen takes them from the raw JSON
of a batch.
"""

from __future__ import annotations

import zlib
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import datetime

import numpy as np

from audits.submissions.run.tally import RoundPlace, SeenRound
from audits.validation.round_ids import KEYS, IdBytes, round_keys
from audits.validation.screen.times import EPOCH, MICROSECOND, as_datetime

LINES, MICROS, ENDS = np.dtype("<u4"), np.dtype("<i8"), np.dtype("<u4")


@dataclass
class PlaceRounds:
    """The rounds read at one (venue, table, game), in reading order, as parts."""

    ids: list[IdBytes] = field(default_factory=list)
    lines: list[np.ndarray] = field(default_factory=list)
    micros: list[np.ndarray] = field(default_factory=list)
    one_ids: list[str] = field(default_factory=list)  # one at a time (the exact path)
    one_lines: list[int] = field(default_factory=list)
    one_micros: list[int] = field(default_factory=list)

    def flush(self) -> None:
        if self.one_ids:
            self.ids.append(IdBytes.of(self.one_ids))
            self.lines.append(np.array(self.one_lines, np.int64))
            self.micros.append(np.array(self.one_micros, np.int64))
            self.one_ids, self.one_lines, self.one_micros = [], [], []

    def arrays(self) -> tuple[IdBytes, np.ndarray, np.ndarray]:
        self.flush()
        if not self.ids:
            empty = np.zeros(0, np.int64)
            return IdBytes(np.zeros(0, np.uint8), empty, empty), empty, empty
        lengths = np.concatenate([i.length for i in self.ids])
        data = np.concatenate([i.data for i in self.ids])  # each part compact
        ids = IdBytes(data, np.cumsum(lengths) - lengths, lengths)
        return ids, np.concatenate(self.lines), np.concatenate(self.micros)


class RoundsRead:
    """Every round a chunk read, per (venue, table, game); the screen adds many at once."""

    def __init__(self) -> None:
        self.places: dict[tuple[str, str, str], PlaceRounds] = {}

    def _place(self, venue: str, table: str, game: str) -> PlaceRounds:
        key = (venue, table, game)
        place = self.places.get(key)
        if place is None:
            place = self.places[key] = PlaceRounds()
        return place

    def add(self, place: RoundPlace, round_id: str, line: int) -> None:
        rounds = self._place(place.venue, place.table, place.game)
        rounds.one_ids.append(round_id)
        rounds.one_lines.append(line)
        rounds.one_micros.append((place.played_at - EPOCH) // MICROSECOND)

    def add_many(self, venue, table, game, ids: IdBytes, lines, micros) -> None:
        """Rounds read together; ``ids`` compact (as :meth:`IdBytes.take` makes them)."""
        rounds = self._place(venue, table, game)
        rounds.flush()  # the exact path's rounds so far first: the parts stay in order
        rounds.ids.append(ids)
        rounds.lines.append(np.asarray(lines, np.int64))
        rounds.micros.append(np.asarray(micros, np.int64))

    @property
    def count(self) -> int:
        return sum(len(p.one_ids) + sum(len(i) for i in p.ids) for p in self.places.values())

    def played_range(self) -> tuple[datetime | None, datetime | None]:
        """When the first and the last round read were played."""
        times = [rounds.arrays()[2] for rounds in self.places.values()]
        times = [t for t in times if t.size]
        if not times:
            return None, None
        return as_datetime(min(t.min() for t in times)), as_datetime(max(t.max() for t in times))

    def sorted_places(self) -> Iterator[tuple[tuple[str, str, str], dict]]:
        """Per place, the arrays a :class:`~audits.submissions.models.RoundKeys` row stores, by
        key."""
        for place, rounds in self.places.items():
            ids, lines, micros = rounds.arrays()
            keys = round_keys(ids)
            order = np.lexsort((lines, keys))
            ordered = ids.take(order)
            yield (
                place,
                {
                    "count": len(order),
                    "keys": keys[order].astype(KEYS).tobytes(),
                    "lines": lines[order].astype(LINES).tobytes(),
                    "played": micros[order].astype(MICROS).tobytes(),
                    "ids": zlib.compress(ordered.data.tobytes(), 1),
                    "id_ends": np.cumsum(ordered.length).astype(ENDS).tobytes(),
                },
            )

    def seen(self) -> list[SeenRound]:
        """Every round as a :class:`SeenRound` (for tests and small files)."""
        found = []
        for (venue, table, game), rounds in self.places.items():
            ids, lines, micros = rounds.arrays()
            for i, (line, micro) in enumerate(zip(lines.tolist(), micros.tolist(), strict=True)):
                place = RoundPlace(venue, table, game, as_datetime(micro))
                found.append(SeenRound(place, ids.text(i), line))
        return found


def stored_ids(blob: bytes, ends: bytes) -> IdBytes:
    """The ids of a :class:`~audits.submissions.models.RoundKeys` row, in its (key) order."""
    end = np.frombuffer(ends, ENDS).astype(np.int64)
    length = np.diff(end, prepend=0)
    return IdBytes(np.frombuffer(zlib.decompress(blob), np.uint8), end - length, length)
