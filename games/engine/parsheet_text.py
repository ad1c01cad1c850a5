"""Plain-text rendering of a par sheet, for the command line."""

from __future__ import annotations

from .odds import format_odds
from .parsheet import ParSheet, WagerSheet


def _pct(value) -> str:
    return f"{float(value) * 100:8.4f}%"


def render_wager(sheet: WagerSheet) -> list[str]:
    lines = [f"{sheet.key}: {sheet.title}", f"  method: {sheet.method}; {sheet.basis}"]
    lines += [f"  note: {note}" for note in sheet.notes]
    lines.append(f"  {'outcome':<28}{'pays':>12}{'probability':>16}{'contribution':>16}")
    for line in sheet.lines:
        lines.append(
            f"  {line.outcome:<28}{format_odds(line.pays):>12}"
            f"{float(line.probability):>16.10f}{float(line.contribution):>16.10f}"
        )
    lines.append(
        f"  house edge {_pct(sheet.house_edge)}   return {_pct(sheet.return_to_player)}"
        f"   hit frequency {_pct(sheet.hit_frequency)}"
    )
    if sheet.rounds:
        low, high = sheet.ci95_return or (0.0, 0.0)
        lines.append(f"  {sheet.rounds} simulated rounds; 95% CI of return {low:.5f} .. {high:.5f}")
    return lines


def render_parsheet(sheet: ParSheet) -> str:
    params = ", ".join(f"{k}={v}" for k, v in sheet.parameters.items())
    options = ", ".join(f"{k}={v}" for k, v in sheet.options.items())
    out = [
        f"Par sheet: {sheet.game}, {sheet.decks} deck(s)",
        f"parameters: {params}",
        f"options: {options}",
        "",
    ]
    for wager in sheet.wagers:
        out += render_wager(wager) + [""]
    if sheet.alternatives:
        out.append("How much the open points matter (house edge under the other reading):")
        for name, values in sheet.alternatives.items():
            for value, wagers in values.items():
                edges = ", ".join(f"{k} {_pct(v['house_edge']).strip()}" for k, v in wagers.items())
                out.append(f"  {name}={value}: {edges}")
    return "\n".join(out)
