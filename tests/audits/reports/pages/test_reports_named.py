"""Reports are named by what they cover and read their verdict in one sentence; of two
reports of the same October, the earlier says a later one covers the same, and a corrected
one says it was replaced."""

from __future__ import annotations

from django.test import Client

from audits.reports.lifecycle import report_generate, report_request
from audits.reports.models import Report, period_in_words
from games.models import Venue
from tests.audits.report_support import dev_identity_dir, signing, validated  # noqa: F401
from tests.audits.reports.api.test_views import ask, issued  # noqa: F401  (fixture)
from tests.audits.submissions_support import people  # noqa: F401  (fixture)


def test_periods_read_in_words():
    assert period_in_words("2026-10") == "October 2026"
    assert period_in_words("2026-Q4") == "the fourth quarter of 2026"
    assert period_in_words("") == ""


def test_the_reports_page_names_each_report_and_says_which_counts(validated, people, ask):  # noqa: F811
    first = issued(ask, people.reviewer, {"venue": "WA-CR-0042", "period": "2026-10"})
    # asked for again, the same report is that one: a second one comes from elsewhere
    again = report_request(kind="venue", venue=Venue.objects.get(code="WA-CR-0042"),
                           period="2026-10", requested_via="command")  # fmt: skip
    second = {"id": str(report_generate(again).uuid)}
    mine = issued(ask, people.staff, {"submission": str(validated.uuid)})
    corrected = issued(ask, people.staff, {"replaces": mine["id"]})
    client = Client()
    client.force_login(people.staff)
    page = client.get("/reports/").content.decode()
    assert "Venue report: WA-CR-0042 Evergreen Card Room (fictional), October 2026" in page
    assert "Submission report: october.jsonl" in page
    rows = {r.uuid.hex: r for r in Report.objects.all()}
    verdict = Report.objects.get(uuid=second["id"]).verdict
    assert verdict and verdict in page  # one verdict, in words
    assert page.count("a later report covers the same") == 1  # the first October report
    assert page.count("replaced by a correction") == 1 and corrected["id"] in page
    row_of_first = page[page.index(first["id"]) : page.index(first["id"]) + 400]
    assert "a later report covers the same" in row_of_first
    assert len(rows) == 4
