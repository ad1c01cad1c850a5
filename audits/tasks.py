"""Celery tasks: thin wrappers around the submission services.

``validate_submission`` splits the file and fans the chunks out to workers;
``validate_chunk`` is idempotent (a chunk is stored whole or not at all) and
acknowledged late, so a chunk whose worker dies is delivered again; a chunk
that fails for good (or keeps killing its worker) fails the submission with
the reason; ``finish_submission`` waits until every chunk is done, then merges.
"""

from __future__ import annotations

from celery import group, shared_task
from django.db import OperationalError

from audits.models import Submission, SubmissionStatus
from audits.services.chunk import chunk_validate
from audits.services.finish import submission_finish
from audits.services.submissions import (
    SubmissionFailed,
    all_chunks_done,
    submission_fail,
    submission_prepare,
)

RETRYABLE = (OperationalError,)
LATE = {"acks_late": True, "reject_on_worker_lost": True}


@shared_task(bind=True, autoretry_for=RETRYABLE, retry_backoff=True, max_retries=10, **LATE)
def validate_submission(self, submission_id: int) -> str:
    submission = Submission.objects.get(pk=submission_id)
    try:
        chunks = submission_prepare(submission)
    except SubmissionFailed as exc:
        return f"failed: {exc}"
    pending = [c.index for c in chunks if not c.done]
    group(validate_chunk.si(submission_id, i) for i in pending).apply_async()
    finish_submission.apply_async((submission_id,), countdown=1)
    return f"{len(pending)} chunk(s) dispatched"


@shared_task(bind=True, autoretry_for=RETRYABLE, retry_backoff=True, max_retries=10, **LATE)
def validate_chunk(self, submission_id: int, index: int) -> bool:
    submission = Submission.objects.get(pk=submission_id)
    if submission.status == SubmissionStatus.FAILED:
        return False
    try:
        return chunk_validate(submission.chunks.get(index=index))
    except RETRYABLE as exc:
        if self.request.retries >= self.max_retries:
            _fail(submission, index, exc)
        raise
    except Exception as exc:  # a chunk that fails for good fails its submission
        _fail(submission, index, exc)
        raise


def _fail(submission: Submission, index: int, exc: Exception) -> None:
    submission_fail(submission, f"chunk {index} could not be validated: {exc}")


@shared_task(bind=True, max_retries=None, **LATE)
def finish_submission(self, submission_id: int) -> str:
    submission = Submission.objects.get(pk=submission_id)
    if submission.status == SubmissionStatus.FAILED:
        return submission.status
    if not all_chunks_done(submission):
        raise self.retry(countdown=1)
    return submission_finish(submission).status
