"""The report's hold analysis, drawn from the JSON twin's ``hold`` (:mod:`.hold`)."""

from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.platypus import PageBreak, Paragraph, Spacer

from audits.reports.charts import hold_chart
from audits.reports.render_parts import H2, SMALL
from audits.reports.render_parts import money as _money
from audits.reports.render_parts import percent as _percent
from audits.reports.render_parts import table as _table


def hold_story(f: dict) -> list:
    """The hold analysis: each wager's observed hold against its par, as a table and a chart."""
    currency = f["jurisdiction"]["currency"]
    rows = [
        [
            "game / wager",
            "wagers",
            "wagered",
            "house won",
            "observed",
            "theoretical",
            "95% interval",
            "",
        ]
    ]
    for h in f["hold"]:
        interval = (
            "—"
            if h["interval_low"] is None
            else (f"{_percent(h['interval_low'])} to {_percent(h['interval_high'])}")
        )
        rows.append(
            [
                f"{h['game']} {h['wager_key']}",
                f"{h['wagers']:,}",
                _money(h["wagered"], currency),
                _money(h["house_won"], currency),
                _percent(h["observed_hold"]),
                _percent(h["theoretical_hold"]),
                interval,
                "OUTSIDE" if h["outside_interval"] else "",
            ]
        )
    widths = [30 * mm, 15 * mm, 26 * mm, 24 * mm, 17 * mm, 19 * mm, 29 * mm, 14 * mm]
    story = [
        PageBreak(),
        Paragraph("Hold analysis", H2),
        Paragraph(
            "Observed hold is the amount the house won over the amount wagered; the "
            "theoretical hold is the par sheet's house edge, with the interval the observed "
            "hold falls in 95% of the time over that many wagers. Outside it is a reason to "
            "look closer, not a finding.",
            SMALL,
        ),
        _table(rows, widths=widths, right=(1, 2, 3, 4, 5)),
    ]
    chart = hold_chart(f["hold"])
    return story + ([Spacer(1, 4 * mm), chart] if chart else [])
