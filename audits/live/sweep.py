"""Chunks a worker was never told of: a post is acknowledged once its rounds are on the disk
and in the database, and its chunk is sent to the workers after the commit. When the broker
cannot take that message (restarting, unreachable), the post is still answered with its
receipts; beat then sends such a chunk again, ``LIVE_RESEND_AFTER_SECONDS`` after its post,
until a worker has validated it (a chunk is stored whole once: sending it twice is safe)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta

from django.conf import settings
from django.db.models import Exists, OuterRef
from django.utils import timezone

from audits.live.models import Receipt
from audits.submissions.models import Chunk
from audits.submissions.run import MAX_ATTEMPTS


def live_chunks_stranded(now: datetime | None = None) -> list[tuple[int, int]]:
    """``(submission id, chunk index)`` of every chunk of an open gaming day not validated
    ``LIVE_RESEND_AFTER_SECONDS`` after its post (chunks that gave up excepted: the close
    reports them)."""
    now = now or timezone.now()
    posted_before = now - timedelta(seconds=settings.LIVE_RESEND_AFTER_SECONDS)
    undone = Chunk.objects.filter(
        submission_id=OuterRef("live_day__submission_id"), index=OuterRef("chunk_index"),
        done=False, attempts__lte=MAX_ATTEMPTS,
    )  # fmt: skip
    stranded = (
        Receipt.objects.filter(live_day__closed_at__isnull=True, received_at__lt=posted_before)
        .filter(Exists(undone))
        .values_list("live_day__submission_id", "chunk_index")
        .order_by("live_day__submission_id", "chunk_index")
        .distinct()
    )
    return list(stranded)


def live_chunks_resend(dispatch: Callable[[int, int], None], now: datetime | None = None) -> int:
    """Send every stranded chunk to the workers again; how many were sent."""
    stranded = live_chunks_stranded(now)
    for submission_id, index in stranded:
        dispatch(submission_id, index)
    return len(stranded)
