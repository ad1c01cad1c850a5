"""Generating a report: signed, verified, its twin attached, idempotent, immutable, reissued."""

from __future__ import annotations

import csv
import hashlib
import io
import json
from pathlib import Path

import pytest
from django.conf import settings as django_settings
from django.core.management import call_command
from django.db import DatabaseError, transaction

from audits.reports.lifecycle import report_generate, report_reissue, report_request
from audits.reports.models import Report, ReportIssued, ReportKind, ReportStatus
from audits.reports.verification import report_check
from audits.signing.verify import pdf_attachment
from audits.tasks import generate_report
from tests.audits.report_support import dev_identity_dir, signing, validated  # noqa: F401  (fixtures)

pytestmark = pytest.mark.django_db


def issued(submission) -> Report:
    report = report_request(kind=ReportKind.SUBMISSION, submission=submission)
    generate_report.apply(args=(report.pk,))
    report.refresh_from_db()
    return report


def pdf_of(report: Report) -> bytes:
    return (Path(django_settings.MEDIA_ROOT) / report.pdf_file).read_bytes()


def test_an_issued_report_is_signed_verified_and_carries_its_figures(validated, signing):  # noqa: F811
    report = issued(validated)
    assert report.status == ReportStatus.DONE, report.failure_reason
    pdf = pdf_of(report)
    assert hashlib.sha256(pdf).hexdigest() == report.sha256
    check = report_check(pdf)
    assert check.ok and check.certified and check.trusted, check.problems
    assert check.issued_report == str(report.uuid)
    twin = json.loads(pdf_attachment(pdf, "report.json"))
    assert twin["summary"] == report.figures["summary"]
    assert twin["summary"]["rounds"] == validated.rounds_total
    # the findings ride inside too, as CSV, covered by the same signature
    rows = list(csv.DictReader(io.StringIO(pdf_attachment(pdf, "findings.csv").decode())))
    assert len(rows) == validated.findings.count() == twin["summary"]["findings"]
    assert {(int(r["line"]), r["code"]) for r in rows} == set(
        validated.findings.values_list("line", "code")
    )
    listed = {a["name"]: a for a in check.attachments}
    assert set(listed) == {"report.json", "findings.csv"}
    assert (
        listed["findings.csv"]["sha256"]
        == hashlib.sha256(pdf_attachment(pdf, "findings.csv")).hexdigest()
    )


def test_generating_again_changes_nothing(validated, signing):  # noqa: F811
    report = issued(validated)
    again = report_generate(report)
    assert (again.pk, again.sha256, again.issued_at) == (report.pk, report.sha256, report.issued_at)
    assert Report.objects.count() == 1


def test_an_issued_report_cannot_change_even_by_sql(validated, signing):  # noqa: F811
    report = issued(validated)
    report.period = "2026-10"
    with pytest.raises(ReportIssued):
        report.save()
    with pytest.raises(ReportIssued):
        report.delete()
    with pytest.raises(DatabaseError), transaction.atomic():
        Report.objects.filter(pk=report.pk).update(sha256="0" * 64)
    with pytest.raises(DatabaseError), transaction.atomic():
        Report.objects.filter(pk=report.pk).delete()


def test_reissuing_names_the_report_replaced(validated, signing):  # noqa: F811
    first = issued(validated)
    second = report_reissue(first, requested_via="test")
    generate_report.apply(args=(second.pk,))
    second.refresh_from_db()
    assert second.status == ReportStatus.DONE and second.replaces_id == first.pk
    assert second.figures["report"]["replaces"] == str(first.uuid)
    assert second.sha256 != first.sha256


def test_a_report_that_cannot_be_signed_fails_with_the_reason(validated, settings, tmp_path):  # noqa: F811
    settings.REPORT_SIGNING_PKCS12 = ""
    settings.REPORT_SIGNING_KEY = str(tmp_path / "missing.key")
    report = report_request(kind=ReportKind.SUBMISSION, submission=validated)
    generate_report.apply(args=(report.pk,), throw=False)
    report.refresh_from_db()
    assert report.status == ReportStatus.FAILED
    assert "missing.key" in report.failure_reason


def test_the_audit_report_command_prints_the_signed_pdf(validated, signing, tmp_path, capsys):  # noqa: F811
    out = tmp_path / "copy.pdf"
    call_command("audit_report", "--submission", str(validated.uuid), "--out", str(out))
    assert capsys.readouterr().out.strip() == str(out)
    assert report_check(out.read_bytes()).ok
    call_command("audit_report", "--venue", "WA-CR-0042", "--period", "2026-10", "--json")
    answer = json.loads(capsys.readouterr().out)
    assert Report.objects.get(uuid=answer["report"]).kind == "venue"
