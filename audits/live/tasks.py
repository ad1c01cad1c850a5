"""Celery tasks of live rounds: thin wrappers (validate a post's chunk; send stranded chunks
again; close due days)."""

from __future__ import annotations

from celery import shared_task
from django.db import InterfaceError, OperationalError

from audits.live.alerts import live_chunk_alert
from audits.live.close import live_days_close
from audits.live.sweep import live_chunks_resend
from audits.submissions.chunk import chunk_validate
from audits.submissions.models import Chunk

RETRYABLE = (OperationalError, InterfaceError)
LATE = {"acks_late": True, "reject_on_worker_lost": True}


@shared_task(autoretry_for=RETRYABLE, retry_backoff=True, max_retries=None, **LATE)
def validate_live_chunk(submission_id: int, index: int) -> bool:
    """A post's rounds through the exact path (idempotent: a chunk is stored whole once),
    then the licensee told of its findings (once)."""
    chunk = Chunk.objects.get(submission_id=submission_id, index=index)
    validated = chunk_validate(chunk)
    chunk.refresh_from_db()
    live_chunk_alert(chunk)
    return validated


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
