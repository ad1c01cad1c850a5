"""Splitting a stored file into chunks, the unit of work a worker takes (once), or failing
the submission with the reason when its file cannot be read; and forgetting the chunks of a
failed submission that is validated again."""

from __future__ import annotations

import logging

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from audits.submissions.models import Chunk, Finding, RoundKeys, Submission, SubmissionStatus
from audits.submissions.run.files import UnreadableFile, expand_work_copy, media_path
from audits.submissions.run.lines import chunk_boundaries, chunk_marks
from audits.validation.findings import CODES, format_rule

log = logging.getLogger(__name__)


def lines_per_chunk_default() -> int:
    """The lines of a chunk: the unit of work a worker takes, and the step of the progress
    bar (``SUBMISSION_CHUNK_LINES``)."""
    return settings.SUBMISSION_CHUNK_LINES


class SubmissionFailed(Exception):
    """The file as a whole could not be processed; the submission says why."""


def submission_fail(submission: Submission, reason: str) -> Submission:
    log.warning("submission failed: %s", reason, extra={"submission": str(submission.uuid)})
    Submission.objects.filter(pk=submission.pk).update(
        status=SubmissionStatus.FAILED, failure_reason=reason, finished_at=timezone.now()
    )
    submission.refresh_from_db()
    return submission


def submission_prepare(submission: Submission, lines_per_chunk: int | None = None) -> list[Chunk]:
    """Split the file into chunks (once); fails the submission if it cannot be read.

    A gzip file cut short is validated up to the cut, and the cut is a finding.
    """
    existing = list(submission.chunks.order_by("index"))
    if existing:
        return existing
    lines_per_chunk = lines_per_chunk or lines_per_chunk_default()
    try:
        path, cut = _lines_file(submission)
    except UnreadableFile as exc:
        submission_fail(submission, str(exc))
        raise SubmissionFailed(str(exc)) from exc
    boundaries, lines, marks = chunk_boundaries(path, lines_per_chunk)
    if not lines:
        reason = cut or "the file is empty: no line to validate"
        submission_fail(submission, reason)
        raise SubmissionFailed(reason)
    with transaction.atomic():
        chunks = [
            Chunk(
                submission=submission,
                index=i,
                first_line=first,
                start_offset=start,
                end_offset=end,
                line_marks=chunk_marks(marks, first, first + lines_per_chunk),
            )
            for i, (first, start, end) in enumerate(boundaries)
        ]
        Chunk.objects.bulk_create(chunks)
        if cut:
            _truncation_finding(submission, lines, cut).save()
        Submission.objects.filter(pk=submission.pk).update(
            status=SubmissionStatus.VALIDATING,
            started_at=timezone.now(),
            chunk_count=len(chunks),
            lines_total=lines,
        )
    log.info("split into %d chunk(s) of %d lines in all", len(chunks), lines)
    return list(submission.chunks.order_by("index"))


def _lines_file(submission: Submission):
    """The plain lines to chunk (a gzip file expanded afresh) and where a gzip was cut."""
    if submission.compressed:
        return expand_work_copy(submission)
    return media_path(submission.raw_file), None


def _truncation_finding(submission: Submission, lines: int, cut: str) -> Finding:
    group, severity = CODES["file_truncated"]
    return Finding(
        submission=submission,
        line=lines + 1,
        code="file_truncated",
        group=group,
        severity=severity,
        message=f"{cut}: the {lines:,} line{'' if lines == 1 else 's'} before it are "
        "validated; whatever followed is missing from the file",
        rule=format_rule("file_truncated"),
    )


def chunks_forget(submission: Submission) -> None:
    """The chunks of a failed submission and the round keys they stored, forgotten before it
    is validated again (its stored file stays as it came)."""
    RoundKeys.objects.filter(submission=submission).delete()
    Chunk.objects.filter(submission=submission).delete()
