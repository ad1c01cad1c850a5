"""Corrections as the commission sees them: withdrawals waiting for a reviewer, and every
change of a submission's standing (:class:`SubmissionEvent`), latest first."""

from __future__ import annotations

from django.db.models import QuerySet

from audits.submissions.models import Submission, SubmissionEvent


def corrections_waiting(submissions: QuerySet[Submission]) -> list[Submission]:
    """Of ``submissions``, those whose withdrawal waits for a reviewer, the oldest first."""
    waiting = submissions.filter(withdrawal_requested_at__isnull=False, withdrawn_at__isnull=True)
    return list(waiting.select_related("licensee").order_by("withdrawal_requested_at"))


def corrections_latest(submissions: QuerySet[Submission], most: int = 20) -> list:
    """The latest changes of standing of ``submissions`` (withdrawn, requested, accepted,
    refused, reinstated, rounds sent again)."""
    events = SubmissionEvent.objects.filter(submission__in=submissions.values("pk"))
    events = events.select_related("submission__licensee", "by", "other")
    return list(events.order_by("-at", "-pk")[:most])


def corrections_at_venue(venue_code: str, licensee_id: int, most: int = 20) -> list:
    """The latest changes of standing of the licensee's submissions with rounds at the venue."""
    at_venue = Submission.objects.filter(licensee_id=licensee_id, totals__venue=venue_code)
    return corrections_latest(at_venue.distinct(), most)
