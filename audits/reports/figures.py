"""The JSON twin of a report: every figure the PDF shows, computed once, from the database.

The PDF is drawn from this dictionary and nothing else, and the dictionary is
embedded in the signed PDF and served by the API, so a reader can check any
printed figure by machine.  Money is a decimal string, rates are floats.  Here: what the
report is about, its inputs and the rules in force; the summary and each venue's in
:mod:`.figures_summary`, the hold in :mod:`.figures_hold`, the findings listed one by one
in :mod:`.figures_findings`.
"""

from __future__ import annotations

from zoneinfo import ZoneInfo

from django.utils import timezone

from audits.par.rules import place_rules
from audits.reports.corrections import corrections_figures
from audits.reports.cover import report_standing
from audits.reports.figures_findings import finding_lists
from audits.reports.figures_hold import hold_rows, not_counted_rows
from audits.reports.figures_summary import summary_figures, venue_rows
from audits.reports.models import Report, ReportKind
from audits.reports.monitoring import monitoring_figures
from audits.reports.scope import report_findings, report_submissions, report_totals
from audits.submissions.summary import findings_cap_note
from compliance.timezones import local_iso


def report_figures(report: Report) -> dict:
    submissions = list(report_submissions(report).order_by("first_played_at", "pk"))
    totals = list(report_totals(report, submissions))
    findings = report_findings(report, submissions)
    rules = _rules(totals, submissions, report)
    figures = {
        "format": "compliance-audit-report/1",
        "report": _about(report),
        "jurisdiction": _jurisdiction(report),
        "licensee": _licensee(report),
        "venue": _venue(report),
        "inputs": [_input(s, report.jurisdiction.timezone) for s in submissions],
        "rules": rules,
        "summary": summary_figures(totals, findings, submissions, report),
        "hold": hold_rows(totals, rules, report.jurisdiction.deviation_min_wagers),
        "not_counted": not_counted_rows(totals, rules),
        "findings": finding_lists(findings),
    }
    if report.kind == ReportKind.JURISDICTION:
        figures["venues"] = venue_rows(totals, findings, report)
    corrections = corrections_figures(report)
    if corrections is not None:
        figures["corrections"] = corrections
    monitoring = monitoring_figures(report)
    if monitoring is not None:
        figures["monitoring"] = monitoring
    figures["standing"] = report_standing(figures)
    return figures


def _about(report: Report) -> dict:
    return {
        "id": str(report.uuid),
        "kind": report.kind,
        "period": report.period or None,
        "period_start": _iso(report.period_start),
        "period_end": _iso(report.period_end),
        "generated_at": local_iso(timezone.now(), report.jurisdiction.timezone),
        "generated_by": report.requested_via,
        "replaces": str(report.replaces.uuid) if report.replaces_id else None,
    }


def _jurisdiction(report: Report) -> dict:
    j = report.jurisdiction
    return {
        "code": j.code, "name": j.name, "currency": j.currency, "timezone": j.timezone,
        "paper": j.paper_size,
    }  # fmt: skip


def _licensee(report: Report) -> dict | None:
    licensee = report.licensee
    if licensee is None:
        return None
    return {"name": licensee.name, "license_number": licensee.license_number}


def _venue(report: Report) -> dict | None:
    return {"code": report.venue.code, "name": report.venue.name} if report.venue_id else None


def _input(submission, zone_name: str) -> dict:
    """One file judged; its times in the jurisdiction's zone, with the offset."""
    return {
        "submission": str(submission.uuid),
        "file_name": submission.original_name,
        "sha256": submission.sha256,
        "size_bytes": submission.size_bytes,
        "submitted_at": local_iso(submission.submitted_at, zone_name),
        "rounds": submission.rounds_total,
        "clean_rounds": submission.clean_rounds,
        "rejected_lines": submission.rejected_lines,
        "first_round_at": local_iso(submission.first_played_at, zone_name),
        "last_round_at": local_iso(submission.last_played_at, zone_name),
        "findings_cap_note": findings_cap_note(submission),
    }


def _rules(totals, submissions, report: Report) -> list[dict]:
    """The rules in force at every place the totals name, on the last day judged."""
    last = max((s.last_played_at for s in submissions if s.last_played_at), default=None)
    zone = report.jurisdiction.timezone
    day = timezone.localtime(last, ZoneInfo(zone)).date() if last else report.period_end
    if day is None:
        return []
    places = sorted({(t.venue, t.table, t.game) for t in totals})
    return [place_rules(venue, table, game, day) for venue, table, game in places]


def _iso(value) -> str | None:
    return None if value is None else value.isoformat()
