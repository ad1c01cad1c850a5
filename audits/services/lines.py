"""Reading a plain hand-log file line by line, by byte range, with a bounded line length."""

from __future__ import annotations

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


def chunk_boundaries(path: Path, lines_per_chunk: int) -> tuple[list[tuple[int, int, int]], int]:
    """``[(first_line, start, end)]`` covering the file, and the number of lines (a line is
    what ends at a newline, or at the end of the file; an over-long line is one line)."""
    size = path.stat().st_size
    starts, newlines, offset, last = [0], 0, 0, b""
    with open(path, "rb") as f:
        while block := f.read(BLOCK):
            at = np.flatnonzero(np.frombuffer(block, np.uint8) == NEWLINE)
            # newline number newlines + 1 + i ends line that; each lines_per_chunk-th
            # newline starts a chunk
            first = (lines_per_chunk - 1 - newlines) % lines_per_chunk
            starts += (at[first::lines_per_chunk] + offset + 1).tolist()
            newlines += len(at)
            offset += len(block)
            last = block[-1:]
    lines = newlines + (1 if size and last != b"\n" else 0)
    starts = [s for s in starts if s < size]
    ends = [*starts[1:], size] if starts else []
    chunks = enumerate(zip(starts, ends, strict=True))
    return [(i * lines_per_chunk + 1, s, e) for i, (s, e) in chunks], lines
