"""Which issued report counts: a report replaced by a correction, or issued again later for
the same scope (the same submission, or venue or jurisdiction and period), says so beside
its name, so two reports of one October are never left to guess between."""

from __future__ import annotations

from collections.abc import Iterable

from django.db.models import Q

from audits.reports.models import Report, ReportStatus


def _scope(report: Report) -> tuple:
    return (report.kind, report.submission_id, report.venue_id, report.jurisdiction_id,
            report.period)  # fmt: skip


def reports_standing(reports: Iterable[Report]) -> list[Report]:
    """The reports as a list, each with ``superseded``: a later issued report covers the
    same scope (whether or not the user may see that one, only that it exists)."""
    listed = list(reports)
    scopes = {_scope(r) for r in listed if r.status == ReportStatus.DONE}
    latest: dict[tuple, object] = {}
    if scopes:
        same = Q()
        for kind, submission, venue, jurisdiction, period in scopes:
            same |= Q(kind=kind, submission=submission, venue=venue,
                      jurisdiction=jurisdiction, period=period)  # fmt: skip
        for report in Report.objects.filter(same, status=ReportStatus.DONE).only(
            "kind", "submission", "venue", "jurisdiction", "period", "issued_at"
        ):
            key = _scope(report)
            latest[key] = max(latest.get(key, report.issued_at), report.issued_at)
    for report in listed:
        issued = latest.get(_scope(report))
        report.superseded = bool(report.issued_at and issued and issued > report.issued_at)
    return listed
