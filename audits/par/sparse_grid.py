"""The distribution of a sum of many wagers held as the few frequencies that do not underflow.

:mod:`audits.par.lattice` raises each group's transform to its number of wagers.  Raised to
the power of thousands of wagers, a transform's modulus underflows to exactly 0 everywhere
but near the few frequencies where every group's modulus is close to 1 (near 0, and near
``j / d`` when every pay is a multiple of ``d`` steps): on a day's or a month's grid of 2^18
to 2^22 points, a few hundred to a couple of thousand frequencies survive.  Both other paths
compute every frequency and transform all of them back; here only the survivors are
computed, and the distribution is never laid out: the sums the test reads (the mass at or
below a point, at or above it) are each a sum over the survivors, in closed form (a geometric
series per frequency), and an interval's ends are found by bisection on them (from a
bracket around a guess, :func:`_first`).

Which frequencies survive is found without computing the others.  Every group's modulus is
at most 1 and moves at most ``2 pi M / size`` from one frequency to the next (``M``: the mean
absolute deviation of its steps), so on a cell of frequencies each group's modulus is at most
its value at the cell's centre plus that much movement, and the product's log modulus at most
the sum of the groups' bounds: a cell is dropped only where even that bound underflows.  The
cells left are halved and bounded again, down to the width at which the narrowest group's
bound is within half of how far below 1 its modulus may be; the frequencies of the cells kept
are then computed for every group, and a frequency kept where the product's log modulus is
above :data:`~.large_grid.UNDERFLOW`, as the other paths keep it (to rounding at that line).
Where too many cells or frequencies are left (more than :data:`MOST_SHARE` of the grid's
cells, twice that of its frequencies: few wagers, wide pays), None: the other paths serve.
``tests/audits/par/test_sparse_grid.py`` holds this path to every frequency computed, to the
sequences enumerated and to the in-place path.  Pure: numpy.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from audits.par.large_grid import UNDERFLOW, alike_groups

#: of a grid's frequencies: beyond it the whole grid is computed (a sixteenth: on a month's
#: day checks of Toss One 21, a tenth less time than a 64th, the grids of 2^18 points and more
#: no longer computed whole)
MOST_SHARE = 1 / 16
SLACK = 1.0  # in the log modulus, below UNDERFLOW: a cell's bound errs on keeping it
BLOCK = 1 << 13  # frequencies computed at once


@dataclass(frozen=True)
class Spectrum:
    """The distribution on a grid of ``size`` points (point ``i``: the sum ``start + i``,
    modulo ``size``), normalised, as its transform at the frequencies ``k`` (between 0 and
    ``size / 2``, both left out; every other one 0 but at 0, where it is 1, and at ``size /
    2``, ``halfway``): ``pmf[i] = (1 + 2 Re sum_k v_k w^(k i) + halfway (-1)^i) / size``,
    ``w = exp(2 pi i / size)``."""

    size: int
    k: np.ndarray
    over: np.ndarray  # v_k / (1 - w^k): each frequency's geometric series' factor
    halfway: float  # v at size / 2 (real), 0 when it underflows

    def below(self, m: int) -> float:
        """The mass at points ``0..m``."""
        if m < 0:
            return 0.0
        if m >= self.size - 1:
            return 1.0
        turn = _turn(self.k, m + 1, self.size)  # sum_{i<=m} w^(ki) = (1 - w^(k(m+1))) / (1 - w^k)
        series = 2 * (self.over * (1 - turn)).real.sum()
        return float((m + 1 + series + self.halfway * (m % 2 == 0)) / self.size)

    def above(self, m: int) -> float:
        """The mass at points ``m..size-1``."""
        if m <= 0:
            return 1.0
        if m >= self.size:
            return 0.0
        turn = _turn(self.k, m, self.size)  # sum_{i>=m} w^(ki) = (w^(km) - 1) / (1 - w^k)
        series = 2 * (self.over * (turn - 1)).real.sum()
        return float((self.size - m + series - self.halfway * (m % 2 == 1)) / self.size)

    def first_below_over(self, tail: float, near: tuple[float, float] | None = None) -> int:
        """The first point ``m`` whose mass at or below it exceeds ``tail`` (``size``: none);
        ``near``: a guess of it and a step, in points, to search out from (:func:`_first`)."""
        return _first(lambda m: self.below(m) > tail, self.size, near)

    def first_above_over(self, tail: float, near: tuple[float, float] | None = None) -> int:
        """Counted from the far end: the first ``j`` whose mass at or above ``size - 1 - j``
        exceeds ``tail`` (``size``: none); ``near`` as :meth:`first_below_over`'s, in ``j``."""
        return _first(lambda j: self.above(self.size - 1 - j) > tail, self.size, near)


