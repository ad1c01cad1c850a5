"""The report's charts, drawn with ReportLab's own graphics (no image files)."""

from __future__ import annotations

import math

from reportlab.graphics.charts.barcharts import HorizontalBarChart
from reportlab.graphics.shapes import Circle, Drawing, Line, String
from reportlab.lib import colors
from reportlab.pdfbase.pdfmetrics import stringWidth

from audits.reports.render_parts import wager_of

WIDTH = 460
INK = colors.HexColor("#1f3a5f")
THEORY = colors.HexColor("#9aa5b1")
ALERT = colors.HexColor("#b42318")
GRID = colors.HexColor("#d0d5dd")


def findings_by_code_chart(rows: list[dict]) -> Drawing | None:
    """A horizontal bar per finding code, longest first (at most 15 codes)."""
    rows = rows[:15]
    if not rows:
        return None
    height = 40 + 16 * len(rows)
    drawing = Drawing(WIDTH, height)
    chart = HorizontalBarChart()
    chart.x, chart.y, chart.width, chart.height = 150, 20, WIDTH - 170, height - 35
    chart.data = [[r["count"] for r in reversed(rows)]]
    chart.categoryAxis.categoryNames = [_fit(r.get("title") or r["code"], 140, 7)
                                        for r in reversed(rows)]  # fmt: skip
    chart.categoryAxis.labels.fontSize = 7
    chart.valueAxis.valueMin = 0
    chart.valueAxis.labels.fontSize = 7
    chart.bars[0].fillColor = INK
    drawing.add(chart)
    drawing.add(String(0, height - 10, "Findings by kind", fontSize=9, fillColor=INK))
    return drawing


def _fit(label: str, width: float, size: float) -> str:
    """The label, cut at a word and ended with an ellipsis where it is wider than ``width``."""
    if stringWidth(label, "Helvetica", size) <= width:
        return label
    words = label.split()
    while words and stringWidth(" ".join(words) + " …", "Helvetica", size) > width:
        words.pop()
    return " ".join(words) + " …"


def hold_chart(rows: list[dict]) -> Drawing | None:
    """One line per judged wager: its interval (a grey bar), its par (a tick) and its
    observed hold (a dot, red when flagged), in percent on one scale, sorted by game and
    wager and labelled with the wagers counted (the rest are said in words beside it)."""
    judged = sorted((r for r in rows if r.get("judged")), key=lambda r: (r["game"], r["wager_key"]))
    if not judged:
        return None
    keys = ("interval_low", "interval_high", "observed_hold", "theoretical_hold")
    values = [100 * r[k] for r in judged for k in keys]
    low, high = max(min(values), -100.0), min(max(values), 100.0)
    pad = (high - low) * 0.04 or 1.0
    low, high = low - pad, high + pad
    height = 50 + ROW * len(judged)
    drawing = Drawing(WIDTH, height)
    left, right = 215, WIDTH - 10

    def x(value: float) -> float:
        return left + (min(max(100 * value, low), high) - low) / (high - low) * (right - left)

    _scale(drawing, low, high, left, right, height)
    for i, r in enumerate(judged):
        y = height - 34 - i * ROW
        count = f" ({r['wagers']:,})"
        label = _fit(wager_of(r), left - 6 - stringWidth(count, "Helvetica", 6.5), 6.5) + count
        drawing.add(String(left - 6, y - 2.5, label, fontSize=6.5, textAnchor="end"))
        drawing.add(Line(x(r["interval_low"]), y, x(r["interval_high"]), y,
                         strokeColor=THEORY, strokeWidth=4))  # fmt: skip
        drawing.add(Line(x(r["theoretical_hold"]), y - 5, x(r["theoretical_hold"]), y + 5,
                         strokeColor=INK, strokeWidth=1))  # fmt: skip
        dot = ALERT if r.get("flagged") else INK
        drawing.add(Circle(x(r["observed_hold"]), y, 2.6, fillColor=dot, strokeColor=dot))
    key = ("grey bar: the 95% interval of the hold over that many wagers; tick: par; dot: "
           "observed hold, red when flagged")  # fmt: skip
    drawing.add(String(0, height - 10, "Hold against par, percent", fontSize=9, fillColor=INK))
    drawing.add(String(0, 4, key, fontSize=6.5, fillColor=INK))
    return drawing


ROW = 15


def _scale(drawing: Drawing, low: float, high: float, left: float, right: float,
           height: float) -> None:  # fmt: skip
    """Gridlines at round percentages across the rows, labelled above them."""
    step = next(s for s in (0.5, 1, 2, 5, 10, 20, 25, 50, 100) if (high - low) / s <= 8)
    tick = step * math.ceil(low / step)
    while tick <= high:
        at = left + (tick - low) / (high - low) * (right - left)
        colour = INK if tick == 0 else GRID
        drawing.add(Line(at, 16, at, height - 24, strokeColor=colour, strokeWidth=0.4))
        drawing.add(String(at, height - 22, f"{tick:g}%", fontSize=6.5, textAnchor="middle"))
        tick += step


def daily_hold_chart(series: dict) -> Drawing | None:
    """One game's wager at one venue: its hold each gaming day (percent) between the lower
    and upper edges of its band for that day's wagers; a day outside is marked."""
    from reportlab.graphics.charts.lineplots import LinePlot
    from reportlab.graphics.widgets.markers import makeMarker

    days = [d for d in series["days"] if d["observed_hold"] is not None]
    if len(days) < 2:
        return None
    drawing = Drawing(WIDTH, 200)
    plot = LinePlot()
    plot.x, plot.y, plot.width, plot.height = 45, 40, WIDTH - 65, 130
    held = [(i, 100 * d["observed_hold"]) for i, d in enumerate(days)]
    banded = [(i, d) for i, d in enumerate(days) if d["interval_low"] is not None]
    plot.data = [
        held,
        [(i, 100 * d["interval_low"]) for i, d in banded] or [(0, 0)],
        [(i, 100 * d["interval_high"]) for i, d in banded] or [(0, 0)],
    ]
    plot.lines[0].strokeColor = INK
    plot.lines[0].symbol = makeMarker("FilledCircle", size=2.5)
    for band in (1, 2):
        plot.lines[band].strokeColor = ALERT
        plot.lines[band].strokeWidth = 0.8
        plot.lines[band].strokeDashArray = (3, 2)
    plot.xValueAxis.valueMin, plot.xValueAxis.valueMax = 0, len(days) - 1
    values = [y for line in plot.data for _, y in line]
    margin = max(1.0, 0.1 * (max(values) - min(values)))
    plot.yValueAxis.valueMin, plot.yValueAxis.valueMax = min(values) - margin, max(values) + margin
    step = max(1, len(days) // 8)
    plot.xValueAxis.valueSteps = list(range(0, len(days), step))
    plot.xValueAxis.labelTextFormat = lambda i: days[int(i)]["day"][5:]
    plot.xValueAxis.labels.fontSize = plot.yValueAxis.labels.fontSize = 7
    plot.yValueAxis.labelTextFormat = "%0.0f%%"
    drawing.add(plot)
    for i, d in enumerate(days):
        if d["deviation"]:
            x = plot.x + plot.width * i / max(1, len(days) - 1)
            drawing.add(String(x - 2, plot.y + plot.height + 4, "!", fontSize=9, fillColor=ALERT))
    title = (
        f"Daily hold, {series['venue']} {wager_of(series)}: "
        "observed (line) and the band of the par sheet (red, dashed); ! a deviation"
    )
    drawing.add(String(0, 188, title, fontSize=8, fillColor=INK))
    return drawing
