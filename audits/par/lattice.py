"""The exact distribution of a sum of wagers' results on their common lattice, by raising
each wager's discrete Fourier transform to its number of wagers (:mod:`.hold_distribution`
says why and when), and where an observed result falls in it."""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from statistics import NormalDist
from typing import Protocol

import numpy as np

from audits.par.grid_window import reach
from audits.par.large_grid import alike_groups, pmf_in_place
from audits.par.small_grid import rotate, running_sum, whole_pmf
from audits.par.sparse_grid import Spectrum, sparse_spectrum
from audits.par.two_outcomes import Atoms, two_outcome_atoms


class Group(Protocol):
    """What a lattice reads of wagers of one par sheet (:class:`.hold_distribution.Group`)."""

    outcomes: tuple[tuple[float, Fraction], ...]  # (probability, net pay per unit)
    wagers: int

    @property
    def mean(self) -> float: ...

    @property
    def variance(self) -> float: ...

MAX_GRID = 1 << 22
#: from this many points on, a grid's distribution is computed in its own memory
#: (:mod:`audits.par.large_grid`): numpy's transforms hold about four times it, and what
#: they free stays in the process's heap (glibc's malloc), where the month test's largest
#: grid then comes on top of it; below it (2 MB of floats), numpy's and the spectra kept
LARGE_GRID = 1 << 18
#: from this many points on, a grid is first tried as its surviving frequencies alone
#: (:mod:`audits.par.sparse_grid`): a day's or a month's many wagers leave a few hundred
SPARSE_GRID = 1 << 16
FOLD_BOUND = 1e-13
EXACT = "exact"
BOTH, LOW = "both", "low"  # which holds are flagged: both sides of the band, or a low hold only
LOW_ONLY = "+low_only"  # the method names a one-sided test


@dataclass(frozen=True)
class HoldTest:
    """Where the players' result in units, ``observed``, falls among results of the same
    wagers under the par sheets: its interval (in units) and two-sided probability."""

    mean: float  # the expected result in units (negative: the house's edge)
    low: float  # the interval holding ``confidence`` of results
    high: float
    p_value: float
    confidence: float
    method: str

    @property
    def outside(self) -> bool:
        return self.p_value <= 1 - self.confidence


