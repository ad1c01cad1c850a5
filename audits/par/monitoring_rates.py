"""How often monitoring flags a clean month, and how often it finds a planted change.

Months of a venue are drawn from the par sheets themselves: each table's each gaming day
deals ``rounds`` rounds, and each wager's results are drawn from its sheet's outcome
probabilities (equal stakes of one unit).  Each month is then tested as monitoring tests it
(:mod:`audits.monitoring.month_tests`): every table's and the whole venue's hold of each
wager each day and over the month, by :func:`~audits.par.hold.hold_of_parts`, flags by
Benjamini–Hochberg, the days and the month each a family at half ``level``.
A planted change alters the draws of one table:

- ``lucky3``: the table's Lucky 3 pays a tenth less on every win for the first week;
- ``dealer``: the table's dealer overpays one main-wager hand in fifty by one unit, all
  month.

The share of clean months with any flag is the false-alarm rate (at most ``level`` when
the tests are right); the share of planted months with a flag at the planted table or the
whole venue, on the planted wager, is the detection rate.  Pure: numpy and audits.par.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

import numpy as np

from audits.par.hold import Part, hold_of_parts
from audits.par.many_tests import family_thresholds

VENUE = ""
PLANTS = {"lucky3": ("lucky3", 7), "dealer": ("main", 31)}  # the wager altered, for days


@dataclass(frozen=True)
class Shape:
    """The venue's month: tables, days, rounds a table deals a day, and the share of rounds
    with each side wager."""

    tables: int = 4
    days: int = 30
    rounds: int = 400
    shares: tuple[tuple[str, float], ...] = (("main", 1.0), ("lucky3", 0.4), ("bonus4", 0.3))


@dataclass(frozen=True)
class Rates:
    months: int
    clean_flagged: int  # clean months with any flag
    planted_found: dict[str, int]  # plant -> months where it was flagged

    def to_dict(self) -> dict:
        return {
            "months": self.months,
            "false_alarm_rate": self.clean_flagged / self.months,
            "detection_rate": {k: v / self.months for k, v in self.planted_found.items()},
        }


def monitoring_rates(sheets: dict[str, dict], months: int, seed: int, level: float = 0.05,
                     shape: Shape = Shape()) -> Rates:  # fmt: skip
    """Draw ``months`` clean months and as many of each plant; count the flagged ones."""
    rng = np.random.default_rng(seed)
    clean = sum(bool(month_flags(_month(rng, sheets, shape, None), sheets, level))
                for _ in range(months))  # fmt: skip
    found = {}
    for plant, (wager, _) in PLANTS.items():
        found[plant] = sum(
            any(f[1] in ("T1", VENUE) and f[2] == wager
                for f in month_flags(_month(rng, sheets, shape, plant), sheets, level))
            for _ in range(months)
        )  # fmt: skip
    return Rates(months, clean, found)


def month_flags(results: dict, sheets: dict[str, dict], level: float) -> list[tuple]:
    """The ``(period, table, wager)`` flagged in one month of ``{(day, table, wager):
    (wagers, players' net in units)}``."""
    checks = []
    days = sorted({d for d, _, _ in results})
    for period in [*(("day", d) for d in days), ("month", None)]:
        pooled: dict[str, list[Part]] = {}
        for (day, table, wager), (n, net) in results.items():
            if period[1] is not None and day != period[1]:
                continue
            pooled.setdefault((table, wager), []).append(_part(n, net, sheets[wager]))
        venue: dict[str, list[Part]] = {}
        for (table, wager), parts in pooled.items():
            merged = Part(sum(p.wagers for p in parts), sum(p.wagered for p in parts),
                          sum(p.net_result for p in parts), sheets[wager])  # fmt: skip
            checks.append((period, table, wager, merged))
            venue.setdefault(wager, []).append(merged)
        checks += [(period, VENUE, wager, parts) for wager, parts in venue.items()]
    tested = [(p, t, w, hold_of_parts(x if isinstance(x, list) else [x], 1 - level))
              for p, t, w, x in checks]  # fmt: skip
    families: dict[str, list[float]] = {"days": [], "longer": []}
    for p, *_, h in tested:
        families["days" if p[0] == "day" else "longer"].append(h.p_value)
    cut = family_thresholds(families, level)
    return [(p, t, w) for p, t, w, h in tested
            if h.p_value <= cut["days" if p[0] == "day" else "longer"] > 0]  # fmt: skip


def _part(wagers: int, net: float, sheet: dict) -> Part:
    return Part(wagers, Decimal(wagers), Decimal(str(net)), sheet)


def _month(rng, sheets: dict[str, dict], shape: Shape, plant: str | None) -> dict:
    results = {}
    for day in range(shape.days):
        for t in range(1, shape.tables + 1):
            table = f"T{t}"
            for wager, share in shape.shares:
                n = shape.rounds if share == 1 else int(rng.binomial(shape.rounds, share))
                planted = plant and table == "T1" and PLANTS[plant][0] == wager
                planted = planted and day < PLANTS[plant][1]
                results[(day, table, wager)] = (n, _draw(rng, sheets[wager], n, planted and plant))
    return results


def _draw(rng, sheet: dict, n: int, plant: str | None) -> float:
    outcomes = sheet["outcomes"]
    probabilities = np.array([o["probability"] for o in outcomes])
    pays = np.array([o["pays"] for o in outcomes])
    if plant == "lucky3":
        pays = np.where(pays > 0, pays * 0.9, pays)  # a tenth less on every win
    counts = rng.multinomial(n, probabilities / probabilities.sum())
    net = float(counts @ pays)
    if plant == "dealer":
        net += float(rng.binomial(n, 1 / 50))  # one hand in fifty paid a unit more
    return round(net * 2) / 2 if plant != "lucky3" else round(net, 1)
