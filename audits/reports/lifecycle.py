"""A report's life: requested, generated (figures, PDF, signature), issued or failed; reissued.

:func:`report_generate` is what the Celery task, the ``audit_report`` command
and eager mode all run.  It is idempotent: an issued report is returned as
it is, and a retry after a crash overwrites the same file and fills the same
row, so a retry never produces a second report.
"""

from __future__ import annotations

import hashlib
import json
import logging
from datetime import timedelta
from pathlib import Path

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import F
from django.utils import timezone

from audits.reports.figures import report_figures
from audits.reports.models import Report, ReportKind, ReportStatus
from audits.reports.periods import PeriodError, period_begun
from audits.reports.render import report_pdf
from audits.reports.scope import report_findings_csv
from audits.reports.signature import report_sign
from audits.signing.sign import Attachment
from audits.submissions.models import Submission, SubmissionStatus
from compliance.durable import write_durably
from compliance.logs import log_context
from games.models import Jurisdiction, Venue

log = logging.getLogger(__name__)

TWIN_NAME = "report.json"
FINDINGS_NAME = "findings.csv"


def report_request(
    *,
    kind: str,
    submission: Submission | None = None,
    venue: Venue | None = None,
    jurisdiction: Jurisdiction | None = None,
    period: str = "",
    requested_by=None,
    requested_via: str = "",
    replaces: Report | None = None,
) -> Report:
    """A queued report; the caller has checked that the requester may see its scope."""
    report = Report(kind=kind, requested_by=requested_by, replaces=replaces)
    report.requested_via = requested_via or (f"user {requested_by}" if requested_by else "system")
    if kind == ReportKind.SUBMISSION:
        _for_submission(report, submission)
    elif kind in (ReportKind.VENUE, ReportKind.JURISDICTION):
        _for_period(report, kind, venue, jurisdiction, period)
    else:
        raise ValidationError({"kind": f"{kind!r} is not a kind of report"})
    report.save()
    return report


def _for_submission(report: Report, submission: Submission | None) -> None:
    if submission is None:
        raise ValidationError({"submission": "a submission report names its submission"})
    if submission.status != SubmissionStatus.DONE:
        raise ValidationError({"submission": f"the submission is {submission.status}, not done"})
    if submission.withdrawn:
        raise ValidationError({"submission": "the submission was withdrawn by its licensee"})
    report.submission, report.licensee = submission, submission.licensee
    report.jurisdiction = submission.licensee.jurisdiction


def _for_period(report: Report, kind, venue, jurisdiction, period: str) -> None:
    try:
        latest_today = (timezone.now() + timedelta(days=1)).date()  # east of UTC, +14 h
        report.period_start, report.period_end = period_begun(period, latest_today)
    except PeriodError as exc:
        raise ValidationError({"period": str(exc)}) from exc
    report.period = period
    if kind == ReportKind.VENUE:
        if venue is None:
            raise ValidationError({"venue": "a venue report names its venue"})
        report.venue, report.licensee = venue, venue.licensee
        report.jurisdiction = venue.licensee.jurisdiction
    else:
        if jurisdiction is None:
            raise ValidationError({"jurisdiction": "a jurisdiction report names it"})
        report.jurisdiction = jurisdiction


def report_reissue(report: Report, *, requested_by=None, requested_via: str = "") -> Report:
    """A new report over the same scope that names the one it replaces."""
    return report_request(
        kind=report.kind,
        submission=report.submission,
        venue=report.venue,
        jurisdiction=report.jurisdiction,
        period=report.period,
        requested_by=requested_by,
        requested_via=requested_via,
        replaces=report,
    )


def report_generate(report: Report) -> Report:
    """Compute, draw, sign and store the report; mark it issued (idempotent)."""
    with log_context(report=report.uuid):
        return _generate(report)


def _generate(report: Report) -> Report:
    if not _start(report):
        return Report.objects.get(pk=report.pk)
    report.refresh_from_db()
    figures = report_figures(report)
    twin = json.dumps(figures, indent=1, sort_keys=True).encode()
    findings = Attachment(FINDINGS_NAME, report_findings_csv(report), "text/csv",
                          "Every finding the report covers, one per row")  # fmt: skip
    signed = report_sign(report_pdf(figures), TWIN_NAME, twin, _reason(report), (findings,))
    relative = f"reports/{report.uuid}.pdf"
    write_durably(Path(settings.MEDIA_ROOT) / relative, signed)
    Report.objects.filter(pk=report.pk).exclude(status=ReportStatus.DONE).update(
        status=ReportStatus.DONE,
        pdf_file=relative,
        sha256=hashlib.sha256(signed).hexdigest(),
        figures=figures,
        issued_at=timezone.now(),
        failure_reason="",
    )
    log.info("report issued: %s, %d bytes signed", relative, len(signed))
    return Report.objects.get(pk=report.pk)


@transaction.atomic
def _start(report: Report) -> bool:
    """Mark the report running (one more attempt); False when it is already issued."""
    locked = Report.objects.select_for_update().get(pk=report.pk)
    if locked.status == ReportStatus.DONE:
        return False
    Report.objects.filter(pk=report.pk).update(
        status=ReportStatus.RUNNING, attempts=F("attempts") + 1, started_at=timezone.now()
    )
    return True


def report_fail(report: Report, reason: str) -> None:
    log.error("report failed: %s", reason, extra={"report": str(report.uuid)})
    Report.objects.filter(pk=report.pk).exclude(status=ReportStatus.DONE).update(
        status=ReportStatus.FAILED, failure_reason=reason[:2000]
    )


def _reason(report: Report) -> str:
    return f"Audit report {report.uuid} issued by the compliance service"
