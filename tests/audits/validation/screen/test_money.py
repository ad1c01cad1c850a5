"""Money in columns (audits/validation/screen/money.py) against its plain-Python reference:
the engine's ``settle_amount`` in ``Decimal``, and sums of ``Decimal`` amounts."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from audits.validation.context import GameRules, Limit
from audits.validation.screen.layout import KEY_SLOTS, WAGER_KEYS
from audits.validation.screen.money import Limits, paid_as_settled, placed_sums, settled_cents
from audits.validation.screen.seat_checks import seat_checks
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
@given(st.lists(st.tuples(st.integers(0, 10**8), st.integers(-(10**9), 10**9), ODDS,
                          st.booleans()), min_size=1, max_size=40),
       st.booleans())  # fmt: skip
def test_paid_as_settled_is_settled_cents_per_placed_wager(seats, half_up):
    """The compiled check of every seat's results against its class's odds, against
    :func:`settled_cents` wager by wager (one key a seat, in the column of its slot)."""
    slots = np.array([0, 2], np.int64)  # columns 0 and 1 are the reader's slots 0 and 2
    n = len(seats)
    wagers = np.zeros((n, 2), np.int64)
    results = np.zeros((n, 2), np.int64)
    num, den = np.zeros((n, KEY_SLOTS), np.int64), np.zeros((n, KEY_SLOTS), np.int64)
    mask = np.zeros(n, np.int64)
    for s, (stake, result, odds, placed) in enumerate(seats):
        wagers[s, 1], results[s, 1] = stake, result
        num[s, 2], den[s, 2] = odds.numerator, odds.denominator
        mask[s] = (1 << 2) if placed else 0
    ok, nets = np.ones(n, bool), np.zeros((n, 2), np.int64)
    paid_as_settled(wagers, results, mask, slots, np.arange(n), num, den, half_up, ok, nets)
    expected = settled_cents(wagers[:, 1], num[:, 2], den[:, 2], half_up)
    placed = mask > 0
    assert ok.tolist() == (~placed | (expected == results[:, 1])).tolist()
    assert nets[:, 1].tolist() == np.where(placed, results[:, 1], 0).tolist()
    assert not nets[:, 0].any()


def test_a_result_off_by_a_cent_is_caught():
    wagers, results = np.array([[1000]]), np.array([[1501]])  # $10 at 3:2 pays $15
    num, den = np.array([[3]]), np.array([[2]])
    ok, nets = np.ones(1, bool), np.zeros((1, 1), np.int64)
    paid_as_settled(wagers, results, np.array([1]), np.array([0]), np.array([0]), num, den,
                    False, ok, nets)  # fmt: skip
    assert ok.tolist() == [False]


WAGER = st.tuples(st.booleans(), st.integers(0, 10**8), CENTS)  # (placed?, stake, net)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.integers(-1, 1), WAGER, WAGER), max_size=200))
def test_placed_sums_are_the_decimal_sums_of_the_wagers_placed(seats):
    """Seats of groups -1 (not counted), 0 and 1, two columns each (slots 3 and 7): each
    group's and column's sums are the Decimal sums of its seats' placed wagers."""
    slots = np.array([3, 7], np.int64)
    group = np.array([g for g, _, _ in seats], np.int64)
    mask = np.array([a[0] << 3 | b[0] << 7 for _, a, b in seats], np.int64)
    stakes = np.array([[a[1], b[1]] for _, a, b in seats], np.int64).reshape(-1, 2)
    nets = np.array([[a[2], b[2]] for _, a, b in seats], np.int64).reshape(-1, 2)
    found = placed_sums(mask, slots, group, stakes, nets, 4)
    for g in range(4):
        mine = [(Decimal(w[1]).scaleb(-2), Decimal(w[2]).scaleb(-2)) for s_g, *wagers in seats
                for k, w in enumerate(wagers) if w[0] and s_g * 2 + k == g]  # fmt: skip
        want = (len(mine), sum((s for s, _ in mine), Decimal(0)),
                sum((n for _, n in mine), Decimal(0)),
                sum((n for _, n in mine if n > 0), Decimal(0)),
                sum((s * s for s, _ in mine), Decimal(0)),
                sum((s * s * s for s, _ in mine), Decimal(0)))  # fmt: skip
        assert found[g].as_decimals() == want


def test_limits_in_cents_judge_as_the_checks_do():
    rules = GameRules("g", None, {}, (
        Limit("max_single_wager", Decimal("500"), "", "c", "s"),
        Limit("max_single_wager", Decimal("10.005"), "lucky3", "c", "s"),
        Limit("min_single_wager", Decimal("5.001"), "", "c", "s"),
        Limit("max_aggregate_payout", Decimal("1000.009"), "", "c", "s"),
    ), ("main", "lucky3"))  # fmt: skip
    limits = Limits.of(rules)
    slots = np.array([WAGER_KEYS.index("main"), WAGER_KEYS.index("lucky3")])  # the columns
    wagers = np.array([[50000, 1000], [50001, 1000], [501, 1001], [500, 0]], np.int64)
    placed = np.array([0b11] * 3 + [0b01], np.int64)  # bits of the columns' slots
    mask = (placed & 1) << slots[0] | (placed >> 1 & 1) << slots[1]
    ok, _ = seat_checks(mask, mask, slots, wagers, np.zeros_like(wagers),
                        game_keys=int(1 << slots[0] | 1 << slots[1]), on_hands=False,
                        most=limits.most[slots], least_main=limits.least_main)  # fmt: skip
    assert ok.tolist() == [True, False, False, False]
    assert limits.paid_ok(np.array([100000, 100001])).tolist() == [True, False]
