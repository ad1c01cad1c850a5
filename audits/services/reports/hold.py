"""Observed hold against the theoretical hold of a par sheet, with a 95% interval.

The theoretical hold of a wager is its house edge per unit staked; the
spread of one unit's result comes from the same sheet (every outcome's
probability and net pay).  Over ``n`` wagers of equal stakes the observed
hold is a mean of ``n`` such results, so it falls within
``edge ± 1.96·sd/√n`` 95% of the time.  Stakes in a log differ, which widens
the true interval a little: a flag outside the interval is a reason to look,
not a finding.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from decimal import Decimal

Z95 = 1.959963984540054


@dataclass(frozen=True)
class Hold:
    wagers: int
    wagered: Decimal
    house_won: Decimal
    observed: float | None  # house won / wagered
    theoretical: float | None  # house edge from the par sheet
    low: float | None  # 95% interval of the observed hold around the theoretical one
    high: float | None
    outside: bool

    def to_dict(self) -> dict:
        return {
            "wagers": self.wagers,
            "wagered": str(self.wagered),
            "house_won": str(self.house_won),
            "observed_hold": self.observed,
            "theoretical_hold": self.theoretical,
            "ci95_low": self.low,
            "ci95_high": self.high,
            "outside_ci95": self.outside,
        }


def unit_spread(sheet: dict) -> tuple[float, float] | None:
    """(house edge, standard deviation of one unit's net result) of a par sheet."""
    outcomes = sheet.get("outcomes") or []
    if not outcomes:
        return None
    mean = sum(o["probability"] * o["pays"] for o in outcomes)
    square = sum(o["probability"] * o["pays"] ** 2 for o in outcomes)
    return -mean, math.sqrt(max(square - mean * mean, 0.0))


def hold_of(wagers: int, wagered: Decimal, net_result: Decimal, sheet: dict | None) -> Hold:
    """The hold of ``wagers`` wagers totalling ``wagered``, the players' net ``net_result``."""
    house_won = -net_result
    observed = float(house_won / wagered) if wagered else None
    spread = unit_spread(sheet) if sheet else None
    if spread is None or wagers == 0:
        edge = spread[0] if spread else None
        return Hold(wagers, wagered, house_won, observed, edge, None, None, False)
    edge, sd = spread
    half = Z95 * sd / math.sqrt(wagers)
    outside = observed is not None and not (edge - half <= observed <= edge + half)
    return Hold(wagers, wagered, house_won, observed, edge, edge - half, edge + half, outside)
