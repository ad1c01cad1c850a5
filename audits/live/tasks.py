"""Celery tasks of live rounds: thin wrappers (validate a post's chunk; send stranded chunks
again; close due days)."""

from __future__ import annotations

from celery import shared_task
from django.conf import settings
from django.db import InterfaceError, OperationalError

from audits.live.alerts import live_chunks_alert
from audits.live.append import live_day_submission_counts, live_day_validation_started
from audits.live.close import live_days_close
from audits.live.sweep import live_chunks_resend
from audits.submissions.chunk_batch import chunks_validate_together
from audits.submissions.models import Chunk

RETRYABLE = (OperationalError, InterfaceError)
LATE = {"acks_late": True, "reject_on_worker_lost": True}


@shared_task(autoretry_for=RETRYABLE, retry_backoff=True, max_retries=None, ignore_result=True,
             **LATE)  # fmt: skip
def validate_live_chunk(submission_id: int, index: int) -> int:
    """A post's rounds validated with the day's other waiting posts (each chunk is stored
    whole once), then the licensee told of each one's findings (once); how many posts.  From
    its start, the day's next post sends another message (:mod:`audits.live.append`)."""
    live_day_validation_started(submission_id)
    chunk = Chunk.objects.select_related("submission").get(submission_id=submission_id,
                                                           index=index)  # fmt: skip
    validated = chunks_validate_together(chunk, settings.LIVE_VALIDATE_MOST_POSTS)
    if validated:
        live_day_submission_counts(submission_id)
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
    """The post's chunk to a worker ``LIVE_VALIDATE_AFTER_SECONDS`` from now: the posts of
    the day arriving meanwhile are validated with it, in one run."""
    validate_live_chunk.apply_async((submission_id, index),
                                    countdown=settings.LIVE_VALIDATE_AFTER_SECONDS)  # fmt: skip
