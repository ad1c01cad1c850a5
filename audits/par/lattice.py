"""The exact distribution of a sum of wagers' results on their common lattice, by raising
each wager's discrete Fourier transform to its number of wagers (:mod:`.hold_distribution`
says why and when), and where an observed result falls in it."""

from __future__ import annotations

import math
from collections import OrderedDict
from dataclasses import dataclass
from fractions import Fraction
from typing import Protocol

import numpy as np

from audits.par.grid_window import reach
from audits.par.large_grid import UNDERFLOW, alike_groups, pmf_in_place
from audits.par.sparse_grid import Spectrum, sparse_spectrum


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
SUM_BLOCK = 1 << 16  # points of a cumulative sum held at once
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
    spectrum: Spectrum | None = None

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
        grid = _grid(spread, full, mean - shift)
        if grid is None:
            return None
        size, start = grid
        spectrum = sparse_spectrum(spread, size, start % size) if size >= SPARSE_GRID else None
        if spectrum is not None:
            return cls(step, shift + start, None, mean * float(step), spectrum)
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
        point ``at`` (0.0 when ``at`` is not a point), as :func:`_running_sum`."""
        if self.spectrum is None:  # summed a block at a time as one cumulative sum
            return _running_sum(self.pmf, tail, at)
        s = self.spectrum
        return s.first_below_over(tail), (s.below(at) if 0 <= at < s.size else 0.0)

    def _from_high(self, tail: float, at: int) -> tuple[int, float]:
        """:meth:`_from_low` counted from the far end."""
        if self.spectrum is None:
            return _running_sum(self.pmf[::-1], tail, at)
        s = self.spectrum
        return s.first_above_over(tail), (s.above(s.size - 1 - at) if 0 <= at < s.size else 0.0)


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
    summed a block at a time (each block's sum carried into the next), not held whole, and
    no further than both are known."""
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
        if first < len(values) and (at < a + len(part) or at >= len(values)):
            break  # both known: the rest of the sum would change neither
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
    ``log_modulus`` may be overwritten.  Only the points whose modulus is not 0 are computed:
    raised to the power of many wagers, most of a spectrum underflows, and its cosines and
    sines would be multiplied by 0 (the same numbers, to the bit)."""
    spectrum = np.zeros(len(log_modulus), complex)
    kept = np.flatnonzero(log_modulus > UNDERFLOW)
    if len(kept) == len(log_modulus):
        modulus = np.exp(log_modulus, out=log_modulus)
        np.multiply(modulus, np.cos(angle), out=spectrum.real)
        np.multiply(modulus, np.sin(angle), out=spectrum.imag)
        return spectrum
    modulus, angle = np.exp(log_modulus[kept]), angle[kept]
    spectrum.real[kept] = modulus * np.cos(angle)
    spectrum.imag[kept] = modulus * np.sin(angle)
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
