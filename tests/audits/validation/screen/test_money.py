"""Money in columns (audits/validation/screen/money.py) against its plain-Python reference:
the engine's ``settle_amount`` in ``Decimal``, and sums of ``Decimal`` amounts."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from audits.validation.context import GameRules, Limit
from audits.validation.screen.money import Limits, settled_cents, sums
from audits.validation.screen.reader import KEY_SLOTS, WAGER_KEYS
from games.engine.odds import settle_amount

CENTS = st.integers(min_value=-(10**10), max_value=10**10)
ODDS = st.builds(Fraction, st.integers(min_value=-3, max_value=1000),
                 st.integers(min_value=1, max_value=100))  # fmt: skip


@settings(max_examples=2000, deadline=None)
@given(st.lists(st.tuples(CENTS, ODDS), min_size=1, max_size=50),
       st.sampled_from(["down_to_cent", "half_up_to_cent"]))  # fmt: skip
def test_settled_cents_is_the_engines_settle_amount(pairs, rounding):
    at_risk = np.array([c for c, _ in pairs], np.int64)
    num = np.array([o.numerator for _, o in pairs], np.int64)
    den = np.array([o.denominator for _, o in pairs], np.int64)
    got = settled_cents(at_risk, num, den, rounding == "half_up_to_cent")
    want = [settle_amount(Decimal(c).scaleb(-2), o, rounding) * 100 for c, o in pairs]
    assert got.tolist() == [int(w) for w in want]


def test_a_mutant_rounding_fails_the_comparison():
    """Rounding half up toward plus infinity (not away from zero) is caught."""
    at_risk, num, den = np.array([-5]), np.array([1]), np.array([2])
    assert settled_cents(at_risk, num, den, True).tolist() == [-3]  # -2.5 away from zero
    assert int(settle_amount(Decimal("-0.05"), Fraction(1, 2), "half_up_to_cent") * 100) == -3


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 3), st.integers(0, 10**8), CENTS), max_size=200))
def test_sums_are_the_decimal_sums(rows):
    groups = np.array([g for g, _, _ in rows], np.int64)
    stakes = np.array([s for _, s, _ in rows], np.int64)
    nets = np.array([n for _, _, n in rows], np.int64)
    found = sums(groups, stakes, nets, 4)
    for g in range(4):
        mine = [(Decimal(s).scaleb(-2), Decimal(n).scaleb(-2)) for k, s, n in rows if k == g]
        want = (len(mine), sum((s for s, _ in mine), Decimal(0)),
                sum((n for _, n in mine), Decimal(0)),
                sum((n for _, n in mine if n > 0), Decimal(0)),
                sum((s * s for s, _ in mine), Decimal(0)))  # fmt: skip
        assert found[g].as_decimals() == want


def test_limits_in_cents_judge_as_the_checks_do():
    rules = GameRules("g", None, {}, (
        Limit("max_single_wager", Decimal("500"), "", "c", "s"),
        Limit("max_single_wager", Decimal("10.005"), "lucky3", "c", "s"),
        Limit("min_single_wager", Decimal("5.001"), "", "c", "s"),
        Limit("max_aggregate_payout", Decimal("1000.009"), "", "c", "s"),
    ), ("main", "lucky3"))  # fmt: skip
    limits = Limits.of(rules)
    main, lucky3 = WAGER_KEYS.index("main"), WAGER_KEYS.index("lucky3")
    wagers = np.zeros((4, KEY_SLOTS), np.int64)
    wagers[:, main] = [50000, 50001, 501, 500]
    wagers[:, lucky3] = [1000, 1000, 1001, 0]
    mask = np.array([1 << main | 1 << lucky3] * 3 + [1 << main], np.int64)
    assert limits.stakes_ok(wagers, mask, main).tolist() == [True, False, False, False]
    assert limits.paid_ok(np.array([100000, 100001])).tolist() == [True, False]
