"""Wagers of two outcomes (a side wager won or lost) summed exactly as the few points that
hold the sum's mass, not on a grid.

``n`` wagers of one sheet of two outcomes (pays ``a`` and ``b`` steps) sum to ``W b + (n - W)
a``, ``W`` the number of ``b`` among them: binomial.  Several such groups (the tables of a
sheet at their stake classes) sum to every combination of their ``W``; the distribution is
then those points and their probabilities, each binomial's terms computed from its mode by
the ratio of consecutive terms and normalised, the far terms (below 1e-20 of the mode's)
left out.  A rare large pay at two stakes (the tie bonus game's tie wagers: 230 to 1 at 8
and 41 units) puts its mass on a few thousand points of a grid of 2^18 to 2^19, every
frequency of which survives the power (:mod:`.sparse_grid` declines): 36 to 72 ms each on the
whole grid, here well under one.  Where a group has more outcomes, or the points would be more
than :data:`MOST_ATOMS`, None: the grid serves.  :class:`Atoms` answers the tests as
:class:`~.sparse_grid.Spectrum` does.  Pure: numpy and the standard library."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from audits.par.large_grid import alike_groups

MOST_ATOMS = 1 << 16  # points of the sum at most (each group's terms multiplied)
FAR = 1e-20  # a binomial's terms below this share of its mode's are left out


@dataclass(frozen=True)
class Atoms:
    """The sum's distribution: probability ``mass[i]`` at point ``at[i]`` (sorted, from 0, the
    sum's least), on a grid of ``size`` points (the last holds mass)."""

    size: int
    at: np.ndarray
    mass: np.ndarray
    from_low: np.ndarray  # the running sums of ``mass`` from the first point
    from_high: np.ndarray  # and from the last

    @classmethod
    def of(cls, at: np.ndarray, mass: np.ndarray) -> Atoms:
        return cls(int(at[-1]) + 1, at, mass, np.cumsum(mass), np.cumsum(mass[::-1]))

    def below(self, m: int) -> float:
        """The mass at points ``0..m``."""
        i = int(np.searchsorted(self.at, m, "right"))
        return float(self.from_low[i - 1]) if i else 0.0

    def above(self, m: int) -> float:
        """The mass at points ``m..size-1``."""
        left = len(self.at) - int(np.searchsorted(self.at, m, "left"))
        return float(self.from_high[left - 1]) if left else 0.0

    def first_below_over(self, tail: float, near=None) -> int:
        """The first point whose mass at or below it exceeds ``tail`` (``size``: none);
        ``near`` is not needed (as :meth:`.sparse_grid.Spectrum.first_below_over`'s)."""
        i = int(np.searchsorted(self.from_low, tail, "right"))
        return int(self.at[i]) if i < len(self.at) else self.size

    def first_above_over(self, tail: float, near=None) -> int:
        """Counted from the far end: the first ``j`` whose mass at or above ``size - 1 - j``
        exceeds ``tail`` (``size``: none)."""
        i = int(np.searchsorted(self.from_high, tail, "right"))
        return self.size - 1 - int(self.at[len(self.at) - 1 - i]) if i < len(self.at) else self.size


def two_outcome_atoms(groups: list[tuple[tuple[int, ...], tuple[float, ...], int]]):
    """``(points, probabilities)`` of the groups' sum, points sorted, in steps (as every
    group's steps, from its least), probabilities summing to 1; None when a group has more
    than two outcomes or the points would be too many."""
    at, mass = np.zeros(1, np.int64), np.ones(1)
    for steps, probabilities, n in alike_groups(groups):
        if len(steps) > 2:
            return None
        its_at, its_mass = _binomial(steps, probabilities, n)
        if len(at) * len(its_at) > MOST_ATOMS:
            return None
        at = (at[:, None] + its_at[None, :]).ravel()
        mass = (mass[:, None] * its_mass[None, :]).ravel()
    points, where = np.unique(at, return_inverse=True)
    summed = np.bincount(where.ravel(), mass)
    return points, summed / summed.sum()


def _binomial(steps: tuple[int, ...], probabilities: tuple[float, ...], n: int):
    """The points ``n`` wagers of one sheet of at most two outcomes sum to, and their
    probabilities (not normalised)."""
    if len(steps) == 1 or n == 0 or 0.0 in probabilities:
        sure = steps[int(np.argmax(probabilities))]
        return np.array([n * sure], np.int64), np.ones(1)
    (a, b), (pa, pb) = steps, probabilities
    odds = pb / pa
    mode = min(n, int((n + 1) * pb / (pa + pb)))
    up, w, term = [], mode, 1.0
    while w < n and term >= FAR:
        term *= (n - w) / (w + 1) * odds
        w += 1
        up.append(term)
    down, w, term = [], mode, 1.0
    while w > 0 and term >= FAR:
        term *= w / (n - w + 1) / odds
        w -= 1
        down.append(term)
    wins = np.arange(mode - len(down), mode + len(up) + 1, dtype=np.int64)
    mass = np.array([*down[::-1], 1.0, *up])
    return wins * b + (n - wins) * a, mass
