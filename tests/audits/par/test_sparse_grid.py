"""The surviving frequencies' path (:mod:`audits.par.sparse_grid`): the same frequencies as
every frequency computed, the same tests as the sequences enumerated and as the in-place
path on a day's and a month's wagers at unequal stakes, and the whole grid where too many
survive."""

from __future__ import annotations

from fractions import Fraction as F

import numpy as np
import pytest

from audits.par import lattice as ht
from audits.par import sparse_grid as sg
from audits.par.hold_distribution import Group, hold_test
from audits.par.large_grid import UNDERFLOW
from audits.par.stake_classes import money_groups

from .test_hold_distribution import BLACKJACK, SIDE, _by_definition, _enumerated, _group

# each: a sheet per table, its stakes as two classes (stake, wagers), as a day's or a
# month's ledger lines make them (audits.par.hold.Part.classes)
DAY = [(BLACKJACK, [(8.0, 21_000), (13.0, 21_600)])]
MONTH = [(BLACKJACK, [(5.0, 148_000), (12.0, 151_000)])]
TABLES = [(BLACKJACK, [(5.0, 48_000), (12.0, 51_000)]), (SIDE, [(5.0, 9_000), (9.0, 9_100)])]
SIDE_ONLY = [(SIDE, [(5.0, 30_000), (17.0, 30_100)])]
EVEN = [(BLACKJACK, [(10.0, 40_000), (20.0, 40_000)])]  # every pay a multiple of 2 steps too
SHARED = [(SIDE, [(4.0, 60_000), (6.0, 60_000)])]  # pays 2 steps apart: a peak at size / 2


def _groups(parts):
    return money_groups([(_group(sheet, 1), classes) for sheet, classes in parts])[0]


def _spread(groups):
    """The groups' outcomes in steps of their common lattice, as the lattice hands them on."""
    step = ht._common_step(groups)
    at = [[int(x / step) for _, x in g.outcomes] for g in groups]
    return [(tuple(s - min(a) for s in a), tuple(p for p, _ in g.outcomes), g.wagers)
            for g, a in zip(groups, at, strict=True)]  # fmt: skip


