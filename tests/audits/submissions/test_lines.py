"""Reading a hand log by blocks and splitting it into chunks: the same lines, numbers and
boundaries as reading it line by line, whatever the block size."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from audits.submissions.run import lines
from audits.submissions.run.lines import (
    TOO_LONG,
    LineSeeker,
    chunk_boundaries,
    chunk_marks,
    read_blocks,
    read_lines,
)

PIECES = st.lists(
    st.sampled_from([b"", b"a", b"{}", b"\xef\xbb\xbf", b"\n", b"\r\n", b"xyz\n", b"\n\n",
                     b"L" * 9, b"L" * 9 + b"\n"]), max_size=16,
)  # fmt: skip


def by_lines(path, start, end):
    read = read_lines(path, start, end)
    return [raw if raw is TOO_LONG else raw.rstrip(b"\n") for _, raw in read]


def by_blocks(path, start, end):
    return [raw for block in read_blocks(path, start, end) for raw in block]


def reference_boundaries(path, per_chunk):
    size, chunks, count, start, first = path.stat().st_size, [], 0, 0, 1
    for offset, _ in read_lines(path, 0, size):
        if count and count % per_chunk == 0:
            chunks.append((first, start, offset))
            start, first = offset, count + 1
        count += 1
    if count:
        chunks.append((first, start, size))
    return chunks, count


@settings(max_examples=300, deadline=None)
@given(PIECES, st.sampled_from([1, 2, 3]))
def test_blocks_and_chunks_match_reading_line_by_line(tmp_path_factory, pieces, per_chunk):
    path = tmp_path_factory.mktemp("lines") / "log.jsonl"
    path.write_bytes(b"".join(pieces))
    with pytest.MonkeyPatch.context() as patch:  # tiny blocks and lines: every case of a
        patch.setattr(lines, "BLOCK", 4)  # line across blocks, or longer than allowed
        patch.setattr(lines, "MAX_LINE_BYTES", 8)
        patch.setattr(lines, "LINE_MARK", 2)
        chunks, count, marks = chunk_boundaries(path, per_chunk)
        assert (chunks, count) == reference_boundaries(path, per_chunk)
        starts = [offset for offset, _ in read_lines(path, 0, path.stat().st_size)]
        assert marks.tolist() == starts[::2]  # lines 1, 3, 5, ...
        read = [by_blocks(path, start, end) for _, start, end in chunks]
        assert read == [by_lines(path, start, end) for _, start, end in chunks]
        assert sum(map(len, read)) == count


def file_lines(content: bytes) -> list[bytes]:
    """Each line with its newline, as the seeker returns it (cut after 9 bytes)."""
    return [line[:9] for line in content.splitlines(keepends=True) if line]


@settings(max_examples=300, deadline=None)
@given(PIECES, st.sampled_from([1, 2, 3, 5]), st.lists(st.integers(1, 20), max_size=8),
       st.booleans())  # fmt: skip
def test_the_seeker_reads_any_line_from_the_nearest_mark(
    tmp_path_factory, pieces, per_chunk, wanted, marked
):
    """Whatever lines are asked for, in any order (and past the end), from marks or from
    the chunks' starts only (chunks stored before marks existed): each line as the file has
    it."""
    path = tmp_path_factory.mktemp("seek") / "log.jsonl"
    content = b"".join(pieces)
    path.write_bytes(content)
    expected = file_lines(content)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(lines, "BLOCK", 4)
        patch.setattr(lines, "MAX_LINE_BYTES", 8)
        patch.setattr(lines, "LINE_MARK", 2)
        chunks, _, marks = chunk_boundaries(path, per_chunk)
        known = [(first, start, chunk_marks(marks, first, first + per_chunk) if marked else b"")
                 for first, start, _ in chunks]  # fmt: skip
        with open(path, "rb") as f:
            seeker = LineSeeker(f, known)
            for number in wanted:
                got = seeker.line(number)
                assert got == (expected[number - 1] if number <= len(expected) else None)
