"""Reports asked for from the pages: staff ask for their own venues' months and quarters,
reviewers for any venue of their jurisdiction and its summary; each period says whether it
is over; the choices start empty; a venue not one's own is refused as if it did not exist."""

from __future__ import annotations

from datetime import date

import pytest
from django.test import Client

from audits.reports.asking import report_periods_until
from audits.reports.models import Report
from tests.audits.submissions_support import people  # noqa: F401  (fixture)

pytestmark = pytest.mark.django_db


def _client(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_the_periods_newest_first_each_saying_whether_it_is_over():
    periods = report_periods_until(date(2026, 11, 29))
    values = [p.value for p in periods]
    assert values[:3] == ["2026-11", "2026-10", "2026-09"] and "2025-11" in values
    assert values[13:] == ["2026-Q4", "2026-Q3", "2026-Q2", "2026-Q1", "2025-Q4"]
    labels = {p.value: p.label for p in periods}
    assert labels["2026-11"] == (
        "November 2026 (2026-11-01 to 2026-11-30), not over: its figures to date"
    )
    assert labels["2026-10"].endswith(", over") and "not over" in labels["2026-Q4"]


def test_staff_ask_for_their_venues_month_and_nothing_else(people):  # noqa: F811
    staff = _client(people.staff)
    page = staff.get("/reports/").content.decode()
    assert '<option value="" selected>choose a venue or the jurisdiction</option>' in page
    assert "venue:WA-CR-0042" in page and "jurisdiction:" not in page  # no summary for staff
    assert "WA-TC-0007" not in page  # the other licensee's venue is not offered
    answer = staff.post("/reports/", {"scope": "venue:WA-CR-0042", "period": "2026-10"})
    assert answer.status_code == 302
    report = Report.objects.get()
    assert (report.kind, report.venue.code, report.period) == ("venue", "WA-CR-0042", "2026-10")
    again = staff.post("/reports/", {"scope": "venue:WA-CR-0042", "period": "2026-10"})
    assert again.status_code == 302 and Report.objects.count() == 1  # the same report
    other = Report.objects.count()
    refused = staff.post("/reports/", {"scope": "venue:WA-TC-0007", "period": "2026-10"})
    assert refused.status_code == 400 and Report.objects.count() == other  # not a choice
    empty = staff.post("/reports/", {"scope": "", "period": ""})
    assert empty.status_code == 400 and Report.objects.count() == other


def test_reviewers_ask_for_the_jurisdictions_summary_and_others_may_not_ask(people):  # noqa: F811
    reviewer = _client(people.reviewer)
    page = reviewer.get("/reports/").content.decode()
    assert "jurisdiction:wa-wsgc" in page and "venue:WA-TC-0007" in page
    answer = reviewer.post("/reports/", {"scope": "jurisdiction:wa-wsgc", "period": "2026-Q4"})
    assert answer.status_code == 302
    assert Report.objects.get().kind == "jurisdiction"
    nobody = _client(people.nobody)
    assert "Ask for" not in nobody.get("/reports/").content.decode()
    assert nobody.post("/reports/", {"scope": "jurisdiction:wa-wsgc",
                                     "period": "2026-Q4"}).status_code == 403  # fmt: skip
    assert Report.objects.count() == 1
