"""The report's hold analysis, drawn from the JSON twin's ``hold`` (:mod:`.figures_hold`)."""

from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.platypus import PageBreak, Paragraph, Spacer

from audits.reports.charts import hold_chart
from audits.reports.render_parts import H2, SMALL, wager_of
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
            "judgement",
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
                wager_of(h),
                f"{h['wagers']:,}",
                _money(h["wagered"], currency),
                _money(h["house_won"], currency),
                _percent(h["observed_hold"]),
                _percent(h["theoretical_hold"]),
                interval,
                _flag(h),
            ]
        )
    widths = [30 * mm, 15 * mm, 25 * mm, 23 * mm, 16 * mm, 18 * mm, 29 * mm, 18 * mm]
    story = [
        PageBreak(),
        Paragraph("Hold analysis", H2),
        Paragraph(
            "Observed hold is the amount the house won over the amount wagered; the "
            "theoretical hold is the par sheet's house edge, with the interval the observed "
            "hold falls in 95% of the time over that many wagers. One hold in twenty is "
            "outside its own interval by chance alone, so the rows are tested together "
            "(Benjamini-Hochberg at 5%): FLAGGED is a reason to look closer, not a finding; "
            "outside alone is not a flag.",
            SMALL,
        ),
        Spacer(1, 2 * mm),
        _table(rows, widths=widths, right=(1, 2, 3, 4, 5)),
    ]
    chart = hold_chart(f["hold"])
    story += [Spacer(1, 4 * mm), chart] if chart else []
    return story + _not_judged(f["hold"]) + _not_counted(f, currency)


def _not_judged(rows: list[dict]) -> list:
    """The wagers the hold says nothing of, in words: no par sheet, or too few wagers."""
    said = [
        f"{wager_of(r)} ({r['wagers']:,} wager{'s' if r['wagers'] != 1 else ''}"
        f"{', no par sheet' if r['interval_low'] is None else ''})"
        for r in rows
        if not r.get("judged", True)
    ]
    if not said:
        return []
    words = (
        "Too few wagers to judge (fewer than the jurisdiction tests), or no par sheet: "
        + "; ".join(said)
        + ". Their holds are in the table above and in no chart or flag."
    )
    return [Spacer(1, 3 * mm), Paragraph(words, SMALL)]


def _not_counted(f: dict, currency: str) -> list:
    """The wagers left out of the hold, apart (each is also a finding)."""
    rows = [["venue / table", "game / wager", "wagers", "wagered", "house won", "why"]]
    for x in f.get("not_counted") or []:
        rows.append([
            f"{x['venue']} {x['table']}", wager_of(x), f"{x['wagers']:,}",
            _money(x["wagered"], currency), _money(x["house_won"], currency), x["why"],
        ])  # fmt: skip
    if len(rows) == 1:
        return []
    widths = [30 * mm, 34 * mm, 15 * mm, 24 * mm, 22 * mm, 49 * mm]
    return [
        Spacer(1, 4 * mm),
        Paragraph(
            "Not counted in the hold: wagers at a table the game is not authorized at, and "
            "wagers the game does not have. Each is a finding of its own.",
            SMALL,
        ),
        _table(rows, widths=widths, right=(2, 3, 4)),
    ]


def _flag(row: dict) -> str:
    if row.get("flagged"):
        return "FLAGGED"
    if not row.get("judged", True):
        return "too few"
    return "outside" if row["outside_interval"] else "within"