def _every_frequency(spread, size):
    """The product's log modulus at every frequency 0..size/2, each group's transform in
    full (numpy's)."""
    total = np.zeros(size // 2 + 1)
    for steps, probabilities, n in spread:
        one = np.zeros(max(steps) + 1)
        np.add.at(one, np.array(steps), probabilities)
        with np.errstate(divide="ignore"):
            total += n * np.log(np.abs(np.fft.rfft(one, size)))
    return total


@pytest.mark.parametrize("parts", [DAY, MONTH, TABLES, SIDE_ONLY, EVEN, SHARED])
@pytest.mark.parametrize("size", [1 << 18, 1 << 20])
def test_the_frequencies_kept_are_every_one_that_survives(parts, size):
    spread = _spread(_groups(parts))
    every = _every_frequency(spread, size)
    spectrum = sg.sparse_spectrum(spread, size, 0)
    assert spectrum is not None
    surviving = np.flatnonzero(every > UNDERFLOW)
    surviving = surviving[(surviving > 0) & (surviving < size // 2)]
    # the same set, but where a log modulus is within rounding of the line
    near = np.abs(every - UNDERFLOW) < 1e-6
    assert set(spectrum.k.tolist()) ^ set(surviving.tolist()) <= set(np.flatnonzero(near))
    assert 0 < len(spectrum.k) <= sg.MOST_SHARE * size


@pytest.mark.parametrize("sheets", [((BLACKJACK, 4), (SIDE, 3)), ((SIDE, 4),), ((BLACKJACK, 5),)])
def test_forced_on_a_few_wagers_it_matches_enumeration(monkeypatch, sheets):
    monkeypatch.setattr(ht, "SPARSE_GRID", 2)
    monkeypatch.setattr(sg, "MOST_SHARE", 1.0)
    dist = _enumerated(*sheets)
    groups = [_group(outcomes, wagers) for outcomes, wagers in sheets]
    assert ht.Lattice.of(groups).spectrum is not None
    for observed in [F(-7), F(-3), F(0), F(5, 2), F(23), F(52)]:
        for tails in (ht.BOTH, ht.LOW):
            got = hold_test(groups, float(observed), 0.95, tails)
            low, high, p = _by_definition(dist, observed, F(95, 100))
            if tails == ht.BOTH:
                assert (got.low, got.high) == (float(low), float(high))
                assert got.p_value == pytest.approx(float(p), rel=1e-9, abs=1e-14)
            else:
                points = sorted(dist)
                above = sum((dist[t] for t in points if t >= observed), F(0))
                assert got.p_value == pytest.approx(float(above), rel=1e-9, abs=1e-14)


@pytest.mark.parametrize("parts", [DAY, MONTH, TABLES, SIDE_ONLY, SHARED])
def test_a_days_and_a_months_tests_are_the_in_place_paths(monkeypatch, parts):
    """Intervals to the point and p-values to the powers' own rounding (raised to 10^5
    wagers, each frequency's value is known to about 1e-11: a far tail's sum to that)."""
    groups = _groups(parts)
    mean = sum(g.wagers * g.mean for g in groups)
    sd = sum(g.wagers * g.variance for g in groups) ** 0.5
    sparse = ht.Lattice.of(groups)
    monkeypatch.setattr(ht, "SPARSE_GRID", 1 << 40)
    monkeypatch.setattr(ht, "LARGE_GRID", 2)
    in_place = ht.Lattice.of(groups)
    assert sparse.spectrum is not None and in_place.spectrum is None
    assert (sparse.origin, sparse.size) == (in_place.origin, len(in_place.pmf))
    for z in (-9, -6, -3, -1.96, -0.5, 0, 1.5, 2.5, 6, 9):
        for tails in (ht.BOTH, ht.LOW):
            a = sparse.test(mean + z * sd, 0.95, tails)
            b = in_place.test(mean + z * sd, 0.95, tails)
            assert (a.low, a.high) == (b.low, b.high)
            assert a.p_value == pytest.approx(b.p_value, rel=1e-6, abs=1e-10)
            assert a.outside == b.outside


def test_where_too_many_frequencies_survive_the_whole_grid_serves():
    """Few wagers with a wide pay on a large grid: most frequencies survive."""
    spread = _spread([_group(SIDE, 40)])
    assert sg.sparse_spectrum(spread, 1 << 18, 0) is None
    assert sg.sparse_spectrum(spread, 1 << 8, 0) is None  # not even the scan pays
    assert ht.Lattice.of([_group(SIDE, 40)]).spectrum is None  # the grid is small


def test_the_sums_from_either_end_add_up_and_rise():
    spectrum = sg.sparse_spectrum(_spread(_groups(DAY)), 1 << 18, 12_345)
    points = np.linspace(0, spectrum.size - 1, 97).astype(int).tolist()
    below = [spectrum.below(m) for m in points]
    for m, b in zip(points, below, strict=True):
        assert b + spectrum.above(m + 1) == pytest.approx(1.0, abs=1e-12)
    assert all(b - a >= -1e-11 for a, b in zip(below, below[1:], strict=False))
    assert (spectrum.below(-1), spectrum.below(spectrum.size - 1)) == (0.0, 1.0)
    assert (spectrum.above(0), spectrum.above(spectrum.size)) == (1.0, 0.0)
    first = spectrum.first_below_over(0.025)
    assert spectrum.below(first) > 0.025 >= spectrum.below(first - 1)


def test_a_sheet_of_one_outcome_bounds_nothing():
    assert sg.sparse_spectrum([((0,), (1.0,), 1000)], 1 << 18, 0) is None
    group = Group(((1.0, F(-1)),), 1000)
    assert hold_test([group], -1000.0, 0.95).p_value == pytest.approx(1.0)


def test_a_sheet_that_hardly_moves_is_declined_without_laying_out_the_grid(monkeypatch):
    """A pay of 2,000 once in a million: its modulus moves so little that its own cells would
    be wider than the grid; the scan stops at the first cells' width, and what it holds stays
    small (it once laid out every frequency of a cell 2^26 wide before declining)."""
    import tracemalloc

    rare = F(1, 10**6)
    groups = [Group(((float(1 - rare), F(-1)), (float(rare), F(2000))), 200)]
    monkeypatch.setattr(ht, "two_outcome_atoms", lambda spread: None)  # its points would serve
    tracemalloc.start()
    try:
        lattice = ht.Lattice.of(groups)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert lattice.spectrum is None and peak < 16 << 20


# -- an interval's ends sought from a guess --------------------------------------------------


def test_from_any_guess_and_step_the_first_point_found_is_the_halvings():
    """Every threshold of a step function on a grid of 1,000 points (and none), from guesses
    below, at, above and off the grid, steps of 1 to more than the grid: the same point as
    halving the whole grid."""
    rng = np.random.default_rng(56)
    for threshold in [0, 1, 2, 499, 998, 999, 1000, *rng.integers(0, 1001, 40).tolist()]:
        def exceeds(m, t=threshold):
            return m >= t

        assert sg._first(exceeds, 1000) == threshold
        for guess in [-50, 0, threshold - 3, threshold, threshold + 7, 999, 2500,
                      *rng.uniform(-100, 1100, 5).tolist()]:  # fmt: skip
            for step in (0.2, 1, 3, 64, 5000):
                assert sg._first(exceeds, 1000, (guess, step)) == threshold


@pytest.mark.parametrize("parts", [DAY, MONTH, TABLES, SIDE_ONLY, SHARED])
def test_a_tests_ends_from_its_expansions_guess_are_those_of_halving(monkeypatch, parts):
    """The same interval and p-value whether the search starts from Cornish and Fisher's
    guess or halves the whole grid; from the guess, a few evaluations (they were 36)."""
    groups = _groups(parts)
    lattice = ht.Lattice.of(groups)
    mean = sum(g.wagers * g.mean for g in groups)
    sd = sum(g.wagers * g.variance for g in groups) ** 0.5
    assert lattice.spectrum is not None
    counted = {"below": 0, "above": 0}
    below, above = sg.Spectrum.below, sg.Spectrum.above

    def counted_below(self, m):
        counted["below"] += 1
        return below(self, m)

    def counted_above(self, m):
        counted["above"] += 1
        return above(self, m)

    monkeypatch.setattr(sg.Spectrum, "below", counted_below)
    monkeypatch.setattr(sg.Spectrum, "above", counted_above)
    guessed = [lattice.test(mean + z * sd, 0.95, tails) for z in (-3, -1, 0.5, 2.5)
               for tails in (ht.BOTH, ht.LOW)]  # fmt: skip
    evaluations = sum(counted.values()) / len(guessed)
    monkeypatch.setattr(ht.Lattice, "_near", lambda self, guess: None)
    assert [lattice.test(mean + z * sd, 0.95, tails) for z in (-3, -1, 0.5, 2.5)
            for tails in (ht.BOTH, ht.LOW)] == guessed  # fmt: skip
    assert evaluations <= 12 and (sum(counted.values()) / len(guessed) - evaluations) >= 20


def test_a_cells_transform_from_two_tables_is_each_frequencys_own():
    """The product of the two tables (a row per cell, a row per place in a cell) against an
    exponential per frequency and step, in cells anywhere up to half the grid and one past
    it (the frequencies beyond half left out)."""
    size, cell = 1 << 12, 64
    outcomes = [(np.asarray(s, np.int64), np.asarray(p, float), n)
                for s, p, n in _spread(_groups(TABLES))]  # fmt: skip
    first = np.array([0, 128, 1216, 1984, 2048], np.int64)
    k, log_modulus, angle = sg._powered(outcomes, first, cell, size)
    assert k.tolist() == [f + j for f in first.tolist() for j in range(cell) if f + j <= 2048]
    direct_log, direct_angle = np.zeros(len(k)), np.zeros(len(k))
    for steps, probabilities, n in outcomes:
        z = (probabilities[:, None] * np.exp(-2j * np.pi * np.outer(steps, k) / size)).sum(axis=0)
        direct_log += n * np.log(np.abs(z))
        direct_angle += n * np.angle(z)
    assert np.allclose(log_modulus, direct_log, rtol=1e-10, atol=1e-9)
    assert np.abs(np.angle(np.exp(1j * (angle - direct_angle)))).max() < 1e-8
