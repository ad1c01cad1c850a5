"""Corrections as the commission sees them: withdrawals waiting for a reviewer, and every
change of a submission's standing (:class:`SubmissionEvent`), latest first."""

from __future__ import annotations

from django.db.models import QuerySet

from audits.submissions.models import Submission, SubmissionEvent, SubmissionStatus


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


def submissions_incomplete(submissions: QuerySet[Submission], most: int = 10) -> list:
    """Of ``submissions``, finished ones past the findings cap (their findings counted by code
    past it, their rounds in monitoring), latest first: the commission is told of each."""
    done = submissions.filter(status=SubmissionStatus.DONE, withdrawn_at__isnull=True)
    capped = done.exclude(findings_unstored={}).select_related("licensee")
    return list(capped.order_by("-finished_at")[:most])


def incomplete_at_venue(venue_code: str, licensee_id: int, most: int = 10) -> list:
    at_venue = Submission.objects.filter(licensee_id=licensee_id, totals__venue=venue_code)
    return submissions_incomplete(at_venue.distinct(), most)
