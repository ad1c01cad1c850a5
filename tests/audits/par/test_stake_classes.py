"""Unequal stakes: the two classes keep the stakes' count, sum and squares exactly and their
cubes closely; equal stakes are one class (the exact test); and the tail of the test holds
against simulation (bench/monitoring_rates.py measures the far tail over venue-years)."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction as F

import numpy as np
import pytest

from audits.par.hold import Part, hold_of_parts
from audits.par.stake_classes import stake_classes

# a side wager with a rare large pay (the Lucky 3's shape): lose, 3 to 1, 40 to 1
SHEET = {"outcomes": [{"probability": 0.88, "pays": -1.0}, {"probability": 0.115, "pays": 3.0},
                      {"probability": 0.005, "pays": 40.0}]}  # fmt: skip
STAKES = np.array([10] * 35 + [25] * 35 + [50] * 20 + [100] * 10)  # the sample players'


def test_two_classes_keep_the_stakes_moments():
    stakes = np.array([10, 10, 25, 25, 25, 50, 100, 100, 400, 10, 25])
    n, s1, s2, s3 = len(stakes), *(float((stakes**k).sum()) for k in (1, 2, 3))
    classes = stake_classes(n, s1, s2, s3)
    assert len(classes) == 2 and sum(c for _, c in classes) == n
    assert sum(s * c for s, c in classes) == pytest.approx(s1, rel=1e-12)
    assert sum(s * s * c for s, c in classes) == pytest.approx(s2, rel=1e-12)
    assert sum(s**3 * c for s, c in classes) == pytest.approx(s3, rel=0.1)
    assert all(s > 0 for s, _ in classes)
    assert stake_classes(4, 100.0, 2500.0, 62_500.0) == [(25.0, 4)]  # equal: one class


def test_equal_stakes_are_tested_exactly_as_the_wagers_themselves():
    from audits.par.hold_distribution import Group, hold_test

    group = Group(tuple((o["probability"], F(o["pays"])) for o in SHEET["outcomes"]), 50)
    for net in (-50, -10, 30, 120):
        held = hold_of_parts([Part(50, Decimal(1250), Decimal(net * 25), SHEET,
                                   Decimal(50 * 625), Decimal(50 * 15625))], 0.95)  # fmt: skip
        assert held.p_value == pytest.approx(hold_test([group], net, 0.95).p_value, rel=1e-9)


def test_the_far_tail_holds_against_simulation():
    rng = np.random.default_rng(20261129)
    p = np.array([o["probability"] for o in SHEET["outcomes"]])
    pays = np.array([o["pays"] for o in SHEET["outcomes"]])
    found = {"cubes": []}
    for _ in range(4000):
        stakes = rng.choice(STAKES, 100)
        net = Decimal(int(stakes @ pays[rng.choice(3, 100, p=p)]))
        sums = [Decimal(int((stakes**k).sum())) for k in (1, 2, 3)]
        found["cubes"].append(hold_of_parts([Part(100, sums[0], net, SHEET, *sums[1:])], 0.95))
    share = {k: np.mean([h.p_value <= 0.005 for h in v]) for k, v in found.items()}
    assert 0.0025 <= share["cubes"] <= 0.0085  # 0.5% expected: 20 of 4,000, ± about 9
