"""Reading a plain hand-log file line by line, by byte range, with a bounded line length."""

from __future__ import annotations

import mmap
import os
from bisect import bisect_right
from collections.abc import Iterator, Sequence
from pathlib import Path

import numpy as np

from audits.validation.parse import MAX_LINE_BYTES

TOO_LONG = object()  # yielded instead of the bytes of an over-long line
#: a UTF-8 byte order mark, which some editors write at the start of a file: not part of line 1
UTF8_BOM = b"\xef\xbb\xbf"


def without_bom(line: bytes) -> bytes:
    """Line 1 as the format reads it: a leading byte order mark is not part of the round."""
    return line[len(UTF8_BOM) :] if line.startswith(UTF8_BOM) else line


def read_lines(path: Path, start: int, end: int) -> Iterator[tuple[int, object]]:
    """``(offset, line bytes or TOO_LONG)`` for each line starting in ``[start, end)``."""
    with open(path, "rb") as f:
        f.seek(start)
        offset = start
        while offset < end:
            line = f.readline(MAX_LINE_BYTES + 1)
            if not line:
                return
            if len(line) > MAX_LINE_BYTES and not line.endswith(b"\n"):
                skipped = len(line)
                while True:  # skip the rest of the over-long line without holding it
                    rest = f.readline(1 << 20)
                    skipped += len(rest)
                    if not rest or rest.endswith(b"\n"):
                        break
                yield offset, TOO_LONG
                offset += skipped
                continue
            yield offset, without_bom(line) if offset == 0 else line
            offset += len(line)


BLOCK = 4 << 20  # bytes read at a time (a chunk holds one block's lines at once)
GRANULE = mmap.ALLOCATIONGRANULARITY  # where a view of a file may start
NEWLINE = ord("\n")
BLANK_START = frozenset(b" \t\r\n")


class BlockLines(Sequence):
    """The lines of a block read: each a span of ``data`` (``starts`` and ``ends``, without
    its newline), or :data:`TOO_LONG` for the indexes in ``too_long``.  Indexing and iterating
    give each line's bytes; the screen reads the spans in ``data`` as they are.  ``data`` is
    bytes-like: the file's pages themselves, mapped (:func:`read_blocks`), or bytes."""

    __slots__ = ("data", "starts", "ends", "too_long")

    def __init__(self, data: bytes, starts: np.ndarray, ends: np.ndarray,
                 too_long: frozenset[int] = frozenset()):  # fmt: skip
        self.data, self.starts, self.ends, self.too_long = data, starts, ends, too_long

    def __len__(self) -> int:
        return len(self.starts)

    def __getitem__(self, i):
        if isinstance(i, slice):
            if self.too_long:
                return list(self)[i]
            return BlockLines(self.data, self.starts[i], self.ends[i])
        i = range(len(self))[i]  # a negative index counts from the end; IndexError past it
        if i in self.too_long:
            return TOO_LONG
        return self.data[int(self.starts[i]) : int(self.ends[i])]

    def __iter__(self) -> Iterator:
        data, too_long = self.data, self.too_long
        for i, (a, b) in enumerate(zip(self.starts.tolist(), self.ends.tolist(), strict=True)):
            yield TOO_LONG if i in too_long else data[a:b]

    def blank(self) -> np.ndarray:
        """Per line, whether it is blank (empty, or only white space; never one too long)."""
        length = self.ends - self.starts
        first = np.frombuffer(self.data, np.uint8)[np.minimum(self.starts, len(self.data) - 1)]
        maybe = (length == 0) | (first <= 32)  # a blank line starts with a byte at most a space
        found = np.zeros(len(self), bool)
        for i in np.flatnonzero(maybe).tolist():
            if i not in self.too_long:
                found[i] = is_blank(self.data[int(self.starts[i]) : int(self.ends[i])])
        return found

    def without(self, gone: np.ndarray) -> BlockLines:
        """The lines but those where ``gone`` (a mask); none of them too long."""
        assert not self.too_long
        return BlockLines(self.data, self.starts[~gone], self.ends[~gone])


