"""Every page of every kind of report, rendered and read back: on the jurisdiction's paper,
each page drawn by pdftoppm, no two words printed over one another, no word running across
a table's rule (out of its cell) or past the margins, and every finding code whole."""

from __future__ import annotations

import shutil
import subprocess

import pdfplumber
import pytest

from audits.reports import figures_findings
from audits.reports.figures import report_figures
from audits.reports.lifecycle import report_request
from audits.reports.render import report_pdf
from games.models import Jurisdiction, Venue
from tests.audits.report_support import validated  # noqa: F401  (fixture)

LETTER = (612, 792)
SLACK = 0.6  # points: glyph boxes of neighbouring letters may touch, never cross


def _request(kind: str, submission):
    if kind == "submission":
        return report_request(kind="submission", submission=submission)
    if kind == "venue":
        venue = Venue.objects.get(code="WA-CR-0042")
        return report_request(kind="venue", venue=venue, period="2026-10")
    jurisdiction = Jurisdiction.objects.get(code="wa-wsgc")
    return report_request(kind="jurisdiction", jurisdiction=jurisdiction, period="2026-Q4")


def _overprinted(chars: list[dict]) -> list[tuple[str, float, float]]:
    """Characters drawn over other characters, with where (a sweep down the page; words
    are no use here, as the PDF reader merges overprinted letters into one garbled word)."""
    chars = sorted((c for c in chars if c["text"].strip()), key=lambda c: c["top"])
    crossed = []
    for i, a in enumerate(chars):
        for b in chars[i + 1 :]:
            if b["top"] >= a["bottom"] - SLACK:
                break
            if min(a["x1"], b["x1"]) - max(a["x0"], b["x0"]) > SLACK:
                crossed.append((a["text"] + b["text"], round(a["x0"]), round(a["top"])))
    return crossed


def _across_rules(page, words: list[dict]) -> list[str]:
    """Words a vertical rule of a table runs through: text out of its cell."""
    rules = [e for e in page.edges if abs(e["x0"] - e["x1"]) < 0.5 and e["height"] > 4]
    return [
        w["text"]
        for w in words
        for r in rules
        if w["x0"] + SLACK < r["x0"] < w["x1"] - SLACK
        and w["top"] + SLACK < r["bottom"]
        and w["bottom"] - SLACK > r["top"]
    ]


def _read(pdf: bytes, tmp_path) -> list[dict]:
    path = tmp_path / "report.pdf"
    path.write_bytes(pdf)
    out = tmp_path / "page"
    subprocess.run(["pdftoppm", "-r", "30", "-png", str(path), str(out)], check=True)
    drawn = sorted(tmp_path.glob("page-*.png"))
    pages = []
    with pdfplumber.open(path) as document:
        assert len(drawn) == len(document.pages)  # every page renders
        for page in document.pages:
            words = page.extract_words(keep_blank_chars=False, use_text_flow=False)
            pages.append({
                "size": (round(page.width), round(page.height)),
                "words": words, "crossed": _overprinted(page.chars),
                "across": _across_rules(page, words),
                "outside": [w["text"] for w in words
                            if w["x0"] < 28 or w["x1"] > page.width - 28 or w["top"] < 20
                            or w["bottom"] > page.height - 14],
            })  # fmt: skip
    return pages


@pytest.mark.parametrize(
    ("kind", "appendix"),
    [("submission", "counts and the CSV"), ("venue", "every finding"),
     ("jurisdiction", "every finding")],
)  # fmt: skip
def test_every_page_is_laid_out_for_a_reader(
    kind,
    appendix,
    validated,
    tmp_path,
    monkeypatch,  # noqa: F811
):
    if shutil.which("pdftoppm") is None:
        pytest.skip("pdftoppm not installed (apt-get install poppler-utils)")
    fewest = 10_000 if appendix == "every finding" else 5
    monkeypatch.setattr(figures_findings, "APPENDIX_MAX", fewest)
    figures = report_figures(_request(kind, validated))
    pages = _read(report_pdf(figures), tmp_path)
    assert len(pages) >= 5
    for n, page in enumerate(pages, start=1):
        assert page["size"] == LETTER, n
        assert page["crossed"] == [], (n, page["crossed"][:5])
        assert page["across"] == [], (n, page["across"][:10])
        assert page["outside"] == [], (n, page["outside"][:10])
    printed = {w["text"] for page in pages for w in page["words"]}
    codes = {r["code"] for r in figures["summary"]["findings_by_code"]}
    assert codes and codes <= printed  # each code whole, never broken across a line
    rounds = {x["round"] for x in figures["findings"]["largest"]}
    assert rounds and rounds <= printed  # and each round id
    text = " ".join(w["text"] for page in pages for w in page["words"])
    if appendix == "every finding":
        assert figures["findings"]["appendix"] is not None
        assert "Appendix: the findings" in text and "Every finding stored" in text
    else:
        assert figures["findings"]["appendix"] is None
        assert "too many to print" in text and "findings.csv" in text
    if kind == "jurisdiction":
        first = " ".join(w["text"] for w in pages[1]["words"])
        assert "The venues" in first and "WA-CR-0042" in first  # venues first, details after
        assert "Each venue" in text


def test_the_checks_see_overprinted_words_and_text_out_of_its_cell(tmp_path):
    """The checks above can fail: two labels drawn over one another, and a cell's text
    wider than its column, are both seen."""
    import io

    from reportlab.lib.pagesizes import LETTER as PAGE
    from reportlab.pdfgen.canvas import Canvas
    from reportlab.platypus import Table, TableStyle

    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=PAGE)
    canvas.drawString(100, 700, "toss-one-21 lucky3 (1,379)")
    canvas.drawString(130, 702, "toss-one-21 bonus4 (1,385)")
    grid = Table([["poker_bonus_not_fixed_stake", "x"]], colWidths=[40, 40])
    grid.setStyle(TableStyle([("GRID", (0, 0), (-1, -1), 0.25, "grey")]))
    grid.wrapOn(canvas, 400, 400)
    grid.drawOn(canvas, 100, 500)
    canvas.showPage()
    canvas.save()
    if shutil.which("pdftoppm") is None:
        pytest.skip("pdftoppm not installed (apt-get install poppler-utils)")
    (page,) = _read(buffer.getvalue(), tmp_path)
    assert sum(1 for _, _, y in page["crossed"] if abs(y - 80) < 4) > 10  # the two labels
    assert any(w.startswith("poker_bo") for w in page["across"])  # (merged with the "x")
