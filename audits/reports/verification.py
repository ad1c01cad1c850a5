"""Verifying a PDF: its signature (the signing layer) and whether this service issued it."""

from __future__ import annotations

from django.conf import settings
from django.db import DatabaseError

from audits.reports.models import Report, ReportStatus
from audits.reports.signature import report_verify

MAX_PDF_BYTES = settings.REPORT_VERIFY_MAX_BYTES  # a report is a few hundred kilobytes


def report_check(pdf: bytes):
    """The signature's verification, with ``issued_report`` set when the exact bytes are
    those of a report this service issued (by SHA-256).  A PDF signed by this service's
    identity but issued elsewhere (another installation) can be valid without it."""
    verification = report_verify(pdf)
    try:
        issued = Report.objects.filter(sha256=verification.sha256, status=ReportStatus.DONE)
        issued = issued.first()
    except DatabaseError as exc:  # the signature's verdict stands without the database
        verification.problems.append(f"could not look up the reports issued here: {exc}")
        return verification
    verification.issued_report = str(issued.uuid) if issued is not None else None
    return verification


def report_zone(uuid: str | None) -> str | None:
    """The time zone a report's times are read in: its jurisdiction's (``None`` for a PDF
    this service did not issue)."""
    if uuid is None:
        return None
    report = Report.objects.filter(uuid=uuid).select_related("jurisdiction").first()
    return report.jurisdiction.timezone if report is not None else None
