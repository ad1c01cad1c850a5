"""Reading a plain hand-log file line by line, by byte range, with a bounded line length."""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterator
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


BLOCK = 2 << 20  # bytes read at a time (a chunk holds one block's lines at once)
NEWLINE = ord("\n")


def read_blocks(path: Path, start: int, end: int) -> Iterator[list]:
    """The lines starting in ``[start, end)``, a block at a time: lists of line bytes
    (without their newline) or :data:`TOO_LONG`, in order; blank lines included.  What
    :func:`read_lines` yields, without the per-line work."""
    with open(path, "rb") as f:
        f.seek(start)
        left, pending, skipping, first = end - start, b"", False, start == 0
        while True:
            block = f.read(min(BLOCK, left)) if left > 0 else b""
            left -= len(block)
            if not block:  # the end of the range, or of the file: the last line, if any
                if skipping or len(pending) > MAX_LINE_BYTES:
                    yield [TOO_LONG]
                elif pending:
                    yield [without_bom(pending) if first else pending]
                return
            lines = block.split(b"\n")
            if skipping:  # the rest of an over-long line, up to its newline
                if len(lines) == 1:
                    continue
                lines[0], skipping = TOO_LONG, False
            else:
                lines[0] = pending + lines[0]
            pending = lines.pop()
            if len(pending) > MAX_LINE_BYTES:
                pending, skipping = b"", True
            if first and lines:
                if lines[0] is not TOO_LONG:
                    lines[0] = without_bom(lines[0])
                first = False
            if lines and (lines[0] is TOO_LONG or max(map(len, lines)) > MAX_LINE_BYTES):
                lines = [TOO_LONG if line is TOO_LONG or len(line) > MAX_LINE_BYTES else line
                         for line in lines]  # fmt: skip
            yield lines


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
    starts, marks, newlines, offset, last = [0], [np.zeros(1, np.int64)], 0, 0, b""
    with open(path, "rb") as f:
        while block := f.read(BLOCK):
            at = np.flatnonzero(np.frombuffer(block, np.uint8) == NEWLINE) + offset
            starts += _every(at, newlines, lines_per_chunk).tolist()
            marks.append(_every(at, newlines, LINE_MARK))
            newlines += len(at)
            offset += len(block)
            last = block[-1:]
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
