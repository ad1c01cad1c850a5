"""Benjamini–Hochberg over a month's tests, and a simulated par sheet's own error."""

from __future__ import annotations

import pytest

from audits.par.hold_distribution import Group, hold_test, sheet_mean_error
from audits.par.many_tests import bh_threshold

COIN = {"outcomes": [{"probability": 0.5, "pays": 1.0}, {"probability": 0.5, "pays": -1.0}]}


def test_the_threshold_is_the_largest_p_under_its_rank_share_of_the_level():
    # m = 5 at 5%: ranks' limits 0.01, 0.02, 0.03, 0.04, 0.05
    assert bh_threshold([0.001, 0.015, 0.5, 0.9, 0.029], 0.05) == 0.029
    assert bh_threshold([0.011, 0.5, 0.6, 0.7, 0.8], 0.05) == 0.0  # 0.011 > 0.01: none
    assert bh_threshold([0.04] * 5, 0.05) == 0.04  # all under 5/5 of the level
    assert bh_threshold([], 0.05) == 0.0


def test_one_in_twenty_alone_is_not_a_flag_among_a_thousand():
    p_values = [0.04] + [0.5] * 999
    assert bh_threshold(p_values, 0.05) == 0.0
    assert bh_threshold([1e-6] + [0.5] * 999, 0.05) == 1e-6


def test_a_simulated_sheets_error_widens_the_interval_more_the_more_wagers():
    simulated = {**COIN, "ci95_return": [0.99, 1.01]}  # the mean known to about ±1%
    assert sheet_mean_error(simulated) == pytest.approx(0.01 / 1.959964, rel=1e-4)
    assert sheet_mean_error(COIN) == 0.0
    for n, at_least in ((100, 1.0), (100_000, 1.85)):  # k = sqrt(1 + (n·se)² / n)
        exact = hold_test([Group.of_sheet(COIN, n)], 0.0, 0.95)
        widened = hold_test([Group.of_sheet(simulated, n)], 0.0, 0.95)
        ratio = (widened.high - widened.low) / (exact.high - exact.low)
        assert ratio >= at_least and widened.method.endswith("+par_error")
    # 2% off over 100,000 wagers: far outside the exact sheet's interval, within the
    # simulated one's (the par itself may be 1% off)
    far = 0.02 * 100_000
    assert hold_test([Group.of_sheet(COIN, 100_000)], far, 0.95).outside
    assert not hold_test([Group.of_sheet(simulated, 100_000)], far / 2, 0.95).outside


def test_a_p_value_that_underflowed_to_zero_is_flagged():
    from audits.par.many_tests import bh_threshold

    threshold = bh_threshold([0.0, 0.4, 0.9], 0.05)
    assert threshold > 0 and 0.0 <= threshold  # flagged, and "0.0: none" still means none
    assert bh_threshold([0.3, 0.4, 0.9], 0.05) == 0.0
