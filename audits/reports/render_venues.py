"""A jurisdiction report's venues, drawn from the JSON twin's ``venues``: a summary of all of
them first (one row each, with its verdict), each venue's details after."""

from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.platypus import KeepTogether, PageBreak, Paragraph, Spacer

from audits.reports.render_parts import BODY, CELL, H2, H3, SMALL, TIGHT, money, text
from audits.reports.render_parts import pairs as _pairs
from audits.reports.render_parts import table as _table


def venues_summary_story(f: dict) -> list:
    """Every venue in one table, the venues with findings first (a jurisdiction report)."""
    venues = f.get("venues")
    if venues is None:
        return []
    currency = f["jurisdiction"]["currency"]
    story = [PageBreak(), Paragraph("The venues", H2)]
    if not venues:
        return [*story, Paragraph("No venue's rounds were judged in the period.", BODY)]
    with_findings = sum(1 for v in venues if v["findings"])
    story.append(Paragraph(
        f"{len(venues):,} venue(s) judged; {with_findings:,} with findings, listed first. "
        "Each venue's details follow the jurisdiction's analysis.", SMALL))  # fmt: skip
    rows = [["venue", "licensee", "rounds", "findings", "wagered", "overpaid", "underpaid",
             "verdict"]]  # fmt: skip
    for v in sorted(venues, key=lambda v: (v["findings"] == 0, -v["findings"], v["venue"])):
        rows.append([
            f"{v['venue']} {v['name'] or ''}".strip(), v["licensee"] or "—",
            f"{v['rounds']:,}", f"{v['findings']:,}", money(v["wagered"], currency),
            money(v["overpaid"], currency), money(v["underpaid"], currency),
            "clean" if v["verdict"]["code"] == "clean" else v["verdict"]["code"].replace("_", " "),
        ])  # fmt: skip
    widths = [34 * mm, 28 * mm, 15 * mm, 15 * mm, 24 * mm, 20 * mm, 20 * mm, 18 * mm]
    return [*story, Spacer(1, 2 * mm), _table(rows, widths=widths, right=(2, 3, 4, 5, 6),
                                              cell=TIGHT)]  # fmt: skip


def venue_details_story(f: dict) -> list:
    currency = f["jurisdiction"]["currency"]
    story = []
    for venue in f.get("venues") or []:
        rows = [
            ["licensee", venue["licensee"] or "—"],
            ["verdict", venue["verdict"]["text"]],
            ["rounds", f"{venue['rounds']:,}"],
            ["clean rounds", f"{venue['clean_rounds']:,}"],
            ["findings", f"{venue['findings']:,}"],
            ["wagered", money(venue["wagered"], currency)],
            ["paid out", money(venue["paid_out"], currency)],
            ["overpaid", money(venue["overpaid"], currency)],
            ["underpaid", money(venue["underpaid"], currency)],
        ]
        codes = [["finding", "code", "count"]]
        codes += [[c["title"], c["code"], f"{c['count']:,}"] for c in venue["findings_by_code"]]
        part = [
            Paragraph(f"Venue {text(venue['venue'])} {text(venue['name'] or '')}", H3),
            _pairs(rows, widths=[34 * mm, 140 * mm]),
            Spacer(1, 2 * mm),
        ]
        if len(codes) > 1:
            part += [Paragraph("Its findings by code", CELL),
                     _table(codes, widths=[90 * mm, 60 * mm, 24 * mm], right=(2,))]  # fmt: skip
        story += [KeepTogether(part), Spacer(1, 5 * mm)]
    return [PageBreak(), Paragraph("Each venue", H2), *story] if story else []
