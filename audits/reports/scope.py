"""Which submissions, totals and findings a report judges."""

from __future__ import annotations

from datetime import datetime, time, timedelta
from zoneinfo import ZoneInfo

from django.db.models import QuerySet

from audits.reports.models import Report, ReportKind
from audits.submissions.findings_csv import findings_csv_rows
from audits.submissions.models import Finding, Submission, SubmissionStatus, SubmissionTotal


def report_submissions(report: Report) -> QuerySet[Submission]:
    """The validated submissions a report covers.

    A period report takes every validated submission of the venue's licensee (or of the
    jurisdiction's licensees) with a round played in the period, except those withdrawn; a
    submission that straddles the period's edge is taken whole, and the
    report lists each input with its first and last round.
    """
    if report.kind == ReportKind.SUBMISSION:
        return Submission.objects.filter(pk=report.submission_id)
    start, end = period_instants(report)
    done = Submission.objects.filter(status=SubmissionStatus.DONE, withdrawn_at__isnull=True)
    overlapping = done.filter(first_played_at__lt=end, last_played_at__gte=start)
    if report.kind == ReportKind.VENUE:  # the venue's own licensee's files, nobody else's
        mine = overlapping.filter(licensee=report.venue.licensee_id)
        return mine.filter(totals__venue=report.venue.code).distinct()
    return overlapping.filter(licensee__jurisdiction=report.jurisdiction_id)


def period_instants(report: Report) -> tuple[datetime, datetime]:
    """The period's first instant and the instant after its last day, in local time."""
    zone = ZoneInfo(report.jurisdiction.timezone)
    start = datetime.combine(report.period_start, time(0), tzinfo=zone)
    end = datetime.combine(report.period_end + timedelta(days=1), time(0), tzinfo=zone)
    return start, end


def report_totals(report: Report, submissions) -> QuerySet[SubmissionTotal]:
    totals = SubmissionTotal.objects.filter(submission__in=submissions)
    return totals.filter(venue=report.venue.code) if report.kind == ReportKind.VENUE else totals


def report_findings(report: Report, submissions) -> QuerySet[Finding]:
    """Findings of the covered submissions (at the venue, for a venue report).

    Rejected lines belong to no venue: a venue report leaves them to the
    submission's own report.
    """
    findings = Finding.objects.filter(submission__in=submissions)
    if report.kind == ReportKind.VENUE:
        return findings.filter(venue=report.venue.code)
    return findings


def report_findings_csv(report: Report) -> bytes:
    """Every finding the report covers as CSV (the signed PDF's ``findings.csv``), in file
    order, times in the jurisdiction's zone."""
    submissions = report_submissions(report)
    findings = report_findings(report, submissions).order_by(
        "submission__first_played_at", "submission_id", "line", "seat", "wager_key", "code"
    )
    rows = findings_csv_rows(findings, report.jurisdiction.timezone)
    return "".join(rows).encode()
