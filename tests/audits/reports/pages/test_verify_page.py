"""The verify page: anyone checks a PDF, and reads when it was signed in the report's
jurisdiction's time, as every other page shows times (not in UTC)."""

from __future__ import annotations

import re

from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from tests.audits.report_support import dev_identity_dir, signing, validated  # noqa: F401
from tests.audits.reports.api.test_views import ask, issued  # noqa: F401  (fixture)
from tests.audits.submissions_support import client, people  # noqa: F401  (fixture)


def test_the_signing_time_reads_in_the_reports_jurisdictions_zone(validated, people, ask):  # noqa: F811
    report = issued(ask, people.staff, {"submission": str(validated.uuid)})
    pdf = b"".join(client(people.staff).get(report["pdf_url"]).streaming_content)
    upload = SimpleUploadedFile("report.pdf", pdf, content_type="application/pdf")
    page = Client().post("/reports/verify/", {"file": upload}).content.decode()
    assert "Valid: signed, intact, trusted and unchanged" in page and report["id"] in page
    signed = re.search(r"Signed at</th><td>([^<]+)</td>", page).group(1)
    assert re.fullmatch(
        r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d -0[78]00 \(America/Los_Angeles, the report's "
        r"jurisdiction\)",
        signed,
    ), signed