def sparse_spectrum(groups: list[tuple[tuple[int, ...], tuple[float, ...], int]], size: int,
                    start: int) -> Spectrum | None:  # fmt: skip
    """The groups' summed distribution on a grid of ``size`` points shifted by ``start``, as
    its surviving frequencies; None when too many survive.  ``groups``: each group's
    outcomes as ``(steps, probabilities, wagers)``, steps from 0."""
    outcomes = [(np.asarray(s, np.int64), np.asarray(p, float), n)
                for s, p, n in alike_groups(groups)]  # fmt: skip
    cells = _candidates(outcomes, size)
    if cells is None:
        return None
    k, log_modulus, angle = _powered(outcomes, *cells, size)
    kept = (log_modulus > UNDERFLOW) | (k == 0)
    k, log_modulus, angle = k[kept], log_modulus[kept], angle[kept]
    turned = angle + 2 * np.pi * ((k * start) % size) / size
    values = np.exp(log_modulus - log_modulus[0] + 1j * (turned - turned[0]))
    halfway = values[k == size // 2].real.sum() if size > 1 else 0.0
    inner = (k > 0) & (k < size // 2)
    k = k[inner]
    # 1 - w^k as -2i sin(pi k / size) w^(k/2): exact to rounding however small k / size
    less = -2j * np.sin(np.pi * k / size) * np.exp(1j * np.pi * k / size)
    return Spectrum(size, k, values[inner] / less, float(halfway))


def _candidates(outcomes: list[tuple[np.ndarray, np.ndarray, int]], size: int):
    """The frequencies 0..size/2 where the product may survive, or None when more than
    :data:`MOST_SHARE` of them may: cells of frequencies, each dropped where the groups'
    bounds prove the product underflows in all of it, the others halved, down to cells
    narrow enough for the narrowest group's bound (:func:`_fine_cell`)."""
    half = size // 2
    most = max(1, int(MOST_SHARE * size))
    bounding = [(s, p, n, _moves(s, p, size)) for s, p, n in outcomes if len(s) > 1 and n > 0]
    if not bounding:
        return None
    # from about 64 cells: the fewest bounds computed on a week's day checks (against 16: a
    # quarter fewer calls, a sixth fewer terms); the frequencies kept do not depend on it
    cell = 1 << max(0, (half // 64).bit_length() - 1)
    fine = min(_fine_cell(bounding), cell)
    first = np.arange(0, half + 1, cell, dtype=np.int64)
    while True:
        first = first[_bound(bounding, first, cell, size) >= UNDERFLOW - SLACK]
        if len(first) > most:  # the scan itself would cost what the whole grid does
            return None
        if cell <= fine:
            break
        cell //= 2
        first = np.concatenate([first, first + cell])
    if len(first) * cell > 2 * most:
        return None
    return np.union1d(first, [0]), cell  # sorted; 0 always survives (its modulus is 1)


def _powered(outcomes: list[tuple[np.ndarray, np.ndarray, int]], first: np.ndarray, cell: int,
             size: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:  # fmt: skip
    """The frequencies 0..size/2 of the cells from ``first`` (sorted, 0 among them), and the
    product's log modulus and angle at each: every group's transform raised to its wagers.
    A group's transform at ``k = f + j`` (``f`` a cell's first, ``j`` in it) is
    ``sum_s p_s w^(-fs) w^(-js)``: a product of two tables, one a row per cell, the other a
    row per place in a cell, in place of an exponential per frequency and step (on a
    month's day checks, most of the time they took)."""
    half = size // 2
    offsets = np.arange(cell, dtype=np.int64)
    log_modulus, angle = np.zeros((len(first), cell)), np.zeros((len(first), cell))
    at_once = max(1, BLOCK // cell)  # cells at a time: memory bounded
    for steps, probabilities, n in outcomes:
        within = _turn(offsets[None, :], -steps[:, None], size)  # [step, place in a cell]
        for a in range(0, len(first), at_once):
            starts = _turn(first[a : a + at_once, None], -steps[None, :], size) * probabilities
            z = starts @ within  # [cell, place in it]
            with np.errstate(divide="ignore"):
                log_modulus[a : a + at_once] += n * np.log(np.abs(z))
            angle[a : a + at_once] += n * np.angle(z)
    k = (first[:, None] + offsets[None, :]).ravel()
    inside = k <= half
    return k[inside], log_modulus.ravel()[inside], angle.ravel()[inside]


def _fine_cell(bounding: list[tuple[np.ndarray, np.ndarray, int, float]]) -> int:
    """Cells of this many frequencies: the narrowest group's modulus (most wagers times
    spread) moves within one at most half as far as it may be below 1 where its power
    survives."""
    steps, probabilities, n, moves = max(bounding, key=lambda o: o[2] * _spread(o[0], o[1]))
    room = 1 - math.exp((UNDERFLOW - SLACK) / n)
    return 1 << max(0, int(math.floor(math.log2(max(room / moves, 1.0)))))


def _bound(bounding, first: np.ndarray, cell: int, size: int) -> np.ndarray:
    """Per cell of ``cell`` frequencies from ``first``: the product's log modulus at most,
    anywhere in it (each group's modulus at the cell's centre, plus how far it may move)."""
    middle = (first + (cell - 1) / 2) / size  # each cell's centre, as a share of the grid
    bound = np.zeros(len(first))
    for steps, probabilities, n, moves in bounding:
        z = np.exp(-2j * np.pi * middle[None, :] * steps[:, None])
        modulus = np.abs((probabilities[:, None] * z).sum(axis=0)) + moves * (cell - 1) / 2
        with np.errstate(divide="ignore"):
            bound += n * np.log(np.minimum(modulus, 1.0))
    return bound


def _moves(steps: np.ndarray, probabilities: np.ndarray, size: int) -> float:
    """How much a group's modulus may change from one frequency to the next, at most: ``2
    pi / size`` times the mean absolute deviation of its steps."""
    centre = (probabilities * steps).sum() / probabilities.sum()
    return float(2 * np.pi * (probabilities * np.abs(steps - centre)).sum() / size)


def _spread(steps: np.ndarray, probabilities: np.ndarray) -> float:
    mean = (probabilities * steps).sum()
    return float((probabilities * (steps - mean) ** 2).sum())


def _turn(k: np.ndarray, m, size: int) -> np.ndarray:
    """``exp(2 pi i k m / size)``, the product reduced modulo ``size`` in integers first."""
    return np.exp(2j * np.pi * ((k * m) % size) / size)


def _first(exceeds, size: int, near: tuple[float, float] | None = None) -> int:
    """The least ``m`` in ``0..size-1`` for which ``exceeds(m)`` (monotone), else ``size``;
    halving the grid, or, given ``near`` (a guess of ``m`` and a step), halving the bracket
    found by stepping out from the guess, the step doubled each time: the same ``m``, in
    fewer evaluations when the guess is close (a day check's two ends and p-value took 9
    evaluations in place of 36 from :meth:`.lattice.Lattice._quantile_point`'s guesses), and
    at worst about twice the halvings of the span between the guess and ``m``."""
    low, high = (0, size) if near is None else _bracket(exceeds, size, *near)
    while low < high:  # m is in low..high, exceeds(high) (taken as true at size)
        middle = (low + high) // 2
        if exceeds(middle):
            high = middle
        else:
            low = middle + 1
    return low


def _bracket(exceeds, size: int, guess: float, step: float) -> tuple[int, int]:
    """``(low, high)`` holding the least ``m`` for which ``exceeds(m)`` (monotone, taken as
    true at ``size``): every point below ``low`` does not exceed, ``high`` does."""
    at, step = min(max(round(guess), 0), size - 1), max(1, round(step))
    if exceeds(at):
        high = at
        while high - step >= 0 and exceeds(high - step):
            high, step = high - step, step * 2
        return max(high - step + 1, 0), high
    low = at + 1
    while low - 1 + step < size and not exceeds(low - 1 + step):
        low, step = low + step, step * 2
    return low, min(low - 1 + step, size)
