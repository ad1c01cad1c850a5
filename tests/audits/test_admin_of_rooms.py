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


def test_live_rounds_are_listed_without_their_secrets(client, wa):
    from audits.live.alerts import alert_setting_save
    from audits.live.tokens import table_token_create
    from games.models import Venue

    admin = get_user_model().objects.create_superuser("root", password=None)
    client.force_login(admin)
    token, secret = table_token_create(Venue.objects.get(code="WA-CR-0042"), "pit")
    setting, _ = alert_setting_save(wa, min_severity="error")
    for page in (
        "/admin/live/tabletoken/",
        f"/admin/live/tabletoken/{token.pk}/change/",
        "/admin/live/liveday/",
        "/admin/live/receipt/",
        "/admin/live/alertsetting/",
    ):
        answer = client.get(page)
        assert answer.status_code == 200, page
        assert (
            secret.encode() not in answer.content
            and token.key_sha256.encode() not in answer.content
        )
    assert client.get("/admin/live/tabletoken/add/").status_code == 403
