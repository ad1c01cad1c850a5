"""Reading a plain hand-log file line by line, by byte range, with a bounded line length."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

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


def chunk_boundaries(path: Path, lines_per_chunk: int) -> tuple[list[tuple[int, int, int]], int]:
    """``[(first_line, start, end)]`` covering the file, and the number of lines."""
    size = path.stat().st_size
    chunks, count, chunk_start, chunk_first = [], 0, 0, 1
    for offset, _ in read_lines(path, 0, size):
        if count and count % lines_per_chunk == 0:
            chunks.append((chunk_first, chunk_start, offset))
            chunk_start, chunk_first = offset, count + 1
        count += 1
    if count:
        chunks.append((chunk_first, chunk_start, size))
    return chunks, count
