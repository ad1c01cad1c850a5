"""The hold test against distributions computed independently here: every sequence of a few
wagers enumerated with exact fractions, the interval and the two-sided probability read off
that by their definitions; the folded grid against the whole one; seeded fair months."""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction as F

import numpy as np
import pytest

from audits.par import lattice as ht
from audits.par import small_grid
from audits.par.hold_distribution import EXACT, NORMAL, WITH_PAR_ERROR, Group, hold_test

# A blackjack-like wager: lose 1, push, win 1, blackjack 3 to 2, double lost or won.
BLACKJACK = [(F(44, 100), F(-1)), (F(9, 100), F(0)), (F(36, 100), F(1)),
             (F(45, 1000), F(3, 2)), (F(25, 1000), F(-2)), (F(40, 1000), F(2))]  # fmt: skip
# A side wager with a rare large pay.
SIDE = [(F(90, 100), F(-1)), (F(9, 100), F(3)), (F(1, 100), F(25))]


def _group(outcomes, wagers):
    return Group(tuple((float(p), x) for p, x in outcomes), wagers)


def _enumerated(*groups) -> dict[F, F]:
    """The exact distribution of the summed result, by enumerating every sequence."""
    total = {F(0): F(1)}
    for outcomes, wagers in groups:
        for _ in range(wagers):
            following = defaultdict(F)
            for s, ps in total.items():
                for p, x in outcomes:
                    following[s + x] += ps * p
            total = dict(following)
    return total


def _by_definition(dist: dict[F, F], observed: F, confidence: F):
    """The equal-tailed interval and twice the smaller tail, straight from the definitions."""
    tail = (1 - confidence) / 2
    points = sorted(dist)
    low = next(s for s in points if sum(dist[t] for t in points if t <= s) > tail)
    high = next(s for s in reversed(points) if sum(dist[t] for t in points if t >= s) > tail)
    below = sum((dist[t] for t in points if t <= observed), F(0))
    above = sum((dist[t] for t in points if t >= observed), F(0))
    return low, high, min(F(1), 2 * min(below, above))


@pytest.mark.parametrize("confidence", [F(95, 100), F(99, 100), F(80, 100)])
def test_one_sheet_over_a_few_wagers_matches_enumeration(confidence):
    dist = _enumerated((BLACKJACK, 5))
    for observed in [F(-10), F(-7), F(-3, 2), F(0), F(1, 4), F(5, 2), F(6), F(15, 2), F(10)]:
        got = hold_test([_group(BLACKJACK, 5)], float(observed), float(confidence))
        low, high, p = _by_definition(dist, observed, confidence)
        assert got.method == EXACT
        assert (got.low, got.high) == (float(low), float(high))
        assert got.p_value == pytest.approx(float(p), rel=1e-9, abs=1e-15)
        assert got.outside == (observed < low or observed > high)


def test_two_sheets_together_match_enumeration():
    dist = _enumerated((BLACKJACK, 4), (SIDE, 3))
    groups = [_group(BLACKJACK, 4), _group(SIDE, 3)]
    assert hold_test(groups, 0.0, 0.95).mean == pytest.approx(
        float(sum(s * p for s, p in dist.items()))
    )
    for observed in [F(-7), F(-5), F(0), F(23), F(52), F(79)]:
        got = hold_test(groups, float(observed), 0.95)
        low, high, p = _by_definition(dist, observed, F(95, 100))
        assert (got.low, got.high) == (float(low), float(high))
        assert got.p_value == pytest.approx(float(p), rel=1e-9, abs=1e-15)


def test_a_folded_grid_agrees_with_the_whole_range(monkeypatch):
    groups = [_group(SIDE, 3000)]
    whole = hold_test(groups, -2500.0, 0.95)
    monkeypatch.setattr(ht, "MAX_GRID", 1 << 14)  # the whole range needs 2^17 points
    lattice = ht.Lattice.of(groups)
    assert lattice is not None and len(lattice.pmf) < 3000 * 52 + 1
    folded = hold_test(groups, -2500.0, 0.95)
    assert (folded.method, folded.low, folded.high) == (EXACT, whole.low, whole.high)
    assert folded.p_value == pytest.approx(whole.p_value, rel=1e-9)


def test_beyond_the_largest_grid_the_normal_approximation_says_so(monkeypatch):
    monkeypatch.setattr(ht, "MAX_GRID", 1 << 8)
    groups = [_group(BLACKJACK, 10_000)]
    got = hold_test(groups, -500.0, 0.95)
    mean, sd = groups[0].mean * 10_000, (groups[0].variance * 10_000) ** 0.5
    assert got.method == NORMAL
    assert (got.low, got.high) == pytest.approx((mean - 1.959964 * sd, mean + 1.959964 * sd))


def test_no_wagers_no_test():
    assert hold_test([_group(BLACKJACK, 0)], 0.0, 0.95) is None


