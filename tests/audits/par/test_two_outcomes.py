"""Wagers won or lost summed as their points (audits/par/two_outcomes.py): the same tests as
every sequence enumerated, and as the grid on a tie wager's day at two stakes; the grid
wherever a sheet has more outcomes or the points would be too many."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from audits.par import lattice as ht
from audits.par import two_outcomes as two
from audits.par.hold_distribution import EXACT, Group, hold_test

from .test_hold_distribution import SIDE, _by_definition, _enumerated, _group

TIE = [(F(95, 100), F(-1)), (F(5, 100), F(10))]  # lost, or won at 10 to 1


def _at_stake(outcomes, stake):
    return [(p, x * stake) for p, x in outcomes]


def test_two_stakes_of_a_won_or_lost_wager_match_enumeration():
    sheets = ((_at_stake(TIE, 2), 6), (_at_stake(TIE, 5), 4))
    dist = _enumerated(*sheets)
    groups = [_group(outcomes, wagers) for outcomes, wagers in sheets]
    lattice = ht.Lattice.of(groups)
    assert isinstance(lattice.spectrum, two.Atoms)
    for observed in [F(-32), F(-12), F(0), F(21), F(40), F(108), F(250)]:
        for confidence in (F(95, 100), F(80, 100)):
            got = hold_test(groups, float(observed), float(confidence))
            low, high, p = _by_definition(dist, observed, confidence)
            assert got.method == EXACT
            assert (got.low, got.high) == (float(low), float(high))
            assert got.p_value == pytest.approx(float(p), rel=1e-12, abs=1e-15)


def test_a_tie_wagers_day_at_two_stakes_is_the_grids(monkeypatch):
    """230 to 1 at 8 and 41 units, a day's wagers: every frequency of its grid of 2^19
    points survives, and the grid is computed whole (in its own memory), to its rounding
    (about 1e-11 on a sum of half a million points; the points are exact to 1e-12, above)."""
    p = 0.003745
    groups = [Group(((1 - p, F(-8)), (p, F(1840))), 3006),
              Group(((1 - p, F(-41)), (p, F(9430))), 1191)]  # fmt: skip
    mean = sum(g.wagers * g.mean for g in groups)
    sd = sum(g.wagers * g.variance for g in groups) ** 0.5
    points = ht.Lattice.of(groups)
    monkeypatch.setattr(ht, "two_outcome_atoms", lambda spread: None)
    grid = ht.Lattice.of(groups)
    assert isinstance(points.spectrum, two.Atoms) and grid.size == 1 << 19
    for z in (-2.5, -1, 0, 0.7, 2, 4):
        for tails in (ht.BOTH, ht.LOW):
            a, b = points.test(mean + z * sd, 0.95, tails), grid.test(mean + z * sd, 0.95, tails)
            assert (a.low, a.high, a.outside) == (b.low, b.high, b.outside)
            assert a.p_value == pytest.approx(b.p_value, rel=1e-8, abs=5e-11)


def test_the_points_answer_from_either_end_as_a_spectrum_does():
    atoms = ht.Lattice.of([_group(_at_stake(TIE, 3), 40), _group(_at_stake(TIE, 7), 25)]).spectrum
    total = 0.0
    for m in range(-1, atoms.size + 1):
        assert atoms.below(m) + atoms.above(m + 1) == pytest.approx(1.0, abs=1e-14)
        assert atoms.below(m) >= total
        total = atoms.below(m)
    for tail in (0.0, 0.025, 0.5, 0.975):
        first = atoms.first_below_over(tail)
        assert atoms.below(first) > tail >= atoms.below(first - 1)
        j = atoms.first_above_over(tail)
        assert atoms.above(atoms.size - 1 - j) > tail >= atoms.above(atoms.size - j)
    assert (atoms.first_below_over(1.0), atoms.first_above_over(1.0)) == (atoms.size,) * 2


def test_more_outcomes_or_too_many_points_leave_it_to_the_grid(monkeypatch):
    assert two.two_outcome_atoms([((0, 1, 26), (0.9, 0.09, 0.01), 10)]) is None
    assert not isinstance(ht.Lattice.of([_group(SIDE, 300)]).spectrum, two.Atoms)
    tie = ((0, 11), (0.95, 0.05), 2000)
    assert two.two_outcome_atoms([tie]) is not None
    monkeypatch.setattr(two, "MOST_ATOMS", 500)
    assert two.two_outcome_atoms([tie, ((0, 13), (0.95, 0.05), 2000)]) is None


def test_a_sure_outcome_or_no_wagers_is_one_point():
    at, mass = two.two_outcome_atoms([((0, 4), (1.0, 0.0), 30), ((0, 3), (0.5, 0.5), 0)])
    assert at.tolist() == [0] and mass.tolist() == [1.0]
