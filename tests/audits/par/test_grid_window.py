"""The window a grid needs (:mod:`audits.par.grid_window`): the sum's mass beyond each reach
at most the bound asked, on distributions convolved directly here, and, for a side wager's
lopsided results, a window and a grid much narrower than Bernstein's bound alone gives."""

from __future__ import annotations

import math
from fractions import Fraction as F

import numpy as np
import pytest

from audits.par import grid_window
from audits.par import lattice as ht
from audits.par.stake_classes import money_groups

from .test_hold_distribution import BLACKJACK, SIDE, _group


def _in_steps(outcomes, times: int = 1):
    """A sheet's outcomes in steps of half a unit, from 0, at a stake of ``times`` units."""
    steps = [int(2 * x * times) for _, x in outcomes]
    low = min(steps)
    return np.array([s - low for s in steps], float), np.array([float(p) for p, _ in outcomes])


def _convolved(groups) -> np.ndarray:
    """The summed distribution, each wager's convolved in one at a time: sums of positive
    terms only, so each tail is exact to rounding, however small."""
    total = np.ones(1)
    for steps, probabilities, wagers in groups:
        one = np.zeros(int(steps.max()) + 1)
        np.add.at(one, steps.astype(int), probabilities)
        for _ in range(wagers):
            total = np.convolve(total, one)
    return total


CASES = {
    "side wager": [(*_in_steps(SIDE), 300)],
    "blackjack": [(*_in_steps(BLACKJACK), 200)],
    "two stakes, two sheets": [(*_in_steps(SIDE, 3), 120), (*_in_steps(BLACKJACK), 150)],
}


@pytest.mark.parametrize("case", CASES)
@pytest.mark.parametrize("bound", [1e-3, 1e-7, 1e-12])
def test_beyond_each_reach_lies_at_most_the_bound(case, bound):
    groups = CASES[case]
    pmf = _convolved(groups)
    points = np.arange(len(pmf))
    mean = float((points * pmf).sum())
    below, above = grid_window.reach(groups, bound)
    assert pmf[points < mean - below].sum() <= bound
    assert pmf[points > mean + above].sum() <= bound
    # and not vacuous: the reach leaves out some of the sum's range on its long side
    assert mean + above < len(pmf) - 1


def test_a_side_wagers_short_side_is_reached_far_sooner_than_bernstein_says():
    groups = CASES["side wager"]
    steps, probabilities, wagers = groups[0]
    centred = steps - (probabilities * steps).sum()
    variance = wagers * float((probabilities * centred**2).sum())
    bernstein = grid_window._bernstein(variance, float(steps.max()), math.log(1 / 1e-13))
    below, above = grid_window.reach(groups, 1e-13)
    assert below < bernstein / 3  # a wager loses one stake at most
    assert above <= bernstein


# a side wager with a rarer, larger pay: 250 to 1 (a three-card straight flush, say)
LONG_SHOT = [(F(89, 100), F(-1)), (F(9, 100), F(3)), (F(18, 1000), F(25)), (F(2, 1000), F(250))]


def test_a_days_side_wager_at_two_stakes_takes_half_of_bernsteins_grid_or_less():
    """A table's day of a long-shot side wager, its stakes as two classes (as a month's
    gaming days of the bench's logs make them): Bernstein's window alone needs 2^19 points."""
    groups = money_groups([(_group(LONG_SHOT, 1), [(5.0, 1_450), (18.0, 1_490)])])[0]
    lattice = ht.Lattice.of(groups)
    step = ht._common_step(groups)
    at = [[int(x / step) for _, x in g.outcomes] for g in groups]
    span = max(max(a) - min(a) for a in at)
    variance = sum(g.wagers * g.variance for g in groups) / float(step) ** 2
    bernstein = grid_window._bernstein(variance, span, math.log(2 / ht.FOLD_BOUND))
    assert lattice is not None
    assert lattice.size * 2 <= 1 << int(2 * bernstein + span + 2).bit_length() == 1 << 19
