"""The report's monitoring section, drawn from the JSON twin's ``monitoring`` alone: the
ledger's three periods with each hold's test, each game's daily hold against its band, the
deviations of the period, the dealers (with their holds) and seats, and the cases touching
the period as they stood at the report's date."""

from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.platypus import PageBreak, Paragraph, Spacer

from audits.reports.charts import daily_hold_chart
from audits.reports.render_parts import BODY, H2, H3, SMALL, TIGHT, money, percent, text, wager_of
from audits.reports.render_parts import table as _grid

PERIOD_TITLES = {"last_day": "Last gaming day", "period": "Period to date",
                 "year_to_date": "Year to date"}  # fmt: skip
CASE_STATUS = {"awaiting_licensee": "awaiting the licensee", "awaiting_reviewer":
               "awaiting the reviewer", "escalated": "escalated", "closed": "closed"}  # fmt: skip


def monitoring_story(f: dict) -> list:
    m = f.get("monitoring")
    if not m:
        return []
    currency = f["jurisdiction"]["currency"]
    story = [
        PageBreak(),
        Paragraph("Monitoring over time", H2),
        Paragraph(
            f"As of {text(m['as_of'])}. Each hold is tested against the exact distribution "
            f"of that many wagers' results under the par sheet in force: the interval holds "
            f"{m['confidence']:.2%} of holds, and p is the two-sided probability of a hold at "
            f"least that far off. One hold in twenty is outside its own interval by chance, "
            f"so each venue's month of holds (every table and the venue, every wager, each "
            f"day with {m['min_wagers']:,} wagers or more, the month and year to date) is "
            "tested together: a deviation is a hold flagged by Benjamini-Hochberg, and with "
            "no real change a venue's month shows any at most as often as one minus that "
            "level (a reason to look, not a finding).",
            SMALL,
        ),
    ]
    for venue in m["ledger"]:
        story += _ledger(venue, currency)
    for series in m["daily"]:
        chart = daily_hold_chart(series)
        if chart is not None:
            story += [Spacer(1, 3 * mm), chart]
    story += _deviations(m["deviations"])
    story += _dealers(m.get("dealers", []), currency)
    story += _dealer_holds(m.get("dealers", []), currency)
    story += _seats(m.get("seats", []), currency)
    story += _cases(m["cases"], m["case_overdue_days"])
    return story


def _ledger(venue: dict, currency: str) -> list:
    story = [Paragraph(f"Venue {text(venue['venue'])} {text(venue['name'])}", H3)]
    for name, period in venue["periods"].items():
        rows = [["table", "game / wager", "wagers", "house won", "hold", "par", "interval", "p",
                 ""]]  # fmt: skip
        for x in period["lines"]:
            rows.append([
                x["table"] or "all", wager_of(x), f"{x['wagers']:,}",
                money(x["house_won"], currency),
                percent(x["observed_hold"]), percent(x["theoretical_hold"]),
                _interval(x), f"{x['p_value']:.2g}" if x["tested"] else "—",
                _judgement(x),
            ])  # fmt: skip
        title = (f"{PERIOD_TITLES[name]}: {period['first_day']} to {period['last_day']}, "
                 f"{period['rounds']:,} rounds")  # fmt: skip
        story += [Paragraph(title, SMALL)]
        story += [_grid(rows, widths=[11 * mm, 34 * mm, 14 * mm, 24 * mm, 15 * mm, 13 * mm,
                                      26 * mm, 13 * mm, 20 * mm],
                        right=(2, 3, 4, 5, 7), cell=TIGHT)] if len(rows) > 1 else [
            Paragraph("Nothing in the ledger.", BODY)]  # fmt: skip
    return story


def _judgement(x: dict) -> str:
    """FLAGGED by the month's test; outside its own interval alone is not a flag."""
    if x.get("flagged"):
        return "FLAGGED"
    if not x["tested"]:
        return ""
    return "outside, not flagged" if x["deviation"] else "within"


def _interval(x: dict) -> str:
    if x["interval_low"] is None:
        return "—"
    return f"{percent(x['interval_low'])} to {percent(x['interval_high'])}"


def _deviations(rows: list[dict]) -> list:
    story = [Paragraph("Deviations of the period", H3)]
    if not rows:
        return story + [Paragraph("None.", BODY)]
    table_rows = [["period", "place", "wager", "wagers", "hold", "par", "interval", "p",
                   "found"]]  # fmt: skip
    for d in rows:
        span = d["first_day"] if d["first_day"] == d["last_day"] else (
            f"{d['first_day']} to {d['last_day']}")  # fmt: skip
        table_rows.append([
            Paragraph(f"{d['period'].replace('_', ' ')}<br/>{span}", SMALL),
            f"{d['venue']}/{d['table']}" if d["table"] else d["venue"],
            wager_of(d), f"{d['wagers']:,}", percent(d["observed_hold"]),
            percent(d["theoretical_hold"]), _interval(d), f"{d['p_value']:.2g}",
            d["found_at"][:10],
        ])  # fmt: skip
    widths = [26 * mm, 25 * mm, 27 * mm, 13 * mm, 14 * mm, 12 * mm, 26 * mm, 12 * mm, 19 * mm]
    return story + [_grid(table_rows, widths=widths, right=(3, 4, 5, 7), cell=TIGHT)]


