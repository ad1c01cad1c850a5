"""A chunk appended to a submission whose file grows: a live gaming day's post, whose lines
the live room has written after the file's last committed byte (in the caller's
transaction, which holds the day's lock)."""

from __future__ import annotations

from audits.submissions.models import Chunk


def chunk_append(submission_id: int, index: int, first_line: int, start: int, end: int) -> Chunk:
    """The chunk of lines ``first_line``... held in bytes ``start`` to ``end`` of the
    submission's file, to be validated like any other."""
    return Chunk.objects.create(submission_id=submission_id, index=index, first_line=first_line,
                                start_offset=start, end_offset=end)  # fmt: skip
