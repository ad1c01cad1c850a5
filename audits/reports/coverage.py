"""Whether a signed report covers a submission: once one does, the submission is evidence the
commission has been given, and withdrawing it is a request a reviewer decides
(:mod:`audits.submissions.withdrawal`, which asks through the hook registered here)."""

from __future__ import annotations

from datetime import timedelta

from audits.reports.models import Report, ReportKind, ReportStatus
from audits.reports.scope import report_submissions
from audits.submissions.models import Submission
from audits.submissions.withdrawal import WITHDRAWAL_HOOKS

DAY = timedelta(days=1)  # a day of margin: the periods' local dates against UTC times


def report_covering(submission: Submission) -> Report | None:
    """The first signed report issued after the submission finished that covers it."""
    if submission.finished_at is None:
        return None
    issued = Report.objects.filter(status=ReportStatus.DONE,
                                   issued_at__gt=submission.finished_at)  # fmt: skip
    own = issued.filter(kind=ReportKind.SUBMISSION, submission=submission).first()
    if own is not None:
        return own
    if submission.first_played_at is None:
        return None
    periods = issued.filter(
        kind__in=(ReportKind.VENUE, ReportKind.JURISDICTION),
        jurisdiction=submission.licensee.jurisdiction_id,
        period_start__lte=submission.last_played_at.date(),
        period_end__gte=submission.first_played_at.date() - DAY,
    ).select_related("venue", "jurisdiction")  # fmt: skip
    for report in periods.order_by("issued_at"):
        if report_submissions(report).filter(pk=submission.pk).exists():
            return report
    return None


def withdrawal_needs_review(submission: Submission) -> str | None:
    report = report_covering(submission)
    if report is None:
        return None
    return f"the signed report {report.uuid} ({report.get_kind_display()}) covers it"


def reports_hooks_register() -> None:
    if withdrawal_needs_review not in WITHDRAWAL_HOOKS.needs_review:
        WITHDRAWAL_HOOKS.needs_review.append(withdrawal_needs_review)