@dataclass(frozen=True)
class Lattice:
    """The distribution of the groups' summed result: ``pmf[i]`` is the probability that it
    is ``(origin + i) * step`` units; on a large grid, its surviving frequencies
    (``spectrum``) stand for ``pmf`` (None then)."""

    step: Fraction
    origin: int
    pmf: np.ndarray | None
    mean: float
    spectrum: Spectrum | Atoms | None = None
    sd: float = 0.0  # the sum's standard deviation, in steps: where a tail's end is sought
    skew: float = 0.0  # and its skewness

    @classmethod
    def of(cls, groups: list[Group]) -> Lattice | None:
        step = _common_step(groups)
        at = [[int(x / step) for _, x in g.outcomes] for g in groups]  # pays in steps
        lowest = [min(a) for a in at]
        spans = [max(a) - low for a, low in zip(at, lowest, strict=True)]
        full = sum(g.wagers * s for g, s in zip(groups, spans, strict=True)) + 1
        shift = sum(g.wagers * low for g, low in zip(groups, lowest, strict=True))
        mean = sum(g.wagers * g.mean for g in groups) / float(step)  # in steps
        spread = [(tuple(s - low for s in steps), tuple(p for p, _ in g.outcomes), g.wagers)
                  for g, steps, low in zip(groups, at, lowest, strict=True)]  # fmt: skip
        atoms = two_outcome_atoms(spread)  # a sum of wagers won or lost: its points alone
        if atoms is not None:
            at, mass = atoms
            first = int(at[0])  # the least point holding mass: the lattice's origin
            return cls(step, shift + first, None, mean * float(step), Atoms.of(at - first, mass))
        grid = _grid(spread, full, mean - shift)
        if grid is None:
            return None
        size, start = grid
        spectrum = sparse_spectrum(spread, size, start % size) if size >= SPARSE_GRID else None
        if spectrum is not None:
            sd, skew = _spread_of(groups)
            return cls(step, shift + start, None, mean * float(step), spectrum,
                       sd / float(step), skew)  # fmt: skip
        if size >= LARGE_GRID:  # index i is the sum shift + start + i
            pmf = pmf_in_place(spread, size, start % size)
        else:
            pmf = whole_pmf(spread, size)
            rotate(pmf, start % size)
        np.clip(pmf, 0.0, None, out=pmf)
        pmf /= pmf.sum()
        return cls(step, shift + start, pmf, mean * float(step))

    def test(self, observed: float, confidence: float, tails: str = BOTH) -> HoldTest:
        tail = (1 - confidence) / (2 if tails == BOTH else 1)
        x = observed / float(self.step) - self.origin  # in steps from the grid's start
        if abs(x - round(x)) < 1e-9:
            x = float(round(x))  # on the lattice: its own point counts in both tails
        n = self.size
        at_i = math.ceil(x)
        # P(sum <= i) from the start and P(sum >= i) from the far end (exact there too)
        low, below_p = self._from_low(tail, min(math.floor(x), n - 1))
        if x < 0:
            below_p = 0.0
        past, above_p = self._from_high(tail, n - 1 - at_i)
        high = n - 1 - past
        if not 0 <= at_i < n:
            above_p = 1.0 if at_i < 0 else 0.0
        p = min(1.0, 2 * min(below_p, above_p)) if tails == BOTH else min(1.0, above_p)
        p = max(0.0, p)  # a sum of frequencies can come out a rounding below 0
        unit = float(self.step)
        method = EXACT + (LOW_ONLY if tails == LOW else "")
        return HoldTest(
            self.mean, (self.origin + low) * unit, (self.origin + high) * unit, p, confidence,
            method,
        )  # fmt: skip

    @property
    def size(self) -> int:
        return self.spectrum.size if self.spectrum is not None else len(self.pmf)

    def _from_low(self, tail: float, at: int) -> tuple[int, float]:
        """The first point where the mass from the start exceeds ``tail`` and the mass up to
        point ``at`` (0.0 when ``at`` is not a point), as :func:`.small_grid.running_sum`."""
        if self.spectrum is None:  # summed a block at a time as one cumulative sum
            return running_sum(self.pmf, tail, at)
        s = self.spectrum
        near = self._near(self._quantile_point(NormalDist().inv_cdf(tail)))
        return s.first_below_over(tail, near), (s.below(at) if 0 <= at < s.size else 0.0)

    def _from_high(self, tail: float, at: int) -> tuple[int, float]:
        """:meth:`_from_low` counted from the far end."""
        if self.spectrum is None:
            return running_sum(self.pmf[::-1], tail, at)
        s = self.spectrum
        end = self._quantile_point(-NormalDist().inv_cdf(tail))  # the upper tail's
        above = s.above(s.size - 1 - at) if 0 <= at < s.size else 0.0
        return s.first_above_over(tail, self._near(s.size - 1 - end)), above

    def _quantile_point(self, z: float) -> float:
        """The point of the sum's quantile at the normal score ``z``, by Cornish and
        Fisher's expansion to its skewness."""
        mean = self.mean / float(self.step) - self.origin
        return mean + (z + (z * z - 1) * self.skew / 6) * self.sd

    def _near(self, guess: float) -> tuple[float, float] | None:
        """Where a spectrum's search for a tail's end starts (:meth:`_quantile_point`) and
        its first step (1/2048 of a standard deviation: on a week's day checks of Toss One
        21 the expansion's point was within 0.0007 of one of the end found): only how soon
        the end is found depends on them, never the end found (:func:`.sparse_grid._first`)."""
        if not (self.sd > 0 and math.isfinite(guess)):
            return None
        return guess, self.sd / 2048


def _spread_of(groups: list[Group]) -> tuple[float, float]:
    """The sum's standard deviation (in units) and skewness."""
    second = third = 0.0
    for g in groups:
        outcomes = [(p, float(x)) for p, x in g.outcomes]
        mean = sum(p * x for p, x in outcomes)
        second += g.wagers * sum(p * (x - mean) ** 2 for p, x in outcomes)
        third += g.wagers * sum(p * (x - mean) ** 3 for p, x in outcomes)
    return math.sqrt(second), (third / second**1.5 if second > 0 else 0.0)


def _common_step(groups: list[Group]) -> Fraction:
    denominator = 1
    for group in groups:
        for _, x in group.outcomes:
            denominator = math.lcm(denominator, x.denominator)
    numerators = [int(x * denominator) for g in groups for _, x in g.outcomes]
    return Fraction(math.gcd(*numerators) or 1, denominator)


def _grid(spread: list[tuple[tuple[int, ...], tuple[float, ...], int]], full: int,
          mean: float) -> tuple[int, int] | None:  # fmt: skip
    """The grid's size (a power of two) and its first point, in steps from the sum's least:
    the whole range when that is smaller, else the window holding all but
    :data:`FOLD_BOUND` of the sum (:mod:`.grid_window`), with its slack on both sides; None
    when :data:`MAX_GRID` is not enough.  ``spread``: each group's outcomes in steps from its
    least, as :meth:`Lattice.of` hands them on; ``mean``: the sum's, from its least."""
    below, above = reach([(np.asarray(s, float), _normalised(p), n)
                          for s, p, n in alike_groups(spread)], FOLD_BOUND / 2)  # fmt: skip
    first = max(0, math.floor(mean - below))
    last = min(full - 1, math.ceil(mean + above))
    span = max(max(steps) for steps, _, _ in spread)
    wide = last - first + 1
    size = 1 << max(min(wide + span + 2, full) - 1, 1).bit_length()
    if size > MAX_GRID:
        return None
    return size, (0 if size >= full else max(0, first - (size - wide) // 2))


def _normalised(probabilities: tuple[float, ...]) -> np.ndarray:
    p = np.asarray(probabilities, float)
    return p / p.sum()
