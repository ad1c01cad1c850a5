"""How far an observed hold is from a par sheet's: the distribution of ``n`` wagers' results.

A par sheet gives every outcome of one unit wager with its probability and net pay.  The
players' result over ``n`` wagers is the sum of ``n`` independent such results, whose
distribution is the ``n``-fold convolution of the sheet's.  Pays are multiples of a common
step (half a unit for 3 to 2), so the sum lives on a lattice and its distribution is computed
exactly, up to floating-point rounding, by raising the sheet's discrete Fourier transform to
the ``n``-th power (several groups of wagers, each with its own sheet, multiply theirs): in
polar form, ``n`` times each log of a modulus and each angle, summed over the groups.  Where
every sheet has two outcomes (a wager won or lost), the sum's few points are computed
directly instead, from binomial terms (:mod:`~.two_outcomes`).

The transform is circular: a grid shorter than the whole range folds the far tails onto it.
The grid is therefore laid around the mean and made wide enough that Chernoff's or
Bernstein's inequality (:mod:`~.grid_window`) bounds the folded probability below
:data:`~.lattice.FOLD_BOUND`; when even
:data:`~.lattice.MAX_GRID` points
cannot promise that, the normal approximation is used and the result says so (``method``).

From the distribution: the equal-tailed interval at the confidence level asked (each tail
holds at most half the rest), and the two-sided probability of a result at least as far off
as the one observed (twice the smaller tail, at most 1).  A result is outside the interval
exactly when that probability is at most one minus the confidence.

Stakes in a log differ; the test treats the wagers as of their mean stake (the observed
result in units is the net result over the mean stake).

A simulated par sheet (a wager whose result depends on the players' choices) knows its mean
only to within its own error, the standard error of its rounds (its 95% interval over 3.92).
That error is carried into the test: the expected result of ``n`` wagers is off by up to
``n`` times it, whatever ``n``, while the spread of their results grows as the square root
of ``n``; the interval's half-widths are scaled by ``k = sqrt(1 + par² / spread²)`` and the
deviation's normal score divided by ``k`` (:func:`_with_par_error`), so a large period is
not flagged for the simulation's own error.  Pure: numpy and the standard library.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from statistics import NormalDist

from audits.par.lattice import BOTH, EXACT, LOW, LOW_ONLY, HoldTest, Lattice

NORMAL = "normal"
WITH_PAR_ERROR = "+par_error"  # the method names the widening (short: kept in a record)
Z95 = NormalDist().inv_cdf(0.975)


@dataclass(frozen=True)
class Group:
    """``wagers`` wagers of one par sheet: its outcomes' (probability, net pay per unit)."""

    outcomes: tuple[tuple[float, Fraction], ...]
    wagers: int
    mean_error: float = 0.0  # the standard error of the sheet's mean (0 when exact)

    @classmethod
    def of_sheet(cls, sheet: dict, wagers: int) -> Group | None:
        """From a par sheet's JSON (``outcomes`` with ``probability`` and ``pays``; a
        simulated one's ``ci95_return``)."""
        outcomes = _outcomes(sheet)
        return cls(outcomes, wagers, sheet_mean_error(sheet)) if outcomes else None

    @property
    def mean(self) -> float:
        return sum(p * float(x) for p, x in self.outcomes)

    @property
    def variance(self) -> float:
        mean = self.mean
        return max(sum(p * float(x) ** 2 for p, x in self.outcomes) - mean * mean, 0.0)


def sheet_mean_error(sheet: dict) -> float:
    """The standard error of a simulated sheet's mean result per unit (0 when exact)."""
    interval = sheet.get("ci95_return") or ()
    if len(interval) != 2:
        return 0.0
    return (interval[1] - interval[0]) / (2 * Z95)


_SHEETS: dict[int, tuple[dict, tuple]] = {}  # id(sheet) -> (the sheet, its outcomes)


def _outcomes(sheet: dict) -> tuple[tuple[float, Fraction], ...]:
    """A sheet's outcomes as (probability, pay as a fraction), read once per sheet object."""
    known = _SHEETS.get(id(sheet))
    if known is not None and known[0] is sheet:
        return known[1]
    outcomes = tuple(
        (_probability(o), Fraction(o["pays"]).limit_denominator(1000))
        for o in sheet.get("outcomes") or ()
        if _probability(o) > 0
    )  # fmt: skip
    if len(_SHEETS) > 256:
        _SHEETS.clear()
    _SHEETS[id(sheet)] = (sheet, outcomes)
    return outcomes


def _probability(outcome: dict) -> float:
    exact = outcome.get("probability_exact")
    return float(Fraction(exact)) if exact else float(outcome["probability"])


def hold_test(
    groups: list[Group], observed: float, confidence: float, tails: str = BOTH
) -> HoldTest | None:
    """Test the players' result in units ``observed`` of ``groups`` (None: no wagers).

    ``tails``: ``both`` (two-sided: twice the smaller tail) or ``low`` (only a hold below par's
    band, the players' result above it: that one tail, at the whole level; the band's each
    side then holds ``1 - confidence``)."""
    groups = [g for g in groups if g.wagers > 0]
    if not groups:
        return None
    lattice = Lattice.of(groups)
    if lattice is None:
        test = _normal_test(groups, observed, confidence, tails)
    else:
        test = lattice.test(observed, confidence, tails)
    return _with_par_error(test, groups, tails)


def _with_par_error(test: HoldTest, groups: list[Group], tails: str = BOTH) -> HoldTest:
    """The test widened by the simulated sheets' own error (unchanged when all are exact):
    the groups' errors add up (a sheet's error is the same for all its wagers)."""
    par = sum(g.wagers * g.mean_error for g in groups)
    spread = math.sqrt(sum(g.wagers * g.variance for g in groups))
    if par == 0 or spread == 0:
        return test
    k = math.sqrt(1 + (par / spread) ** 2)
    normal = NormalDist()
    sides = 2 if tails == BOTH else 1
    z = normal.inv_cdf(1 - test.p_value / sides) if test.p_value > 0 else 40.0
    p_value = min(1.0, sides * normal.cdf(-z / k)) if test.p_value < 1 else 1.0
    low = test.mean - (test.mean - test.low) * k
    high = test.mean + (test.high - test.mean) * k
    method = test.method.replace(LOW_ONLY, "") + WITH_PAR_ERROR
    method += LOW_ONLY if tails == LOW else ""
    return HoldTest(test.mean, low, high, p_value, test.confidence, method)


def _normal_test(groups: list[Group], observed: float, confidence: float, tails: str = BOTH):
    mean = sum(g.wagers * g.mean for g in groups)
    sd = math.sqrt(sum(g.wagers * g.variance for g in groups))
    tail = (1 - confidence) / (2 if tails == BOTH else 1)
    z = NormalDist().inv_cdf(1 - tail)
    method = NORMAL + (LOW_ONLY if tails == LOW else "")
    if sd == 0:
        p = 1.0 if observed == mean else 0.0
    elif tails == LOW:
        p = NormalDist().cdf(-(observed - mean) / sd)
    else:
        p = min(1.0, 2 * NormalDist().cdf(-abs(observed - mean) / sd))
    return HoldTest(mean, mean - z * sd, mean + z * sd, p, confidence, method)

__all__ = ["BOTH", "EXACT", "LOW", "LOW_ONLY", "NORMAL", "Group", "HoldTest", "hold_test"]
