"""What venue and jurisdiction reports carry of monitoring: the ledger's periods with each
hold's test, the daily hold against its band, the period's deviations, and the cases touching
the period in the state they had at the report's own date; and the PDF that shows them."""

from __future__ import annotations

import hashlib
import shutil
import subprocess
from datetime import timedelta
from pathlib import Path

import pytest
from django.conf import settings as django_settings
from django.utils import timezone

from audits.investigations.cases import case_answer, case_decide, case_open
from audits.monitoring.models import Deviation
from audits.reports import monitoring
from audits.reports.figures import report_figures
from audits.reports.lifecycle import report_request
from audits.reports.models import ReportKind
from audits.reports.render import report_pdf
from games.models import Venue
from tests.audits.monitoring.test_deviations import _month
from tests.audits.report_support import dev_identity_dir, signing  # noqa: F401  (fixtures)
from tests.audits.submissions.test_pipeline import submit
from tests.audits.submissions_support import people  # noqa: F401  (fixture)

pytestmark = pytest.mark.django_db


@pytest.fixture
def october(wa, people, tmp_path):  # noqa: F811
    """Three gaming days with a skim at T2 on 2 October; a closed case on two of its underpayments
    and an open one on the skim's deviation."""
    submission = submit(wa, _month(tmp_path, skim=True))
    overpaid = list(submission.findings.filter(code="underpaid")[:2])
    closed = case_open(people.reviewer, title="Underpayments", text="Explain.",
                       finding_ids=[f.pk for f in overpaid])  # fmt: skip
    case_answer(people.staff, closed, text="Dealer error.", cause="dealer_error")
    case_decide(people.reviewer, closed, decision="accept", text="Ok.", outcome="corrected")
    skim = Deviation.objects.get(table="T2", wager_key="main", period="day")
    still_open = case_open(people.reviewer, title="Hold at T2 on 2 October", text="Explain.",
                           deviation_ids=[skim.pk])  # fmt: skip
    venue = Venue.objects.get(code="WA-CR-0042")
    return venue, closed, still_open, skim


def _venue_report(venue):
    return report_figures(report_request(kind=ReportKind.VENUE, venue=venue, period="2026-10"))


def test_a_venue_report_carries_the_ledger_deviations_and_cases(october):
    venue, closed, still_open, skim = october
    m = _venue_report(venue)["monitoring"]
    assert (m["confidence"], m["min_wagers"]) == (0.95, 400)
    periods = m["ledger"][0]["periods"]
    assert periods["period"]["first_day"] == "2026-10-01" and periods["period"]["rounds"] > 3000
    assert periods["last_day"]["lines"] == []  # nothing played on 31 October
    lines = periods["period"]["lines"]
    t2 = next(x for x in lines if (x["table"], x["wager_key"]) == ("T2", "main"))
    assert t2["deviation"] and t2["p_value"] < 0.05 and t2["observed_hold"] > t2["interval_high"]
    assert any(x["table"] == "" for x in periods["period"]["lines"])  # the whole venue too
    kept = {d["id"] for d in m["deviations"]}
    assert skim.pk in kept and kept == set(
        Deviation.objects.filter(last_day__month=10).values_list("pk", flat=True)
    )
    cases = {c["id"]: c for c in m["cases"]}
    assert cases[closed.pk]["status"] == "closed" and cases[closed.pk]["outcome"] == "corrected"
    assert cases[still_open.pk]["status"] == "awaiting_licensee"
    assert cases[still_open.pk]["deviations"] == 1 and not cases[still_open.pk]["overdue"]
    main = next(s for s in m["daily"] if s["game"] == "toss-one-21")
    assert main["wager_key"] == "main"
    assert [d["day"] for d in main["days"]] == ["2026-10-01", "2026-10-02", "2026-10-03"]
    skimmed_day = main["days"][1]
    assert skimmed_day["observed_hold"] > main["days"][0]["observed_hold"]


def test_a_report_states_each_case_as_it_stood_at_its_own_date(october, people, monkeypatch):  # noqa: F811
    venue, closed, still_open, _ = october
    before_closing = timezone.now()
    case_decide(people.reviewer, still_open, decision="close", text="Withdrawn.",
                outcome="withdrawn")  # fmt: skip
    now = _venue_report(venue)["monitoring"]["cases"]
    assert {c["id"]: c["status"] for c in now}[still_open.pk] == "closed"
    monkeypatch.setattr(monitoring.timezone, "now", lambda: before_closing)
    earlier = _venue_report(venue)["monitoring"]["cases"]
    assert {c["id"]: (c["status"], c["outcome"]) for c in earlier}[still_open.pk] == (
        "awaiting_licensee",
        "",
    )
    monkeypatch.setattr(monitoring.timezone, "now",
                        lambda: closed.opened_at - timedelta(seconds=1))  # fmt: skip
    assert _venue_report(venue)["monitoring"]["cases"] == []  # no case was open yet