def _dealers(venues: list[dict], currency: str) -> list:
    story = [Paragraph("Dealers", H3)]
    rows = [["venue", "dealer", "rounds", "with findings", "over-paid rounds", "over-paid",
             "rate", "others", "p adj.", ""]]  # fmt: skip
    for venue in venues:
        for d in venue["dealers"]:
            rows.append([
                venue["venue"], d["dealer"], f"{d['rounds']:,}", f"{d['findings']:,}",
                f"{d['overpaid_rounds']:,}", money(d["overpaid"], currency),
                f"{d['rate']:.2%}", f"{d['others_rate']:.2%}", f"{d['adjusted']:.2g}",
                "FLAGGED" if d["flagged"] else "",
            ])  # fmt: skip
    if len(rows) == 1:
        return story + [Paragraph("The logs of the period name no dealer.", BODY)]
    widths = [22 * mm, 28 * mm, 14 * mm, 15 * mm, 15 * mm, 20 * mm, 13 * mm, 13 * mm, 13 * mm,
              16 * mm]  # fmt: skip
    return story + [_grid(rows, widths=widths, right=(2, 3, 4, 5, 6, 7, 8), cell=TIGHT)]


def _dealer_holds(venues: list[dict], currency: str) -> list:
    rows = [["venue", "dealer", "game / wager", "wagers", "house won", "hold", "par", "interval",
             "p", ""]]  # fmt: skip
    for venue in venues:
        for d in venue["dealers"]:
            for x in d.get("holds", []):
                rows.append([
                    venue["venue"], d["dealer"], wager_of(x),
                    f"{x['wagers']:,}", money(x["house_won"], currency),
                    percent(x["observed_hold"]), percent(x["theoretical_hold"]), _interval(x),
                    f"{x['p_value']:.2g}" if x["tested"] else "—", _judgement(x),
                ])  # fmt: skip
    if len(rows) == 1:
        return []
    story = [
        Paragraph("Hold per dealer", H3),
        Paragraph("Each dealer's hold per game and wager over every table dealt, each table's "
                  "wagers under its own par sheet, tested as a table's hold is.", SMALL),
    ]  # fmt: skip
    widths = [18 * mm, 24 * mm, 28 * mm, 13 * mm, 18 * mm, 12 * mm, 12 * mm, 24 * mm, 10 * mm,
              14 * mm]  # fmt: skip
    return story + [_grid(rows, widths=widths, right=(3, 4, 5, 6, 8), cell=TIGHT)]


def _seats(venues: list[dict], currency: str) -> list:
    """The seats with an over-paid round (every seat played is tested)."""
    story = [Paragraph("Seats", H3)]
    rows = [["venue", "table", "seat", "rounds played", "with findings", "over-paid rounds",
             "over-paid", "rate", "others", "p adj.", ""]]  # fmt: skip
    played = 0
    for venue in venues:
        played += len(venue["seats"])
        for x in venue["seats"]:
            if x["overpaid_rounds"]:
                rows.append([
                    venue["venue"], x["table"], str(x["seat"]), f"{x['rounds']:,}",
                    f"{x['findings']:,}", f"{x['overpaid_rounds']:,}",
                    money(x["overpaid"], currency), f"{x['rate']:.2%}",
                    f"{x['others_rate']:.2%}", f"{x['adjusted']:.2g}",
                    "FLAGGED" if x["flagged"] else "",
                ])  # fmt: skip
    story.append(Paragraph(f"{played:,} seats played, each tested; below, those with an "
                           "over-paid round.", SMALL))  # fmt: skip
    if len(rows) == 1:
        return story + [Paragraph("No seat was over-paid.", BODY)]
    widths = [20 * mm, 14 * mm, 10 * mm, 17 * mm, 15 * mm, 16 * mm, 19 * mm, 13 * mm, 13 * mm,
              13 * mm, 16 * mm]  # fmt: skip
    return story + [_grid(rows, widths=widths, right=(2, 3, 4, 5, 6, 7, 8, 9), cell=TIGHT)]


def _cases(rows: list[dict], overdue_days: int) -> list:
    story = [
        Paragraph("Cases touching the period", H3),
        Paragraph(
            f"Their status and outcome as they stood at this report's date; open more "
            f"than {overdue_days} days is overdue.",
            SMALL,
        ),  # fmt: skip
    ]
    if not rows:
        return story + [Paragraph("None.", BODY)]
    table_rows = [["case", "title", "opened", "status", "outcome", "findings", "deviations"]]
    for c in rows:
        status = CASE_STATUS.get(c["status"], c["status"]) + (" (OVERDUE)" if c["overdue"] else "")
        table_rows.append([
            str(c["id"]), Paragraph(text(c["title"]), SMALL), c["opened_at"][:10], status,
            c["outcome"].replace("_", " "), str(c["findings"]), str(c["deviations"]),
        ])  # fmt: skip
    widths = [12 * mm, 50 * mm, 20 * mm, 34 * mm, 24 * mm, 16 * mm, 18 * mm]
    return story + [_grid(table_rows, widths=widths, right=(0, 5, 6), cell=TIGHT)]
