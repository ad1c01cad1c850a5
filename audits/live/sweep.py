"""Chunks a worker was never told of: a post is acknowledged once its rounds are on the disk
and in the database, and its chunk is sent to the workers after the commit. When the broker
cannot take that message (restarting, unreachable), the post is still answered with its
receipts; beat then sends such a chunk again, ``LIVE_RESEND_AFTER_SECONDS`` after its post,
until a worker has validated it (a chunk is stored whole once: sending it twice is safe)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta

from django.conf import settings
from django.utils import timezone

from audits.live.models import LiveDay, Receipt
from audits.submissions.chunk import MAX_ATTEMPTS
from audits.submissions.models import Chunk


def live_chunks_stranded(now: datetime | None = None) -> list[tuple[int, int]]:
    """``(submission id, chunk index)`` of every chunk of an open gaming day not validated
    ``LIVE_RESEND_AFTER_SECONDS`` after its post (chunks that gave up excepted: the close
    reports them)."""
    now = now or timezone.now()
    posted_before = now - timedelta(seconds=settings.LIVE_RESEND_AFTER_SECONDS)
    stranded = []
    for part in LiveDay.objects.filter(closed_at__isnull=True).only("pk", "submission_id"):
        undone = set(
            Chunk.objects.filter(
                submission_id=part.submission_id, done=False, attempts__lte=MAX_ATTEMPTS
            ).values_list("index", flat=True)
        )
        if not undone:
            continue
        old = Receipt.objects.filter(
            live_day=part, chunk_index__in=undone, received_at__lt=posted_before
        ).values_list("chunk_index", flat=True)
        stranded += [(part.submission_id, index) for index in sorted(set(old))]
    return stranded


def live_chunks_resend(dispatch: Callable[[int, int], None], now: datetime | None = None) -> int:
    """Send every stranded chunk to the workers again; how many were sent."""
    stranded = live_chunks_stranded(now)
    for submission_id, index in stranded:
        dispatch(submission_id, index)
    return len(stranded)
