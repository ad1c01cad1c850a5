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
from audits.par.stake_classes import money_groups, stake_classes


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
    stake_cubes: Decimal | None = None,
) -> Hold:
    """The hold of ``wagers`` wagers totalling ``wagered``, the players' net ``net_result``
    (``stake_squares`` and ``stake_cubes``, the stakes squared and cubed summed, when
    known)."""
    part = Part(wagers, wagered, net_result, sheet, stake_squares, stake_cubes)
    return hold_of_parts([part], confidence)


@dataclass(frozen=True)
class Part:
    """The wagers of one table (or one period) on one par sheet, with the sums of their
    stakes squared and cubed when known."""

    wagers: int
    wagered: Decimal
    net_result: Decimal
    sheet: dict | None
    stake_squares: Decimal | None = None
    stake_cubes: Decimal | None = None

    def classes(self) -> list[tuple[float, int]]:
        """The stakes as one or two classes of equal stakes (:func:`stake_classes`)."""
        if not self.stake_squares:
            return stake_classes(self.wagers, float(self.wagered), 0.0, None)
        cubes = float(self.stake_cubes) if self.stake_cubes else None
        return stake_classes(self.wagers, float(self.wagered), float(self.stake_squares), cubes)

    @property
    def effective_wagers(self) -> int:
        """As many wagers of one stake as spread the result as these (Kish: wagered squared
        over the stakes squared); all of them when not known."""
        if not self.stake_squares or not self.wagered:
            return self.wagers
        return max(1, min(self.wagers, round(self.wagered**2 / self.stake_squares)))


def hold_of_parts(parts: list[Part], confidence: float, tails: str = BOTH) -> Hold:
    """The hold of several parts (tables), each part's wagers drawn from its own par sheet;
    untested when a part has no sheet.

    Equal stakes: the exact distribution of the wagers' results in units of the stake.
    Unequal ones spread a hold wider and skew it further: each part's stakes stand as two
    classes matching their count, sum, squares and cubes (:mod:`audits.par.stake_classes`),
    and the classes' results are summed exactly on a lattice in money."""
    wagers = sum(p.wagers for p in parts)
    wagered = sum((p.wagered for p in parts), Decimal(0))
    house_won = -sum((p.net_result for p in parts), Decimal(0))
    observed = float(house_won / wagered) if wagered else None
    sheets = [Group.of_sheet(p.sheet, p.wagers) if p.sheet else None for p in parts]
    if any(g is None for g in sheets) or wagers == 0:
        edge = -sheets[0].mean if len(sheets) == 1 and sheets[0] else None
        return Hold(wagers, wagered, house_won, observed, edge, None, None, False,
                    confidence=confidence)  # fmt: skip
    classes = [p.classes() for p in parts]
    total = float(wagered)
    expected = sum(float(p.wagered) * g.mean for p, g in zip(parts, sheets, strict=True))
    groups, quantum, stand_ins = money_groups(list(zip(sheets, classes, strict=True)))
    read = sum(float(p.net_result) * w / float(p.wagered)
               for p, w in zip(parts, stand_ins, strict=True) if p.wagered)  # fmt: skip
    test = hold_test(groups, read / quantum, confidence, tails)
    modelled = sum(stand_ins)

    def hold_at(quanta: float) -> float:  # a result of the classes, as a hold
        return -quanta * quantum / modelled

    return Hold(
        wagers, wagered, house_won, observed, -expected / total,
        hold_at(test.high), hold_at(test.low), test.outside,
        test.p_value, confidence, test.method,
    )  # fmt: skip