def test_a_fair_month_is_not_flagged_and_false_alarms_match_the_confidence_level():
    """2,000 months of 2,000 wagers each, dealt from the sheet itself (seed fixed): the share
    flagged at 95% is about 5% (at most 5% by construction of a discrete test)."""
    rng = np.random.default_rng(20261124)
    pays = np.array([float(x) for _, x in BLACKJACK])
    probabilities = np.array([float(p) for p, _ in BLACKJACK])
    months = rng.choice(pays, size=(2000, 2000), p=probabilities).sum(axis=1)
    lattice = ht.Lattice.of([_group(BLACKJACK, 2000)])
    flagged = sum(lattice.test(float(s), 0.95).outside for s in months)
    assert 0.035 <= flagged / 2000 <= 0.06
    assert not lattice.test(lattice.mean, 0.95).outside
    assert lattice.test(lattice.mean + 200, 0.95).outside  # 200 units off: 4 sd


def test_a_jurisdiction_flagging_only_low_holds_takes_the_players_tail_at_the_whole_level():
    dist = _enumerated((SIDE, 4))
    points = sorted(dist)
    for observed in [F(-4), F(0), F(6), F(24), F(100)]:
        got = hold_test([_group(SIDE, 4)], float(observed), 0.9, tails=ht.LOW)
        above = sum((dist[t] for t in points if t >= observed), F(0))  # the players' tail
        assert got.p_value == pytest.approx(float(above), rel=1e-9, abs=1e-15)
        assert got.method == EXACT + ht.LOW_ONLY
        high = next(s for s in reversed(points) if sum(dist[t] for t in points if t >= s) > 0.1)
        assert got.high == float(high)  # each side of the band holds 1 - confidence
    worst = hold_test([_group(SIDE, 40)], -40.0, 0.9, tails=ht.LOW)
    assert worst.p_value == pytest.approx(1.0) and not worst.outside  # the house won all
    assert hold_test([_group(SIDE, 40)], -40.0, 0.9).outside  # two-sided: flagged
    simulated = hold_test([Group(((0.5, F(1)), (0.5, F(-1))), 100, 0.01)], 30.0, 0.95, ht.LOW)
    assert simulated.method == EXACT + WITH_PAR_ERROR + ht.LOW_ONLY


@pytest.mark.parametrize("sheets", [((BLACKJACK, 4), (SIDE, 3)), ((SIDE, 4),), ((BLACKJACK, 5),)])
def test_a_large_grid_computed_in_place_matches_enumeration(monkeypatch, sheets):
    """Every grid taken by the in-place path (:mod:`audits.par.large_grid`, from
    ``LARGE_GRID`` points on): the same intervals and tails as the sequences enumerated."""
    monkeypatch.setattr(ht, "LARGE_GRID", 2)
    dist = _enumerated(*sheets)
    groups = [_group(outcomes, wagers) for outcomes, wagers in sheets]
    for observed in [F(-7), F(-3), F(0), F(5, 2), F(23), F(52)]:
        got = hold_test(groups, float(observed), 0.95)
        low, high, p = _by_definition(dist, observed, F(95, 100))
        assert (got.low, got.high) == (float(low), float(high))
        assert got.p_value == pytest.approx(float(p), rel=1e-9, abs=1e-15)


@pytest.mark.parametrize("wagers", [30, 3000, 30000])
def test_the_in_place_path_agrees_with_numpys_transforms_point_by_point(monkeypatch, wagers):
    """The same lattice both ways (a folded grid too, its window rotated): each point within
    the transforms' own rounding (raised to the n-th power: at 30,000 wagers both put about
    1e-15 where the far tails are 0)."""
    groups = [_group(BLACKJACK, wagers), _group(SIDE, wagers // 3)]
    whole = ht.Lattice.of(groups)
    monkeypatch.setattr(ht, "LARGE_GRID", 2)
    in_place = ht.Lattice.of(groups)
    assert (in_place.origin, len(in_place.pmf)) == (whole.origin, len(whole.pmf))
    assert np.abs(in_place.pmf - whole.pmf).max() <= 1e-11 * whole.pmf.max()
    assert in_place.pmf.sum() == pytest.approx(1.0, abs=1e-12)


def test_the_tails_summed_a_block_at_a_time_are_numpys_cumulative_sums(monkeypatch):
    monkeypatch.setattr(small_grid, "SUM_BLOCK", 7)
    values = np.random.default_rng(7).random(100) ** 6
    sums = np.cumsum(values)
    for tail, at in [(0.0, 0), (1.5, 13), (sums[41], 41), (sums[-1], 99), (sums[-1] + 1, 120)]:
        first, found = small_grid.running_sum(values, tail, at)
        assert first == int(np.searchsorted(sums, tail, side="right"))
        assert found == (sums[at] if at < len(values) else 0.0)