def test_a_jurisdiction_report_shows_each_venue_whole(october):
    venue, closed, still_open, _ = october
    figures = report_figures(report_request(kind=ReportKind.JURISDICTION,
                                            jurisdiction=venue.licensee.jurisdiction,
                                            period="2026-Q4"))  # fmt: skip
    m = figures["monitoring"]
    ours = next(v for v in m["ledger"] if v["venue"] == "WA-CR-0042")
    lines = ours["periods"]["period"]["lines"]
    assert lines and all(x["table"] == "" for x in lines if x["game"] == "toss-one-21")
    assert {c["id"] for c in m["cases"]} == {closed.pk, still_open.pk}


def test_a_submission_report_has_no_monitoring_section(october):
    from audits.submissions.models import Submission

    submission = Submission.objects.get()
    figures = report_figures(report_request(kind=ReportKind.SUBMISSION, submission=submission))
    assert "monitoring" not in figures


def test_the_pdf_shows_the_monitoring_section(october, tmp_path):
    if shutil.which("pdftotext") is None:
        pytest.skip("pdftotext not installed (apt-get install poppler-utils)")
    venue, _, still_open, _ = october
    path = tmp_path / "report.pdf"
    path.write_bytes(report_pdf(_venue_report(venue)))
    shown = subprocess.run(["pdftotext", str(path), "-"], check=True, capture_output=True)
    text = shown.stdout.decode()
    for words in ("Monitoring over time", "Period to date", "Deviations of the period",
                  "Cases touching the period", "Hold at T2 on 2 October", "outside",
                  "awaiting the licensee",
                  "Daily hold, WA-CR-0042 Toss One 21: main wager"):  # fmt: skip
        assert words in text, words


def test_reports_issued_before_and_after_a_case_closes_each_keep_their_own_date(
    october,
    people,  # noqa: F811
    signing,  # noqa: F811
):
    """Report A is issued with a case open, the case is closed, report B is issued: A's stored
    figures and signed file are what they were, and B states the case closed."""
    from audits.reports.lifecycle import report_reissue
    from audits.reports.models import Report
    from audits.tasks import generate_report

    venue, _, still_open, _ = october
    first = report_request(kind=ReportKind.VENUE, venue=venue, period="2026-10")
    generate_report.apply(args=(first.pk,))
    first.refresh_from_db()
    pdf = Path(django_settings.MEDIA_ROOT) / str(first.pdf_file)
    kept = (first.figures, first.sha256, pdf.read_bytes())
    case_decide(people.reviewer, still_open, decision="close", text="Withdrawn.",
                outcome="withdrawn")  # fmt: skip
    second = report_reissue(first)
    generate_report.apply(args=(second.pk,))
    second.refresh_from_db()
    again = Report.objects.get(pk=first.pk)
    assert (again.figures, again.sha256, pdf.read_bytes()) == kept
    assert hashlib.sha256(kept[2]).hexdigest() == kept[1]

    def state(report):
        cases = {c["id"]: c for c in report.figures["monitoring"]["cases"]}
        return cases[still_open.pk]["status"], cases[still_open.pk]["outcome"]

    assert state(again) == ("awaiting_licensee", "")
    assert state(second) == ("closed", "withdrawn") and second.sha256 != first.sha256


def test_an_overdue_case_is_flagged_on_the_pages_over_the_api_and_in_the_report(
    october,
    people,  # noqa: F811
):
    """A case open past the jurisdiction's days is flagged in the queue, on its page, over
    the API and in the report; the closed case is not."""
    from django.test import Client
    from rest_framework.test import APIClient

    from audits.investigations.models import Case

    venue, closed, still_open, _ = october
    days = venue.licensee.jurisdiction.case_overdue_days
    Case.objects.filter(pk=still_open.pk).update(
        opened_at=timezone.now() - timedelta(days=days + 1)
    )
    page = Client()
    page.force_login(people.staff)
    queue = page.get("/cases/").content.decode()
    rows = {case.pk: [row for row in queue.split("<tr>") if f'/cases/{case.pk}/"' in row]
            for case in (still_open, closed)}  # fmt: skip
    assert rows[still_open.pk] and all(">overdue</strong>" in row for row in rows[still_open.pk])
    assert rows[closed.pk] and not any("overdue" in row for row in rows[closed.pk])
    assert (
        "overdue</strong> (open more than" in page.get(f"/cases/{still_open.pk}/").content.decode()
    )
    assert "overdue</strong>" not in page.get(f"/cases/{closed.pk}/").content.decode()
    api = APIClient()
    api.force_authenticate(people.reviewer)
    flags = {c["id"]: c["overdue"] for c in api.get("/api/audits/cases/").json()["results"]}
    assert flags == {still_open.pk: True, closed.pk: False}
    cases = {c["id"]: c["overdue"] for c in _venue_report(venue)["monitoring"]["cases"]}
    assert cases == {still_open.pk: True, closed.pk: False}
