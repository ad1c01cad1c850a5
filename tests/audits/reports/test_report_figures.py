"""The JSON twin of each kind of report, checked against the validated data, and its PDF."""

from __future__ import annotations

import shutil
import subprocess
from decimal import Decimal

import pytest
from django.core.exceptions import ValidationError
from django.db.models import Count, Sum

from audits.reports.figures import report_figures
from audits.reports.lifecycle import report_request
from audits.reports.models import ReportKind
from audits.reports.render import report_pdf
from audits.submissions.models import Finding, SubmissionTotal
from games.models import Jurisdiction, Venue
from tests.audits.report_support import validated  # noqa: F401  (fixture)

pytestmark = pytest.mark.django_db


def submission_figures(submission):
    return report_figures(report_request(kind=ReportKind.SUBMISSION, submission=submission))


def test_summary_figures_are_the_submissions(validated):  # noqa: F811
    figures = submission_figures(validated)
    summary = figures["summary"]
    assert summary["rounds"] == validated.rounds_total == 1200
    assert summary["clean_rounds"] == validated.clean_rounds
    assert summary["rejected_lines"] == validated.rejected_lines > 0
    assert summary["findings"] == validated.finding_count == Finding.objects.count()
    by_code = dict(Finding.objects.values_list("code").annotate(n=Count("id")))
    assert {r["code"]: r["count"] for r in summary["findings_by_code"]} == by_code
    wagered = SubmissionTotal.objects.exclude(wager_key="").aggregate(s=Sum("wagered"))["s"]
    assert Decimal(summary["wagered"]) == wagered
    assert summary["verdict"]["code"] in ("findings", "not_approved")
    assert figures["inputs"][0]["sha256"] == validated.sha256


def test_rules_judged_name_the_approval_paytables_and_limits(validated):  # noqa: F811
    places = submission_figures(validated)["rules"]
    in_force = [p for p in places if p["in_force"]]
    assert in_force, places
    place = in_force[0]
    assert len(place["rule_version"]["content_hash"]) == 64
    keys = {w["wager_key"] for w in place["wagers"]}
    assert {"main", "lucky3", "bonus4"} <= keys
    main = next(w for w in place["wagers"] if w["wager_key"] == "main")
    assert main["theoretical_return"] == pytest.approx(1 - main["house_edge"])
    limits = {(lim["kind"], lim["amount"]) for lim in place["limits"]}
    assert ("max_single_wager", "400.00") in limits
    assert any("WAC 230-15-140" in lim["citation"] for lim in place["limits"])


def test_hold_rows_compare_the_observed_hold_with_the_par_sheet(validated):  # noqa: F811
    figures = submission_figures(validated)
    hold = {(h["game"], h["wager_key"]): h for h in figures["hold"]}
    main = hold[("toss-one-21", "main")]
    totals = SubmissionTotal.objects.filter(game="toss-one-21", wager_key="main")
    apart = [
        x for x in figures["not_counted"] if (x["game"], x["wager_key"]) == ("toss-one-21", "main")
    ]  # fmt: skip  rounds at tables not authorized: shown apart
    assert apart and {x["why"] for x in apart} == {"no authorization of the game at this table"}
    wagered = sum(t.wagered for t in totals) - sum(Decimal(x["wagered"]) for x in apart)
    net = sum(t.net_result for t in totals) + sum(Decimal(x["house_won"]) for x in apart)
    assert Decimal(main["wagered"]) == wagered
    assert Decimal(main["house_won"]) == -net
    assert main["observed_hold"] == pytest.approx(float(-net / wagered))
    assert main["interval_low"] < main["theoretical_hold"] < main["interval_high"]
    assert main["confidence"] == 0.95 and main["method"] == "exact"
    assert main["basis"]["decks"] == 6


