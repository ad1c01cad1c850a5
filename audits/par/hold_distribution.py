"""How far an observed hold is from a par sheet's: the distribution of ``n`` wagers' results.

A par sheet gives every outcome of one unit wager with its probability and net pay.  The
players' result over ``n`` wagers is the sum of ``n`` independent such results, whose
distribution is the ``n``-fold convolution of the sheet's.  Pays are multiples of a common
step (half a unit for 3 to 2), so the sum lives on a lattice and its distribution is computed
exactly, up to floating-point rounding, by raising the sheet's discrete Fourier transform to
the ``n``-th power (several groups of wagers, each with its own sheet, multiply theirs): in
polar form, ``n`` times each log of a modulus and each angle, summed over the groups.

The transform is circular: a grid shorter than the whole range folds the far tails onto it.
The grid is therefore centred on the mean and made wide enough that Bernstein's inequality
bounds the folded probability below :data:`FOLD_BOUND`; when even :data:`MAX_GRID` points
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
from collections import OrderedDict
from dataclasses import dataclass
from fractions import Fraction
from statistics import NormalDist

import numpy as np

from audits.par.large_grid import pmf_in_place

MAX_GRID = 1 << 22
#: from this many points on, a grid's distribution is computed in its own memory
#: (:mod:`audits.par.large_grid`): numpy's transforms hold about four times it, and what
#: they free stays in the process's heap (glibc's malloc), where the month test's largest
#: grid then comes on top of it; below it (2 MB of floats), numpy's and the spectra kept
LARGE_GRID = 1 << 18
SUM_BLOCK = 1 << 16  # points of a cumulative sum held at once
FOLD_BOUND = 1e-13
EXACT = "exact"
NORMAL = "normal"
WITH_PAR_ERROR = "+par_error"  # the method names the widening (short: kept in a record)
BOTH, LOW = "both", "low"  # which holds are flagged: both sides of the band, or a low hold only
LOW_ONLY = "+low_only"  # the method names a one-sided test
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


@dataclass(frozen=True)
class Lattice:
    """The distribution of the groups' summed result: ``pmf[i]`` is the probability that it
    is ``(origin + i) * step`` units."""

    step: Fraction
    origin: int
    pmf: np.ndarray
    mean: float

    @classmethod
    def of(cls, groups: list[Group]) -> Lattice | None:
        step = _common_step(groups)
        at = [[int(x / step) for _, x in g.outcomes] for g in groups]  # pays in steps
        lowest = [min(a) for a in at]
        spans = [max(a) - low for a, low in zip(at, lowest, strict=True)]
        full = sum(g.wagers * s for g, s in zip(groups, spans, strict=True)) + 1
        shift = sum(g.wagers * low for g, low in zip(groups, lowest, strict=True))
        mean = sum(g.wagers * g.mean for g in groups) / float(step)  # in steps
        size = _grid_size(groups, step, max(spans), full)
        if size is None:
            return None
        start = 0 if size >= full else max(0, round(mean - shift) - size // 2)
        spread = [(tuple(s - low for s in steps), tuple(p for p, _ in g.outcomes), g.wagers)
                  for g, steps, low in zip(groups, at, lowest, strict=True)]  # fmt: skip
        if size >= LARGE_GRID:  # index i is the sum shift + start + i
            pmf = pmf_in_place(spread, size, start % size)
        else:
            pmf = _pmf(spread, size)
            _rotate(pmf, start % size)
        np.clip(pmf, 0.0, None, out=pmf)
        pmf /= pmf.sum()
        return cls(step, shift + start, pmf, mean * float(step))

    def test(self, observed: float, confidence: float, tails: str = BOTH) -> HoldTest:
        tail = (1 - confidence) / (2 if tails == BOTH else 1)
        x = observed / float(self.step) - self.origin  # in steps from the grid's start
        if abs(x - round(x)) < 1e-9:
            x = float(round(x))  # on the lattice: its own point counts in both tails
        n = len(self.pmf)
        at_i = math.ceil(x)
        # P(sum <= i) from the start and P(sum >= i) from the far end (exact there too),
        # each summed a block at a time as one cumulative sum
        low, below_p = _running_sum(self.pmf, tail, min(math.floor(x), n - 1))
        if x < 0:
            below_p = 0.0
        past, above_p = _running_sum(self.pmf[::-1], tail, n - 1 - at_i)
        high = n - 1 - past
        if not 0 <= at_i < n:
            above_p = 1.0 if at_i < 0 else 0.0
        p = min(1.0, 2 * min(below_p, above_p)) if tails == BOTH else min(1.0, above_p)
        unit = float(self.step)
        method = EXACT + (LOW_ONLY if tails == LOW else "")
        return HoldTest(
            self.mean, (self.origin + low) * unit, (self.origin + high) * unit, p, confidence,
            method,
        )  # fmt: skip


#: the most bytes of spectra :func:`_log_spectrum` keeps between tests, the latest used (8
#: bytes a grid point; those of the largest grids are made again each time)
SPECTRA_KEPT = 8 << 20
_SPECTRA: OrderedDict[tuple, tuple[np.ndarray, np.ndarray]] = OrderedDict()


def _pmf(groups: list[tuple[tuple[int, ...], tuple[float, ...], int]], size: int):
    """The sum's distribution on a grid of ``size`` (point ``i``: the sum ``i`` modulo
    ``size``), not normalised: numpy's transforms, each array worked on in place and freed
    once used.  ``groups``: each group's outcomes as ``(steps, probabilities, wagers)``."""
    log_modulus, angle = np.zeros(size // 2 + 1), np.zeros(size // 2 + 1)
    for steps, probabilities, wagers in groups:
        its_log_modulus, its_angle = _log_spectrum(steps, probabilities, size)
        log_modulus += wagers * its_log_modulus  # the product of the n-th powers
        angle += wagers * its_angle
        del its_log_modulus, its_angle  # not kept when a large grid's
    spectrum = _polar(log_modulus, angle)
    del log_modulus, angle
    return np.fft.irfft(spectrum, size)


def _running_sum(values: np.ndarray, tail: float, at: int) -> tuple[int, float]:
    """Of ``np.cumsum(values)``, to the bit: the first index where it exceeds ``tail``
    (``len(values)`` if none) and its value at ``at`` (0.0 when ``at`` is not an index);
    summed a block at a time (each block's sum carried into the next), not held whole."""
    first, found, carry = len(values), 0.0, None
    for a in range(0, len(values), SUM_BLOCK):
        part = values[a : a + SUM_BLOCK]
        if carry is None:
            sums = np.cumsum(part)
        else:  # the carried sum first: each sum one addition after the one before
            sums = np.cumsum(np.concatenate(([carry], part)))[1:]
        if first == len(values) and sums[-1] > tail:
            first = a + int(np.searchsorted(sums, tail, side="right"))
        if a <= at < a + len(part):
            found = float(sums[at - a])
        carry = sums[-1]
    return first, found


def _log_spectrum(steps: tuple[int, ...], probabilities: tuple[float, ...], size: int):
    """The transform of one wager's distribution on a grid of ``size`` (``probabilities`` at
    ``steps``) in polar form: the log of each modulus (-inf where 0) and each angle.  Kept
    (:func:`_keep_spectrum`): the same sheet's wagers are tested day after day, on a few grid
    sizes; raising to the ``n``-th power is then a product (:func:`_polar` of the sums of
    ``n`` times these)."""
    key = (steps, probabilities, size)
    known = _SPECTRA.get(key)
    if known is not None:
        _SPECTRA.move_to_end(key)
        return known
    one = np.zeros(max(steps) + 1)
    np.add.at(one, np.array(steps), probabilities)
    z = np.fft.rfft(one, size)  # ``one`` padded with zeros to the grid: the same transform
    angle = np.angle(z)
    log_modulus = np.abs(z)
    del z
    with np.errstate(divide="ignore"):
        np.log(log_modulus, out=log_modulus)
    log_modulus.setflags(write=False)
    angle.setflags(write=False)
    _keep_spectrum(key, (log_modulus, angle))
    return log_modulus, angle


def _keep_spectrum(key: tuple, spectrum: tuple[np.ndarray, np.ndarray]) -> None:
    """Keep ``spectrum``, the least recently used dropped beyond :data:`SPECTRA_KEPT` bytes:
    a count of entries would not bound them (a log's stakes make new classes, each with its
    own spectra, up to 32 MB each; 256 of them kept grew a worker by hundreds of MB)."""
    if _nbytes(spectrum) > SPECTRA_KEPT:
        return
    _SPECTRA[key] = spectrum
    kept = sum(map(_nbytes, _SPECTRA.values()))
    while kept > SPECTRA_KEPT:
        kept -= _nbytes(_SPECTRA.popitem(last=False)[1])


def _nbytes(arrays: tuple[np.ndarray, ...]) -> int:
    return sum(a.nbytes for a in arrays)


def _polar(log_modulus: np.ndarray, angle: np.ndarray) -> np.ndarray:
    """The complex numbers of these logs of moduli and angles (0 where the log is -inf);
    ``log_modulus`` is overwritten (with the moduli)."""
    modulus = np.exp(log_modulus, out=log_modulus)
    spectrum = np.empty(len(modulus), complex)
    np.multiply(modulus, np.cos(angle), out=spectrum.real)
    np.multiply(modulus, np.sin(angle), out=spectrum.imag)
    return spectrum


def _rotate(a: np.ndarray, k: int) -> None:
    """``a`` rotated left by ``k`` in place (``np.roll(a, -k)`` without a second array: the
    shorter part is copied aside)."""
    n = len(a)
    if not 0 < k < n:
        return
    if k <= n - k:
        head = a[:k].copy()
        a[: n - k] = a[k:]
        a[n - k :] = head
    else:
        tail = a[k:].copy()
        a[n - k :] = a[:k]
        a[: n - k] = tail


def _common_step(groups: list[Group]) -> Fraction:
    denominator = 1
    for group in groups:
        for _, x in group.outcomes:
            denominator = math.lcm(denominator, x.denominator)
    numerators = [int(x * denominator) for g in groups for _, x in g.outcomes]
    return Fraction(math.gcd(*numerators) or 1, denominator)


def _grid_size(groups: list[Group], step: Fraction, span: int, full: int) -> int | None:
    """A power of two covering the whole range, or, when smaller, enough of it around the
    mean that the probability folded in from beyond is below :data:`FOLD_BOUND`
    (Bernstein); None when :data:`MAX_GRID` is not enough."""
    whole = 1 << max(full - 1, 1).bit_length()
    variance = sum(g.wagers * g.variance for g in groups) / float(step) ** 2
    log_bound = math.log(2 / FOLD_BOUND)  # P(|S - mean| >= t) <= 2 exp(-t²/2 / (V + span·t/3))
    b = 2 * log_bound * span / 3
    reach = (b + math.sqrt(b * b + 8 * log_bound * variance)) / 2
    size = min(whole, 1 << (int(2 * reach + span + 2)).bit_length())
    return size if size <= MAX_GRID else None
