"""A gaming month's daily hold against its band, as an inline SVG the page carries itself
(no script, no CDN, nothing fetched): one chart per game, its most played wager over the
whole venue, with a table of the same figures for screen readers and copying."""

from __future__ import annotations

from dataclasses import dataclass
from html import escape

from games.engine.names import game_words
from games.services.defined_wagers import wager_title

WIDTH, HEIGHT, LEFT, RIGHT, TOP, BOTTOM = 640, 220, 48, 24, 24, 28


@dataclass(frozen=True)
class Chart:
    title: str
    svg: str  # safe markup: every text in it escaped here
    days: list[dict]


def daily_hold_svg(series: dict) -> Chart | None:
    """``series`` as :func:`audits.monitoring.deviations.daily_holds` gives it."""
    days = [d for d in series["days"] if d["observed_hold"] is not None]
    if len(days) < 2:
        return None
    values = [100 * d["observed_hold"] for d in days]
    bands = [(100 * d["interval_low"], 100 * d["interval_high"]) for d in days
             if d["interval_low"] is not None]  # fmt: skip
    low = min(values + [b[0] for b in bands])
    high = max(values + [b[1] for b in bands])
    margin = max(1.0, 0.1 * (high - low))
    low, high = low - margin, high + margin

    def x(i: int) -> float:
        return LEFT + (WIDTH - LEFT - RIGHT) * i / (len(days) - 1)

    def y(v: float) -> float:
        return TOP + (HEIGHT - TOP - BOTTOM) * (high - v) / (high - low)

    parts = [f'<rect x="{LEFT}" y="{TOP}" width="{WIDTH - LEFT - RIGHT}" '
             f'height="{HEIGHT - TOP - BOTTOM}" class="frame"/>']  # fmt: skip
    banded = [(i, d) for i, d in enumerate(days) if d["interval_low"] is not None]
    if banded:
        upper = [f"{x(i):.1f},{y(100 * d['interval_high']):.1f}" for i, d in banded]
        lower = [f"{x(i):.1f},{y(100 * d['interval_low']):.1f}" for i, d in reversed(banded)]
        parts.append(f'<polygon points="{" ".join(upper + lower)}" class="band"/>')
    for tick in _ticks(low, high):
        parts.append(f'<line x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y(tick):.1f}" '
                     f'y2="{y(tick):.1f}" class="grid"/>')  # fmt: skip
        parts.append(f'<text x="{LEFT - 4}" y="{y(tick) + 3:.1f}" class="axis" '
                     f'text-anchor="end">{tick:g}%</text>')  # fmt: skip
    line = " ".join(f"{x(i):.1f},{y(v):.1f}" for i, v in enumerate(values))
    parts.append(f'<polyline points="{line}" class="hold"/>')
    step = max(1, len(days) // 8)
    for i, d in enumerate(days):
        flag = ' class="deviation"' if d["deviation"] else ""
        parts.append(f'<circle cx="{x(i):.1f}" cy="{y(values[i]):.1f}" r="3"{flag}>'
                     f'<title>{escape(d["day"])}: {values[i]:.2f}%</title></circle>')  # fmt: skip
        if i % step == 0 or i == len(days) - 1:
            parts.append(f'<text x="{x(i):.1f}" y="{HEIGHT - 10}" class="axis" '
                         f'text-anchor="middle">{escape(d["day"][5:])}</text>')  # fmt: skip
    title = f"Daily hold, {game_words(series['game'])} {wager_title(series['wager_key'])}"
    svg = (f'<svg viewBox="0 0 {WIDTH} {HEIGHT}" role="img" class="chart" '
           f'aria-label="{escape(title)}: observed hold each gaming day and the band of the '
           f'par sheet">{"".join(parts)}</svg>')  # fmt: skip
    return Chart(title, svg, days)


def _ticks(low: float, high: float) -> list[float]:
    span = high - low
    step = next(s for s in (0.5, 1, 2, 5, 10, 20, 50, 100, 200) if span / s <= 6)
    first = step * -(-low // step)
    ticks, tick = [], first
    while tick <= high:
        ticks.append(round(tick, 6))
        tick += step
    return ticks
