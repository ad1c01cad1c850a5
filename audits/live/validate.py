"""Validating a day's posts as a worker takes them: the post a message names, with the day's
other posts waiting, in runs (:mod:`audits.submissions.run.chunk_batch`); then the day's
submission told how far the file has grown, and the licensee of each post's findings."""

from __future__ import annotations

from django.conf import settings

from audits.live.alerts import live_chunks_alert
from audits.live.append import live_day_submission_counts, live_day_validation_started
from audits.submissions.models import Chunk
from audits.submissions.run import chunks_validate_together


def live_posts_validate(submission_id: int, index: int) -> int:
    """The post's rounds validated with the day's other waiting posts (each chunk is stored
    whole once), then the licensee told of each one's findings (once); how many posts.  From
    the start, the day's next post sends another message (:mod:`audits.live.append`)."""
    live_day_validation_started(submission_id)
    chunk = Chunk.objects.select_related("submission").get(submission_id=submission_id,
                                                           index=index)  # fmt: skip
    validated = chunks_validate_together(chunk, settings.LIVE_VALIDATE_MOST_POSTS)
    if validated:
        live_day_submission_counts(submission_id)
    live_chunks_alert(chunk.submission, [chunk, *(c for c in validated if c.pk != chunk.pk)])
    return len(validated)
