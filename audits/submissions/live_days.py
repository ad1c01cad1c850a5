"""A live gaming day's submission (:mod:`audits.live`): opened when the day's first round
arrives, told how far its file has grown as posts are validated, and identified by its file's
SHA-256 at the close, as an upload is from the start."""

from __future__ import annotations

import hashlib
import uuid

from django.utils import timezone

from audits.submissions.models import Submission, SubmissionStatus


def live_submission_open(licensee_id: int, raw_file: str, name: str, cap_group: str) -> Submission:
    """The submission of a live day's part, validating from its first post; its file is
    ``raw_file`` (under ``MEDIA_ROOT``, made by the caller); ``cap_group`` names the
    submissions whose findings share one cap (one licensee's live day)."""
    key = uuid.uuid4()
    return Submission.objects.create(
        sha256=hashlib.sha256(f"live:{key}".encode()).hexdigest(),  # the file's, at the close
        raw_file=raw_file, original_name=name, size_bytes=0, licensee_id=licensee_id,
        submitted_via="live", status=SubmissionStatus.VALIDATING, started_at=timezone.now(),
        findings_cap_group=cap_group,
    )  # fmt: skip


def live_submission_grown(submission_id: int, size_bytes: int, lines_total: int,
                          chunk_count: int) -> None:  # fmt: skip
    """How far the day's file has grown (bytes, lines, chunks), as an upload's counts say."""
    Submission.objects.filter(pk=submission_id).update(
        size_bytes=size_bytes, lines_total=lines_total, chunk_count=chunk_count
    )


def live_submission_seal(submission: Submission, sha256: str) -> bool:
    """The closed day's file identified by its SHA-256, unless the licensee uploaded the same
    bytes as a file too (then the live part keeps its own id); whether it was."""
    taken = Submission.objects.filter(licensee=submission.licensee_id, sha256=sha256).exists()
    if not taken:
        Submission.objects.filter(pk=submission.pk).update(sha256=sha256)
    return not taken
