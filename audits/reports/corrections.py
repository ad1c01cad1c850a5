"""The corrections a period report lists: every change of standing (withdrawn, a withdrawal
requested, accepted or refused, reinstated, rounds sent again) of the submissions whose
rounds fall in the period, at the venue (a venue report) or of the jurisdiction's licensees
(a jurisdiction report), withdrawn ones included: what the report leaves out, it says."""

from __future__ import annotations

from audits.reports.models import Report, ReportKind
from audits.reports.scope import period_instants
from audits.submissions.models import Submission, SubmissionEvent
from compliance.timezones import local_iso

MOST = 200  # corrections listed one by one; a period with more says how many


def corrections_figures(report: Report) -> dict | None:
    """``{"listed": [...], "count": n}`` for a period report, None for a submission's."""
    if report.kind == ReportKind.SUBMISSION:
        return None
    start, end = period_instants(report)
    touched = Submission.objects.filter(first_played_at__lt=end, last_played_at__gte=start)
    if report.kind == ReportKind.VENUE:
        touched = touched.filter(licensee=report.venue.licensee_id,
                                 totals__venue=report.venue.code)  # fmt: skip
    else:
        touched = touched.filter(licensee__jurisdiction=report.jurisdiction_id)
    events = SubmissionEvent.objects.filter(submission__in=touched.values("pk"))
    events = events.select_related("submission", "by", "other").order_by("at", "pk")
    zone = report.jurisdiction.timezone
    listed = [
        {
            "at": local_iso(e.at, zone), "kind": e.kind, "what": e.get_kind_display(),
            "file_name": e.submission.original_name, "sha256": e.submission.sha256,
            "by": e.by.username if e.by else "the service", "reason": e.reason,
            "other_file": e.other.original_name if e.other else None,
        }
        for e in events[:MOST]
    ]  # fmt: skip
    return {"listed": listed, "count": events.count()}
