"""The report's findings, drawn from the JSON twin alone: by kind in words (the groups and
titles of the pages), the largest payout errors, and the appendix (every finding when they
are few; their counts by code, a sample and the attached findings.csv when they are many)."""

from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.platypus import KeepTogether, PageBreak, Paragraph, Spacer

from audits.reports.charts import findings_by_code_chart
from audits.reports.render_parts import BODY, CELL, H2, H3, SMALL, TIGHT, money, text
from audits.reports.render_parts import table as _table
from games.citations import citation_in_words

SEVERITY = {"critical": "critical", "error": "error", "warning": "warning"}
#: finding tables: line, round, seat / wager, finding (title and code), message and rule,
#: expected, recorded; the code's column is wide enough for the longest code whole
FINDING_WIDTHS = [11 * mm, 30 * mm, 14 * mm, 34 * mm, 47 * mm, 19 * mm, 19 * mm]


def findings_by_kind_story(f: dict) -> list:
    """Each group with findings, money first: its codes' titles and meanings, severity,
    count, the money paid wrong and the rules cited."""
    s, currency = f["summary"], f["jurisdiction"]["currency"]
    story = [Paragraph("Findings by kind", H3)]
    if not s["findings_by_kind"]:
        return [*story, Paragraph("None: every round judged was played as approved.", BODY)]
    for kind in s["findings_by_kind"]:
        rows = [["finding", "severity", "count", "paid wrong", "rule cited"]]
        for r in kind["codes"]:
            rows.append([
                Paragraph(f"<b>{text(r['title'])}</b> <font size=6.5 color='#555555'>"
                          f"{text(r['code'])}</font><br/>{text(r['meaning'])}", SMALL),
                SEVERITY.get(r["severity"], r["severity"]), f"{r['count']:,}",
                money(r["paid_wrong"], currency), rules_cited(r["rules"]),
            ])  # fmt: skip
        story.append(KeepTogether([
            Paragraph(f"<b>{text(kind['title'])}</b>: {kind['count']:,} finding"
                      f"{'s' if kind['count'] != 1 else ''}", CELL),
            _table(rows, widths=[70 * mm, 16 * mm, 14 * mm, 24 * mm, 50 * mm], right=(2, 3)),
            Spacer(1, 3 * mm),
        ]))  # fmt: skip
    chart = findings_by_code_chart(s["findings_by_code"])
    return story + ([Spacer(1, 2 * mm), chart] if chart else [])


def largest_errors_story(f: dict) -> list:
    lists, currency = f["findings"], f["jurisdiction"]["currency"]
    return [
        PageBreak(),
        Paragraph("Largest payout errors", H2),
        Paragraph(
            "The over- and underpayments with the largest difference between what the "
            "approved rules and paytable pay and what was recorded.",
            SMALL,
        ),
        Spacer(1, 2 * mm),
        finding_table(lists["largest"], currency),
    ]


def appendix_story(f: dict) -> list:
    """Every finding when they are few; else their counts by code and a sample, and where
    all of them are: findings.csv, attached to this PDF and covered by its signature."""
    lists, s, currency = f["findings"], f["summary"], f["jurisdiction"]["currency"]
    story = [PageBreak(), Paragraph("Appendix: the findings", H2)]
    if lists.get("appendix") is not None:
        story.append(Paragraph(
            f"Every finding stored, {lists['stored']:,}, in file order. The same rows are in "
            "findings.csv, attached to this PDF and covered by its signature.", SMALL))  # fmt: skip
        return [*story, Spacer(1, 2 * mm), finding_table(lists["appendix"], currency)]
    counts = [["finding", "code", "count"]]
    counts += [[r["title"], r["code"], f"{r['count']:,}"] for r in s["findings_by_code"]]
    return [
        *story,
        Paragraph(
            f"{s['findings']:,} findings: too many to print. Every one stored is in "
            "findings.csv, attached to this PDF and covered by its signature (open it from "
            "the PDF reader's attachments, or run manage.py verify_report --extract). Their "
            "counts by code:",
            SMALL,
        ),
        Spacer(1, 2 * mm),
        _table(counts, widths=[90 * mm, 60 * mm, 24 * mm], right=(2,)),
        Paragraph(
            f"An even sample: {len(lists['sample']):,} of the {lists['sample_of']:,} findings "
            "besides the largest payout errors",
            H3,
        ),
        finding_table(lists["sample"], currency),
    ]


def finding_table(findings: list[dict], currency: str):
    if not findings:
        return Paragraph("None.", BODY)
    rows = [["line", "round", "seat / wager", "finding", "message and rule", "expected",
             "recorded"]]  # fmt: skip
    for x in findings:
        where = " ".join(str(v) for v in (x["seat"], x["wager_key"]) if v not in (None, ""))
        rows.append([
            f"{x['line']:,}", x["round"], where,
            Paragraph(f"{text(x.get('title') or x['code'])}<br/>"
                      f"<font size=6 color='#555555'>{text(x['code'])}</font>", TIGHT),
            Paragraph(f"{text(x['message'])}<br/><i>{rules_cited([x['rule']])}</i>", TIGHT),
            money(x["expected"], currency), money(x["recorded"], currency),
        ])  # fmt: skip
    return _table(rows, widths=FINDING_WIDTHS, right=(0, 5, 6), cell=TIGHT)


def rules_cited(rules: list[str]) -> str:
    """The rules as cited, each document named by its title (older findings name files)."""
    return text("; ".join(citation_in_words(rule) for rule in rules))
