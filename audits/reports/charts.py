"""The report's charts, drawn with ReportLab's own graphics (no image files)."""

from __future__ import annotations

from reportlab.graphics.charts.barcharts import HorizontalBarChart, VerticalBarChart
from reportlab.graphics.charts.legends import Legend
from reportlab.graphics.shapes import Drawing, String
from reportlab.lib import colors

WIDTH = 460
INK = colors.HexColor("#1f3a5f")
THEORY = colors.HexColor("#9aa5b1")
ALERT = colors.HexColor("#b42318")


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
    chart.categoryAxis.categoryNames = [r["code"] for r in reversed(rows)]
    chart.categoryAxis.labels.fontSize = 7
    chart.valueAxis.valueMin = 0
    chart.valueAxis.labels.fontSize = 7
    chart.bars[0].fillColor = INK
    drawing.add(chart)
    drawing.add(String(0, height - 10, "Findings by code", fontSize=9, fillColor=INK))
    return drawing


def hold_chart(rows: list[dict]) -> Drawing | None:
    """Observed against theoretical hold (percent) for each game and wager."""
    rows = [r for r in rows if r["observed_hold"] is not None]
    if not rows:
        return None
    drawing = Drawing(WIDTH, 220)
    chart = VerticalBarChart()
    chart.x, chart.y, chart.width, chart.height = 40, 45, WIDTH - 60, 140
    chart.data = [
        [100 * r["observed_hold"] for r in rows],
        [100 * (r["theoretical_hold"] or 0) for r in rows],
    ]
    chart.categoryAxis.categoryNames = [f"{r['game']}\n{r['wager_key']}" for r in rows]
    chart.categoryAxis.labels.fontSize = 6
    chart.categoryAxis.labelAxisMode = "low"  # names below the bars, negative ones too
    chart.valueAxis.labels.fontSize = 7
    chart.bars[0].fillColor = INK
    chart.bars[1].fillColor = THEORY
    for i, row in enumerate(rows):
        if row.get("flagged"):
            chart.bars[(0, i)].fillColor = ALERT
    drawing.add(chart)
    legend = Legend()
    legend.x, legend.y, legend.fontSize = 40, 215, 7
    legend.colorNamePairs = [
        (INK, "observed hold %"),
        (THEORY, "theoretical hold % (par sheet)"),
        (ALERT, "flagged (the report's holds tested together)"),
    ]
    legend.columnMaximum = 1
    legend.alignment = "right"
    legend.dx = legend.dy = 6
    legend.deltax = 150
    drawing.add(legend)
    return drawing


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
        f"Daily hold, {series['venue']} {series['game']} {series['wager_key']}: "
        "observed (line) and the band of the par sheet (red, dashed); ! a deviation"
    )
    drawing.add(String(0, 188, title, fontSize=8, fillColor=INK))
    return drawing
