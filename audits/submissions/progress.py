"""How far a submission's validation has come: lines and rounds done of the file's, the
findings found so far, and an estimate of the time left (the page's progress bar and the
API's ``progress``)."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from datetime import datetime

from django.db.models import Count, Q, Sum
from django.utils import timezone

from audits.submissions.models import Submission, SubmissionStatus


@dataclass(frozen=True)
class Progress:
    chunks_total: int
    chunks_done: int
    lines_total: int | None  # known once the file is split into chunks
    lines_done: int
    rounds_done: int
    rounds_total: int | None  # known when validation is done
    percent: float | None  # of the lines, once known
    findings_so_far: int  # in the chunks done (all of them when done)
    seconds_left: int | None  # at the pace so far; None until a chunk is done

    def to_dict(self) -> dict:
        return asdict(self)


def submission_progress(submission: Submission, now: datetime | None = None) -> Progress:
    """The submission's progress as it stands (read afresh from its chunks)."""
    done = submission.status == SubmissionStatus.DONE
    chunks = submission.chunks.aggregate(
        n_done=Count("id", filter=Q(done=True)), lines_done=Sum("lines", filter=Q(done=True))
    )
    lines_total = submission.lines_total or None
    lines_done = chunks["lines_done"] or 0
    if done:
        percent = 100.0
    elif lines_total:
        percent = round(min(100.0, 100.0 * lines_done / lines_total), 1)
    else:
        percent = 0.0 if submission.status == SubmissionStatus.QUEUED else None
    return Progress(
        chunks_total=submission.chunk_count,
        chunks_done=chunks["n_done"] or 0,
        lines_total=lines_total,
        lines_done=lines_done,
        rounds_done=submission.rounds_done,
        rounds_total=submission.rounds_total if done else None,
        percent=percent,
        findings_so_far=submission.finding_count if done else _found_so_far(submission),
        seconds_left=0 if done else _seconds_left(submission, lines_done, lines_total, now),
    )


def _found_so_far(submission: Submission) -> int:
    unstored = submission.chunks.filter(done=True).values_list("findings_unstored", flat=True)
    return submission.findings_stored + sum(sum(u.values()) for u in unstored if u)


def _seconds_left(submission, lines_done: int, lines_total: int | None, now) -> int | None:
    if not (submission.started_at and lines_total and lines_done):
        return None
    elapsed = ((now or timezone.now()) - submission.started_at).total_seconds()
    return max(0, round(elapsed * (lines_total - lines_done) / lines_done))
