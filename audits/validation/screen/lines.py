"""A batch of lines as one buffer, and where each round's fields lie in it.

Most lines are read by the compiled scanner (:mod:`.scan`); a line it gives up on is
decoded as before (:class:`~.decode.ScreenRound`, every spelling JSON allows) and its fields'
raw values appended to the buffer, so that every round's fields are spans of the same bytes
whichever way they were found.  A line that neither reads is not *found*: the exact path
says what is wrong with it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import msgspec
import numpy as np

from . import scan
from .decode import ScreenRound, decode_rounds
from .scan import FIELDS, MOST_SEATS, scan_lines
from .templates import NO_TEMPLATES, Templates

BACKSLASH = b"\\"


@dataclass
class BatchLines:
    """``data``: the batch's bytes (its lines, or the block of the file holding them; then
    the values of lines decoded one by one); per line: ``found``, ``spans[i, f]`` (start and
    end of field ``f``, :data:`.scan.FIELDS`), ``seats[i, s]`` and ``seat_count[i]`` (the
    seats written; spans of at most seven); ``escaped_id[i]``: the round id has an escape."""

    data: bytes
    found: np.ndarray
    spans: np.ndarray
    seats: np.ndarray
    seat_count: np.ndarray
    escaped_id: np.ndarray


def batch_lines(lines: Sequence[bytes], buffer: tuple | None = None,
                seat_starts: Templates = NO_TEMPLATES) -> BatchLines:  # fmt: skip
    """The lines read; ``buffer``, if given, is ``(data, starts, ends)``: where the lines
    already lie, one after the other, in one buffer (a block of the file), read there.
    ``seat_starts``: the seats' usual spellings, which the scanner steps over."""
    n = len(lines)
    if buffer is None:
        data = b"\n".join(lines)
        length = np.fromiter(map(len, lines), np.int64, n)
        end = np.cumsum(length + 1) - 1
        start = end - length
    else:
        data, start, end = buffer
    found, spans, seats, seat_count = scan_lines(np.frombuffer(data, np.uint8), start, end,
                                                 seat_starts)  # fmt: skip
    unwritten = found & (spans[:, scan.OPTIONS, 0] < 0)
    if unwritten.any():  # no options written: none declared, as the exact path reads it
        spans[unwritten, scan.OPTIONS] = (len(data) + 1, len(data) + 3)
        data = b"".join((data, b"\n{}"))  # (data: any bytes-like, a view of a file say)
    read = BatchLines(data, found, spans, seats, seat_count, np.zeros(n, bool))
    others = np.flatnonzero(~found)
    if others.size:
        _decoded([lines[i] for i in others.tolist()], others, read)
    return read


def _decoded(lines: list[bytes], which: np.ndarray, read: BatchLines) -> None:
    """The lines ``which`` (not scanned) decoded; their values appended to ``read.data``."""
    extra = bytearray(b"\n")
    base = len(read.data)

    def put(value: bytes) -> tuple[int, int]:
        start = base + len(extra)
        extra.extend(bytes(value))
        return start, len(extra) + base

    for i, r in zip(which.tolist(), decode_rounds(lines), strict=True):
        if r is None:
            continue
        _put_round(r, read.spans[i], put)
        for s, seat in enumerate(r.seats[:MOST_SEATS]):
            read.seats[i, s] = put(seat)
        read.seat_count[i] = len(r.seats)
        read.escaped_id[i] = BACKSLASH in bytes(r.round)
        read.found[i] = True
    read.data = b"".join((read.data, extra))


def _put_round(r: ScreenRound, spans: np.ndarray, put) -> None:
    spans[scan.V] = put(b"%d" % r.v)
    raw = ((scan.ROUND, r.round), (scan.PLAYED_AT, r.played_at), (scan.OPTIONS, r.options),
           (scan.SHOE, r.shoe), (scan.DEALER, r.dealer))  # fmt: skip
    for f, value in raw:
        spans[f] = put(value)
    for f, text in ((scan.VENUE, r.venue), (scan.TABLE, r.table), (scan.GAME, r.game)):
        spans[f] = put(msgspec.json.encode(text))


__all__ = ["FIELDS", "BatchLines", "batch_lines"]
