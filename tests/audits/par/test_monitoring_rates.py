"""Monitoring measured both ways on months drawn from the par sheets (fixed seed): clean
months are flagged at about the level the page states, a dealer overpaying one main-wager
hand in fifty for a month is found.  ``bench/monitoring_rates.py`` measures more months;
docs/monitoring.md gives its figures."""

from __future__ import annotations

from audits.par.monitoring_rates import Shape, monitoring_rates, month_flags
from tests.engine.sheets_support import six_deck_sheet

SHEETS = six_deck_sheet("toss-one-21").to_dict()["wagers"]


def test_clean_months_are_rarely_flagged_and_a_month_long_overpayment_is_found():
    rates = monitoring_rates(SHEETS, months=20, seed=20261128, shape=Shape(rounds=1500))
    assert rates.clean_flagged <= 2  # at most 5% in 100 stated; 2 of 20 allows the draw
    assert rates.planted_found["dealer"] >= 12  # about 80% over 100 months
    assert rates.planted_found["dealer"] > 4 * max(rates.clean_flagged, 1)


def test_a_months_flags_are_the_planted_tables():
    import numpy as np

    from audits.par.monitoring_rates import _month

    rng = np.random.default_rng(3)
    shape = Shape(rounds=1500)
    planted = _month(rng, SHEETS, shape, "dealer")
    skim = {
        k: (n, net - n / 5 if k[1] == "T3" and k[2] == "main" else net)
        for k, (n, net) in planted.items()
    }  # fmt: skip  T3 keeps a fifth of a unit a wager
    flags = month_flags(skim, SHEETS, 0.05)
    assert ("month", None) in {f[0] for f in flags}
    assert {f[1] for f in flags} <= {"T1", "T3", ""} and "T3" in {f[1] for f in flags}