def is_blank(raw: bytes) -> bool:
    return not raw or (raw[0] in BLANK_START and not raw.strip())


def read_blocks(path: Path, start: int, end: int) -> Iterator[BlockLines]:
    """The lines starting in ``[start, end)``, a block at a time (:class:`BlockLines`, in
    order; blank lines included): what :func:`read_lines` yields, without the per-line
    work.  Each block is a read-only view of the file's pages (``mmap``: nothing is copied
    and no memory is allocated for it), unmapped once nothing refers to it; the newlines are
    found in numpy and the block is not split."""
    with open(path, "rb") as f:
        end = min(end, os.fstat(f.fileno()).st_size)
        at = start  # where the next line starts
        while at < end:
            base = at - at % GRANULE
            stop, data, ends = _window_with_a_newline(f, base, at, end)
            offset = at - base
            if not ends.size and stop - at > MAX_LINE_BYTES:  # an over-long line: skipped
                at = _after_newline(f, stop, end)
                yield _one(b"", too_long=True)
                continue
            ends = ends + offset
            if stop == end and (not ends.size or ends[-1] + 1 < stop - base):
                ends = np.append(ends, stop - base)  # the file's last line, with no newline
            starts = np.empty_like(ends)
            starts[0], starts[1:] = offset, ends[:-1] + 1
            if at == 0 and data[: len(UTF8_BOM)] == UTF8_BOM:
                starts[0] += len(UTF8_BOM)
            too_long = np.flatnonzero(ends - starts > MAX_LINE_BYTES).tolist()
            yield BlockLines(data, starts, ends, frozenset(too_long))
            at = base + int(ends[-1]) + 1


def _window_with_a_newline(f, base: int, at: int, end: int):
    """``(stop, view, newlines)``: a view of the file from ``base`` to ``stop``, at least
    :data:`BLOCK` bytes past ``at`` (more until it holds a newline after ``at``, reaches
    ``end``, or holds more than a line may), and where its newlines are, from ``at``."""
    want = BLOCK
    while True:
        stop = min(at + want, end)
        view = _view(f, base, stop)
        newlines = _newlines(view, at - base)
        if newlines.size or stop == end or stop - at > MAX_LINE_BYTES:
            return stop, view, newlines
        want *= 2


def _after_newline(f, at: int, end: int) -> int:
    """Where the line after the first newline at or after ``at`` starts (``end`` if none)."""
    while at < end:
        base = at - at % GRANULE
        stop = min(base + max(BLOCK, GRANULE), end)
        found = _newlines(_view(f, base, stop), at - base)
        if found.size:
            return at + int(found[0]) + 1
        at = stop
    return end


def _view(f, start: int, stop: int) -> mmap.mmap:
    """A read-only view of the file's bytes ``[start, stop)`` (``start`` a multiple of
    :data:`GRANULE`): its pages mapped, nothing copied; unmapped once nothing refers to it."""
    return mmap.mmap(f.fileno(), stop - start, offset=start, access=mmap.ACCESS_READ)


def _newlines(view, start: int) -> np.ndarray:
    """Where the newlines of ``view`` are, from ``start`` on (counted from ``start``)."""
    return np.flatnonzero(np.frombuffer(view, np.uint8)[start:] == NEWLINE)


def _one(line: bytes, too_long: bool = False) -> BlockLines:
    at = np.zeros(1, np.int64)
    return BlockLines(line, at, at + len(line), frozenset({0} if too_long else ()))


#: every this many lines, where a line starts is kept (a chunk's ``line_marks``): reading any
#: one line later needs at most this many lines read before it
LINE_MARK = 64


