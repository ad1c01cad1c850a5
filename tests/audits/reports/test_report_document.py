"""The report as a document: on the jurisdiction's paper (Letter for Washington, set in the
registry), every page footed with the report id and "page n of N", and a cover that says
what the report covers (the venue and days its rounds were played, the file with its
SHA-256, the verdict, the totals, who asked, when it was issued to the second)."""

from __future__ import annotations

import re
import shutil
import subprocess

import pytest

from audits.reports.figures import report_figures
from audits.reports.lifecycle import report_request
from audits.reports.render import report_pdf
from games.models import Jurisdiction
from tests.audits.report_support import validated  # noqa: F401  (fixture)

LETTER, A4 = ("612", "792"), ("595", "842")  # points, as pdfinfo gives them


def _pdf(tmp_path, submission) -> tuple[dict, str]:
    figures = report_figures(report_request(kind="submission", submission=submission))
    path = tmp_path / "report.pdf"
    path.write_bytes(report_pdf(figures))
    return figures, str(path)


def _tool(name: str) -> None:
    if shutil.which(name) is None:
        pytest.skip(f"{name} not installed (apt-get install poppler-utils)")


def _pages(path: str) -> list[str]:
    text = subprocess.run(["pdftotext", "-layout", path, "-"], check=True, capture_output=True)
    return text.stdout.decode().split("\f")[:-1]


def _size(path: str) -> tuple[str, str]:
    info = subprocess.run(["pdfinfo", path], check=True, capture_output=True).stdout.decode()
    width, height = re.search(r"Page size:\s+([\d.]+) x ([\d.]+) pts", info).groups()
    return str(round(float(width))), str(round(float(height)))


def test_the_jurisdictions_paper_and_every_page_footed(validated, tmp_path):  # noqa: F811
    _tool("pdfinfo")
    figures, path = _pdf(tmp_path, validated)
    assert figures["jurisdiction"]["paper"] == "letter" and _size(path) == LETTER
    pages = _pages(path)
    report_id = figures["report"]["id"]
    for n, page in enumerate(pages, start=1):
        assert f"Report {report_id}" in page and f"page {n} of {len(pages)}" in page
    Jurisdiction.objects.filter(code="wa-wsgc").update(paper_size="a4")
    validated.refresh_from_db()
    assert _size(_pdf(tmp_path, validated)[1]) == A4


def test_the_cover_says_what_the_report_covers(validated, tmp_path):  # noqa: F811
    _tool("pdftotext")
    figures, path = _pdf(tmp_path, validated)
    cover = " ".join(_pages(path)[0].split())
    first, last = (validated.first_played_at, validated.last_played_at)
    assert "Venue WA-CR-0042" in cover
    assert "the rounds of the submission, played 2026-10-" in cover and "(local time)" in cover
    assert first is not None and last is not None
    assert f"SHA-256{validated.sha256}" in cover.replace(" ", "")  # (a cell may wrap it)
    summary = figures["summary"]
    assert figures["summary"]["verdict"]["text"][:40] in cover
    assert f"{summary['rounds']:,} rounds" in cover and f"{summary['findings']:,} findings" in cover
    issued = re.search(r"Issued (\d{4}-\d\d-\d\d \d\d:\d\d:\d\d [-+]\d{4}) \(America/Los_Angeles\)",
                       cover)  # fmt: skip
    assert issued, cover


def _row(game, key, wagers, low, high, observed, par, flagged=False, judged=True):
    return {"game": game, "wager_key": key, "wagers": wagers, "interval_low": low,
            "interval_high": high, "observed_hold": observed, "theoretical_hold": par,
            "flagged": flagged, "judged": judged, "outside_interval": False,
            "wagered": "100", "house_won": "1", "p_value": 0.5}  # fmt: skip


def test_the_hold_chart_draws_one_labelled_line_per_judged_wager_and_says_the_rest():
    from reportlab.graphics.shapes import Circle, String

    from audits.reports.charts import ALERT, ROW, hold_chart
    from audits.reports.render_hold import hold_story

    rows = [
        _row("toss-one-21", "main", 3584, -0.03, 0.038, 0.024, 0.004),
        _row("toss-one-21", "lucky3", 1385, -0.12, 0.23, 0.40, 0.062, flagged=True),
        _row("ante-up-21", "insurance", 6, -1.25, 1.0, 1.0, 0.074, judged=False),
        _row("blackjack-tie-bonus", "tie_17", 0, None, None, None, None, judged=False),
    ]
    chart = hold_chart(rows)
    labels = [s for s in chart.contents if isinstance(s, String) and "(" in s.text]
    assert [s.text for s in labels] == ["Toss One 21: Lucky 3 (1,385)",
                                          "Toss One 21: main wager (3,584)"]
    assert abs(labels[0].y - labels[1].y) >= ROW  # one line each, never overprinted
    dots = [c for c in chart.contents if isinstance(c, Circle)]
    assert [d.fillColor == ALERT for d in dots] == [True, False]  # the flagged one is red
    words = " ".join(
        p.text
        for p in hold_story({"jurisdiction": {"currency": "USD"}, "hold": rows})
        if hasattr(p, "text")
    )
    assert "Ante Up 21, Poker Bonus Edition: Insurance (6 wagers)" in words
    assert "Blackjack with tie bonus wagers: Tie on 17 (0 wagers, no par sheet)" in words


def test_rules_in_force_once_per_variant_in_words(validated, tmp_path):  # noqa: F811
    _tool("pdftotext")
    figures, path = _pdf(tmp_path, validated)
    judged = " ".join(" ".join(_pages(path)[1:3]).split())
    places = {p["table"] for p in figures["rules"] if p["in_force"]}
    assert places >= {"T1", "T2", "T3", "T4"}  # four tables, and T1 has a limit of its own
    assert "Toss One 21 at WA-CR-0042, tables T2, T3, T4 (in force on" in judged
    assert "Toss One 21 at WA-CR-0042, table T1 (in force on" in judged
    assert judged.count("Approval WSGC approval letter") == 2  # once per variant, not per table
    assert "options: blackjack pays 3:2, Lucky 3 paytable 1" in judged  # words, not a dict
    assert "{'" not in judged and "#2 v1" not in judged  # Lucky 3 #2 is not authorized here
    assert "table T9 (in force on" in judged and "no authorization in force" in judged
