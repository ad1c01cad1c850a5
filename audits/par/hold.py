"""Observed hold against the theoretical hold of a par sheet, with its interval.

The theoretical hold of a wager is its house edge per unit staked.  Over ``n`` wagers the
observed hold is the house's win over the amount wagered; where it may fall comes from the
sheet's outcome distribution over that many wagers (:mod:`audits.par.hold_distribution`): the
equal-tailed interval at the confidence level asked (95% unless the jurisdiction names
another) and the two-sided probability of a hold at least that far off.  Stakes in a log
differ, which widens the true interval a little: a flag outside the interval is a reason to
look, not a finding.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from decimal import Decimal

from audits.par.hold_distribution import BOTH, Group, hold_test


@dataclass(frozen=True)
class Hold:
    wagers: int
    wagered: Decimal
    house_won: Decimal
    observed: float | None  # house won / wagered
    theoretical: float | None  # house edge from the par sheet
    low: float | None  # the interval of the observed hold around the theoretical one
    high: float | None
    outside: bool
    p_value: float | None = None  # two-sided: a hold at least this far off
    confidence: float = 0.95
    method: str = ""

    def to_dict(self) -> dict:
        return {
            "wagers": self.wagers,
            "wagered": str(self.wagered),
            "house_won": str(self.house_won),
            "observed_hold": self.observed,
            "theoretical_hold": self.theoretical,
            "confidence": self.confidence,
            "interval_low": self.low,
            "interval_high": self.high,
            "p_value": self.p_value,
            "method": self.method,
            "outside_interval": self.outside,
        }


def unit_spread(sheet: dict) -> tuple[float, float] | None:
    """(house edge, standard deviation of one unit's net result) of a par sheet."""
    outcomes = sheet.get("outcomes") or []
    if not outcomes:
        return None
    mean = sum(o["probability"] * o["pays"] for o in outcomes)
    square = sum(o["probability"] * o["pays"] ** 2 for o in outcomes)
    return -mean, math.sqrt(max(square - mean * mean, 0.0))


def hold_of(
    wagers: int,
    wagered: Decimal,
    net_result: Decimal,
    sheet: dict | None,
    confidence: float = 0.95,
    stake_squares: Decimal | None = None,
) -> Hold:
    """The hold of ``wagers`` wagers totalling ``wagered``, the players' net ``net_result``
    (``stake_squares``, the stakes squared summed, when known)."""
    return hold_of_parts([Part(wagers, wagered, net_result, sheet, stake_squares)], confidence)


@dataclass(frozen=True)
class Part:
    """The wagers of one table (or one period) on one par sheet."""

    wagers: int
    wagered: Decimal
    net_result: Decimal
    sheet: dict | None
    stake_squares: Decimal | None = None

    @property
    def effective_wagers(self) -> int:
        """As many wagers of one equal stake as spread the result as these unequal ones
        (Kish: wagered squared over the stakes squared); all of them when not known."""
        if not self.stake_squares or not self.wagered:
            return self.wagers
        return max(1, min(self.wagers, round(self.wagered**2 / self.stake_squares)))

    @property
    def units(self) -> float:
        """The players' result in units of that equal stake (wagered over the effective
        wagers)."""
        if not self.wagered:
            return 0.0
        return float(self.net_result * self.effective_wagers / self.wagered)


def hold_of_parts(parts: list[Part], confidence: float, tails: str = BOTH) -> Hold:
    """The hold of several parts (tables), each part's wagers drawn from its own par sheet;
    untested when a part has no sheet.  Unequal stakes widen the spread of a hold: the test
    counts the effective wagers, which equal the wagers when every stake is the same."""
    wagers = sum(p.wagers for p in parts)
    wagered = sum((p.wagered for p in parts), Decimal(0))
    house_won = -sum((p.net_result for p in parts), Decimal(0))
    observed = float(house_won / wagered) if wagered else None
    groups = [Group.of_sheet(p.sheet, p.effective_wagers) if p.sheet else None for p in parts]
    if any(g is None for g in groups) or wagers == 0:
        edge = -groups[0].mean if len(groups) == 1 and groups[0] else None
        return Hold(wagers, wagered, house_won, observed, edge, None, None, False,
                    confidence=confidence)  # fmt: skip
    test = hold_test(groups, sum(p.units for p in parts), confidence, tails)
    scale = sum(g.wagers for g in groups)
    return Hold(
        wagers, wagered, house_won, observed, -test.mean / scale,
        -test.high / scale, -test.low / scale, test.outside,
        test.p_value, confidence, test.method,
    )  # fmt: skip