def chunk_boundaries(
    path: Path, lines_per_chunk: int
) -> tuple[list[tuple[int, int, int]], int, np.ndarray]:
    """``[(first_line, start, end)]`` covering the file, the number of lines (a line is
    what ends at a newline, or at the end of the file; an over-long line is one line), and
    where lines 1, 1 + :data:`LINE_MARK`, 1 + 2 × :data:`LINE_MARK`, ... start."""
    size = path.stat().st_size
    starts, marks, newlines, last = [0], [np.zeros(1, np.int64)], 0, b""
    step = max(BLOCK - BLOCK % GRANULE, GRANULE)
    with open(path, "rb") as f:
        for offset in range(0, size, step):  # the file's pages viewed, not copied
            view = _view(f, offset, min(offset + step, size))
            at = _newlines(view, 0) + offset
            starts += _every(at, newlines, lines_per_chunk).tolist()
            marks.append(_every(at, newlines, LINE_MARK))
            newlines += len(at)
            last = view[-1:]
    lines = newlines + (1 if size and last != b"\n" else 0)
    starts = [s for s in starts if s < size]
    ends = [*starts[1:], size] if starts else []
    chunks = enumerate(zip(starts, ends, strict=True))
    marked = np.concatenate(marks)
    return [(i * lines_per_chunk + 1, s, e) for i, (s, e) in chunks], lines, marked[marked < size]


def _every(newline_at: np.ndarray, before: int, stride: int) -> np.ndarray:
    """Where lines ``1 + k × stride`` start, of the newlines at ``newline_at`` (the file's
    from number ``before``): newline ``g`` (from 0) ends line ``g + 1``, so line ``g + 2``
    starts after it."""
    first = (stride - 1 - before) % stride
    return newline_at[first::stride] + 1


def chunk_marks(marks: np.ndarray, first_line: int, next_first: int) -> bytes:
    """The marks of the lines ``[first_line, next_first)`` (int64, little-endian)."""
    return marks[_first_mark(first_line) : _first_mark(next_first)].astype("<i8").tobytes()


def _first_mark(line: int) -> int:
    """The number (from 0) of the first mark at or after ``line``."""
    return -(-(line - 1) // LINE_MARK)


class LineSeeker:
    """Chosen lines of a plain file, each read from the nearest line start known: a chunk's
    start or one of its marks (``chunks``: ``(first line, start offset, line marks)`` in
    order), or where the last line read ended."""

    def __init__(self, f, chunks: list[tuple[int, int, bytes]]):
        self.f, self.chunks = f, chunks
        self.firsts = [first for first, _, _ in chunks]
        self.at_line: int | None = None  # the line the file is positioned at

    def line(self, number: int) -> bytes | None:
        """Line ``number`` with its newline, cut after ``MAX_LINE_BYTES + 1`` bytes; None
        past the end of the file."""
        first, offset = self._nearest(number)
        if self.at_line is None or not first <= self.at_line <= number:
            self.f.seek(offset)
            self.at_line = first
        while self.at_line < number:
            if not self._skip():
                return None
        line = self.f.readline(MAX_LINE_BYTES + 1)
        if not line:
            self.at_line = None
            return None
        if len(line) > MAX_LINE_BYTES and not line.endswith(b"\n"):
            self._to_newline()  # the rest of an over-long line
        self.at_line += 1
        return line

    def _skip(self) -> bool:
        """Past the line the file is at; False at the end of the file (where the file is
        then is not a line's start: the next read seeks)."""
        if not self._to_newline():
            self.at_line = None
            return False
        self.at_line += 1
        return True

    def _to_newline(self) -> bool:
        """Read up to the next newline; False when the file ends first."""
        while piece := self.f.readline(1 << 20):
            if piece.endswith(b"\n"):
                return True
        return False

    def _nearest(self, number: int) -> tuple[int, int]:
        i = max(bisect_right(self.firsts, number) - 1, 0)
        first, start, marks = self.chunks[i] if self.chunks else (1, 0, b"")
        mark = (number - 1) // LINE_MARK  # the last mark at or before the line
        k, known = mark - _first_mark(first), np.frombuffer(marks, "<i8")
        if first <= number and 0 <= k < len(known):
            return mark * LINE_MARK + 1, int(known[k])
        return first, start
