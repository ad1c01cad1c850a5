"""The admin shows submissions and reports to administrators, read-only."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from audits.reports.lifecycle import report_request
from audits.reports.models import ReportKind
from tests.audits.report_support import validated  # noqa: F401  (fixture)

pytestmark = pytest.mark.django_db


def test_reports_and_submissions_are_listed_but_not_editable(client, validated):  # noqa: F811
    admin = get_user_model().objects.create_superuser("root", password=None)
    client.force_login(admin)
    report = report_request(kind=ReportKind.SUBMISSION, submission=validated)
    for listing in ("/admin/reports/report/", "/admin/submissions/submission/"):
        assert client.get(listing).status_code == 200
    page = client.get(f"/admin/reports/report/{report.pk}/change/")
    assert page.status_code == 200 and b'name="_save"' not in page.content
    assert client.get("/admin/reports/report/add/").status_code == 403
    deleting = client.post(f"/admin/reports/report/{report.pk}/delete/", {"post": "yes"})
    assert deleting.status_code == 403
    assert client.get("/admin/django_celery_beat/periodictask/").status_code == 200
