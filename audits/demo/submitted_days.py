"""Which days of a venue were already submitted: a sample dealt on those days would repeat
their round ids (a table's rounds are numbered per day), and the service would find every
one of its rounds "already submitted"."""

from __future__ import annotations

from datetime import date, datetime, time, timedelta
from zoneinfo import ZoneInfo

from audits.submissions.models import Submission, SubmissionStatus


def submissions_of_days(venue: str, first: date, last: date, zone: str) -> list[Submission]:
    """The submissions (not failed, not withdrawn) with rounds at ``venue`` played between the
    two days, in the venue's zone."""
    start = datetime.combine(first, time(0), tzinfo=ZoneInfo(zone))
    end = datetime.combine(last + timedelta(days=1), time(0), tzinfo=ZoneInfo(zone))
    found = (
        Submission.objects.filter(
            totals__venue=venue, withdrawn_at__isnull=True,
            first_played_at__lt=end, last_played_at__gte=start,
        )
        .exclude(status=SubmissionStatus.FAILED)
        .distinct()
        .order_by("submitted_at")
    )  # fmt: skip
    return list(found)


def days_taken_message(
    venue: str, first: date, last: date, zone: str, taken: list[Submission]
) -> str:
    named = ", ".join(f"{s.original_name} (submitted {s.submitted_at:%Y-%m-%d})" for s in taken)
    latest = max(s.last_played_at for s in taken).astimezone(ZoneInfo(zone))
    after = latest.date() + timedelta(days=1)
    return (
        f"rounds of {venue} from {first} to {last} were already submitted in {named}: the same "
        f"days deal the same round ids, which the service finds already submitted. Deal other "
        f"days (--start {after}), withdraw that submission, or pass --reuse-round-ids."
    )
