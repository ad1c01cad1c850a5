"""The report's corrections in its period (:mod:`audits.reports.corrections`): each change of
a submission's standing, who made it and why, so a reader knows what was withdrawn, asked
to be withdrawn, refused, reinstated or sent again."""

from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.platypus import Paragraph

from audits.reports.render_parts import CELL, H3, TIGHT, table, text


def corrections_story(f: dict) -> list:
    corrections = f.get("corrections")
    if corrections is None:
        return []
    story = [Paragraph("Corrections in the period", H3)]
    if not corrections["count"]:
        story.append(Paragraph("None: no submission with rounds in the period was withdrawn, "
                               "reinstated or sent again.", CELL))  # fmt: skip
        return story
    story.append(Paragraph(
        f"{corrections['count']:,} change(s) of standing of the submissions with rounds in the "
        "period; a withdrawn submission is left out of the figures above, a requested or "
        "refused withdrawal is not.", CELL))  # fmt: skip
    rows = [["when", "file", "what", "by", "why"]]
    for c in corrections["listed"]:
        what = c["what"] + (f": {c['other_file']}" if c["other_file"] else "")
        rows.append([c["at"][:16].replace("T", " "), c["file_name"], what, c["by"], c["reason"]])
    story.append(table(rows, widths=[24 * mm, 36 * mm, 34 * mm, 20 * mm, 60 * mm], cell=TIGHT))
    if corrections["count"] > len(corrections["listed"]):
        rest = corrections["count"] - len(corrections["listed"])
        story.append(Paragraph(text(f"and {rest:,} more, the latest not listed"), CELL))
    return story
