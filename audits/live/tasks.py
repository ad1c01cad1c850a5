"""Celery tasks of live rounds: thin wrappers (validate a post's chunk; send stranded chunks
again, and alerts a stopped worker never sent; close due days)."""

from __future__ import annotations

from celery import shared_task
from django.conf import settings
from django.db import InterfaceError, OperationalError

from audits.live.alerts import live_alert_deliver, live_alerts_missed, live_alerts_undelivered
from audits.live.close import live_days_close
from audits.live.sweep import live_chunks_resend
from audits.live.validate import live_posts_validate
from audits.submissions.queue import task_register

RETRYABLE = (OperationalError, InterfaceError)
LATE = {"acks_late": True, "reject_on_worker_lost": True}


@shared_task(autoretry_for=RETRYABLE, retry_backoff=True, max_retries=None, ignore_result=True,
             **LATE)  # fmt: skip
def validate_live_chunk(submission_id: int, index: int) -> int:
    """A post's rounds with the day's other waiting posts (:mod:`audits.live.validate`)."""
    return live_posts_validate(submission_id, index)


@shared_task(autoretry_for=RETRYABLE, retry_backoff=True, max_retries=10, **LATE)
def close_live_days() -> int:
    """Beat runs it every minute: the gaming days that have ended are closed."""
    return len(live_days_close())


@shared_task(autoretry_for=RETRYABLE, retry_backoff=True, max_retries=10, **LATE)
def resend_live_chunks() -> int:
    """Beat runs it every minute: chunks whose message never reached a worker are sent, and
    alerts a stopped worker never sent are; how many chunks were sent."""
    resent = live_chunks_resend(live_chunk_dispatch)
    live_alerts_missed()
    live_alerts_undelivered()
    return resent


@shared_task(autoretry_for=RETRYABLE, retry_backoff=True, max_retries=10, ignore_result=True,
             **LATE)  # fmt: skip
def deliver_live_alert(sent_id: int) -> None:
    """One alert mailed and its webhook called, on the alerts queue (``LIVE_ALERTS_QUEUE``):
    never on a validating worker."""
    live_alert_deliver(sent_id)


task_register("live_alert_deliver", deliver_live_alert)


def live_chunk_dispatch(submission_id: int, index: int) -> None:
    """The post's chunk to a worker ``LIVE_VALIDATE_AFTER_SECONDS`` from now: the posts of
    the day arriving meanwhile are validated with it, in one run."""
    validate_live_chunk.apply_async((submission_id, index),
                                    countdown=settings.LIVE_VALIDATE_AFTER_SECONDS)  # fmt: skip
