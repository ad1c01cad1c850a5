"""A batch of lines read (:mod:`.reader`), with what every round shares checked for the whole
batch: read at all, played no later than the file allows, its place, its dealer's name."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import msgspec
import numpy as np

from ..round_ids import IdBytes
from . import layout
from . import reader as rd
from .grouping import factorize, factorize_spans, span_hashes
from .keys import FIXED, WagerKeys

PLACE = [layout.S_VENUE, layout.S_TABLE, layout.S_GAME, layout.S_OPTIONS]
_OPTIONS = msgspec.json.Decoder(dict[str, str | int])


@dataclass(frozen=True)
class Place:
    """What a group of rounds was written at: options read once per spelling."""

    venue: str
    table: str
    game: str
    written_options: tuple[tuple[str, str], ...]
    decks: int

    @property
    def options(self) -> dict[str, str]:
        return dict(self.written_options)


class Batch:
    """The lines ``data[starts[i]:ends[i]]``; ``ok[i]`` False sends line ``i`` to the exact
    path (not read, or played later than ``latest_micros``).  Read into ``columns``' memory,
    it holds until the next batch read into them; wager keys in ``keys``' slots."""

    def __init__(self, data, starts: np.ndarray, ends: np.ndarray, latest_micros: int,
                 columns: rd.Columns | None = None, keys: WagerKeys = FIXED):  # fmt: skip
        self.data = data
        self.array = np.frombuffer(data, np.uint8)
        self.read = rd.read_lines(self.array, starts, ends, columns, keys)
        self.ok = self.read.ok & (self.read.micros <= latest_micros)

    def __len__(self) -> int:
        return len(self.ok)

    def text(self, line: int, slot: int) -> str:
        start, end = self.read.spans[line, slot].tolist()
        return "" if start < 0 else self.data[start:end].decode("ascii")

    @cached_property
    def ids(self) -> IdBytes:
        """Every line's round id, as bytes (meaningful where read)."""
        spans = self.read.spans[:, layout.S_ROUND]
        start = np.maximum(spans[:, 0], 0)
        return IdBytes(self.array, start, np.maximum(spans[:, 1] - spans[:, 0], 0))

    @cached_property
    def dealers(self) -> tuple[np.ndarray, list[str]]:
        """Per line: 0 when no dealer is named, else a number into the names (``names[0]``
        is ``""``)."""
        spans = self.read.spans[:, layout.S_DEALER_ID]
        named = np.flatnonzero(spans[:, 0] >= 0)
        codes = np.zeros(len(self), np.int64)
        if not named.size:
            return codes, [""]
        written = np.ascontiguousarray(spans[named][:, None, :])
        first, inverse = factorize_spans(self.array, written, span_hashes(self.array, written))
        codes[named] = inverse + 1
        return codes, ["", *(self.text(int(named[f]), layout.S_DEALER_ID) for f in first.tolist())]

    def places(self) -> dict[Place, np.ndarray]:
        """Each place (venue, table, game, options, decks) -> the lines still ``ok`` there,
        in order; lines alike byte for byte are one group, read once."""
        rows = np.flatnonzero(self.ok)
        written = np.ascontiguousarray(self.read.spans[rows][:, PLACE])
        _, spelling = factorize_spans(self.array, written, span_hashes(self.array, written))
        first, inverse = factorize(spelling * 1_000_000_000 + self.read.decks[rows])
        groups: dict[Place, np.ndarray] = {}
        for g in range(len(first)):  # in the order the places first appear
            place = self._place(int(rows[first[g]]))
            if place is None:
                continue  # options that do not read: the exact path says why
            members = rows[inverse == g]
            known = groups.get(place)  # the same place spelt otherwise (keys in another order)
            groups[place] = members if known is None else np.sort(np.concatenate([known, members]))
        return groups

    def _place(self, line: int) -> Place | None:
        start, end = self.read.spans[line, layout.S_OPTIONS].tolist()
        try:
            options = _OPTIONS.decode(self.data[start:end]) if start >= 0 else {}
        except msgspec.DecodeError:
            return None
        written = tuple(sorted((k, str(v)) for k, v in options.items()))
        venue, table = self.text(line, layout.S_VENUE), self.text(line, layout.S_TABLE)
        game = self.text(line, layout.S_GAME)
        return Place(venue, table, game, written, int(self.read.decks[line]))
