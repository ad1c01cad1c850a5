"""Celery tasks of live rounds: thin wrappers (validate a post's chunk; send stranded chunks
again; close due days)."""

from __future__ import annotations

from celery import shared_task
from django.conf import settings
from django.db import InterfaceError, OperationalError

from audits.live.alerts import live_chunks_alert
from audits.live.close import live_days_close
from audits.live.sweep import live_chunks_resend
from audits.submissions.chunk_batch import chunks_validate_together
from audits.submissions.models import Chunk

RETRYABLE = (OperationalError, InterfaceError)
LATE = {"acks_late": True, "reject_on_worker_lost": True}


@shared_task(autoretry_for=RETRYABLE, retry_backoff=True, max_retries=None, **LATE)
def validate_live_chunk(submission_id: int, index: int) -> int:
    """A post's rounds validated with the day's other waiting posts (each chunk is stored
    whole once), then the licensee told of each one's findings (once); how many posts."""
    chunk = Chunk.objects.select_related("submission").get(submission_id=submission_id,
                                                           index=index)  # fmt: skip
    validated = []
    if not chunk.done:  # else validated with an earlier post's
        validated = chunks_validate_together(chunk, settings.LIVE_VALIDATE_MOST_POSTS)
    live_chunks_alert(chunk.submission, [chunk, *(c for c in validated if c.pk != chunk.pk)])
    return len(validated)


@shared_task(autoretry_for=RETRYABLE, retry_backoff=True, max_retries=10, **LATE)
def close_live_days() -> int:
    """Beat runs it every minute: the gaming days that have ended are closed."""
    return len(live_days_close())


@shared_task(autoretry_for=RETRYABLE, retry_backoff=True, max_retries=10, **LATE)
def resend_live_chunks() -> int:
    """Beat runs it every minute: chunks whose message never reached a worker are sent."""
    return live_chunks_resend(live_chunk_dispatch)


def live_chunk_dispatch(submission_id: int, index: int) -> None:
    validate_live_chunk.delay(submission_id, index)