def test_largest_findings_come_first(validated):  # noqa: F811
    lists = submission_figures(validated)["findings"]
    sizes = [abs(Decimal(f["recorded"]) - Decimal(f["expected"])) for f in lists["largest"]]
    assert sizes == sorted(sizes, reverse=True) and sizes
    assert all(f["line"] and f["round"] for f in lists["largest"])
    # 65 findings: few enough that the appendix lists every one, in file order, and no sample
    assert lists["stored"] == 65 and lists["sample"] == []
    assert len(lists["appendix"]) == 65
    assert [f["line"] for f in lists["appendix"]] == sorted(f["line"] for f in lists["appendix"])


def test_past_the_appendix_a_sample_and_the_counts(validated, monkeypatch):  # noqa: F811
    from audits.reports import figures_findings

    monkeypatch.setattr(figures_findings, "APPENDIX_MAX", 30)
    f = submission_figures(validated)
    assert f["findings"]["appendix"] is None and 0 < len(f["findings"]["sample"]) <= 20
    kinds = f["summary"]["findings_by_kind"]
    assert kinds[0]["group"] == "payout"  # money first, as on the pages
    assert sum(k["count"] for k in kinds) == f["summary"]["findings"]
    overpaid = next(c for k in kinds for c in k["codes"] if c["code"] == "overpaid")
    assert overpaid["title"] == "Paid more than the rules give"
    assert Decimal(overpaid["paid_wrong"]) == Decimal(f["summary"]["overpaid"])
    over_limit = next(c for k in kinds for c in k["codes"] if c["code"] == "over_limit")
    assert over_limit["paid_wrong"] is None  # a limit's excess is not a payment


def test_venue_and_jurisdiction_reports_over_the_period(validated):  # noqa: F811
    venue = Venue.objects.get(code="WA-CR-0042")
    figures = report_figures(report_request(kind="venue", venue=venue, period="2026-10"))
    assert [i["sha256"] for i in figures["inputs"]] == [validated.sha256]
    assert figures["summary"]["rounds"] == 1200
    jurisdiction = Jurisdiction.objects.get(code="wa-wsgc")
    whole = report_figures(
        report_request(kind="jurisdiction", jurisdiction=jurisdiction, period="2026-Q4")
    )
    assert [v["venue"] for v in whole["venues"]] == ["WA-CR-0042"]
    empty = report_figures(report_request(kind="venue", venue=venue, period="2026-09"))
    assert empty["inputs"] == [] and empty["summary"]["rounds"] == 0
    assert empty["summary"]["verdict"]["code"] == "clean"


def test_a_request_names_a_valid_scope(validated):  # noqa: F811
    with pytest.raises(ValidationError):
        report_request(kind="venue", venue=None, period="2026-10")
    with pytest.raises(ValidationError):
        report_request(kind="venue", venue=Venue.objects.first(), period="October")
    with pytest.raises(ValidationError):
        report_request(kind="weekly")


def test_the_pdf_has_its_pages(validated, tmp_path):  # noqa: F811
    pdf = report_pdf(submission_figures(validated))
    assert pdf.startswith(b"%PDF-")
    if shutil.which("pdftoppm") is None:
        pytest.skip("pdftoppm not installed (apt-get install poppler-utils): pages not rendered")
    path = tmp_path / "report.pdf"
    path.write_bytes(pdf)
    subprocess.run(["pdftoppm", "-r", "40", "-png", str(path), str(tmp_path / "page")], check=True)
    pages = sorted(tmp_path.glob("page-*.png"))
    assert len(pages) >= 4  # cover, what was judged, summary, hold, findings
    assert all(p.stat().st_size > 1000 for p in pages)


def test_the_pdf_states_the_par_sheets_basis(validated, tmp_path):  # noqa: F811
    """What the Lucky 3 sheet assumes of the player is printed beside its house edge."""
    if shutil.which("pdftotext") is None:
        pytest.skip("pdftotext not installed (apt-get install poppler-utils)")
    path = tmp_path / "report.pdf"
    path.write_bytes(report_pdf(submission_figures(validated)))
    text = subprocess.run(["pdftotext", str(path), "-"], check=True, capture_output=True).stdout
    assert "pay most on Lucky 3" in " ".join(text.decode().split())
