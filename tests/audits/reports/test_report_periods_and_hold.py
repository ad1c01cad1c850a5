"""Report periods and the hold analysis's arithmetic."""

from __future__ import annotations

import math
from datetime import date
from decimal import Decimal

import pytest

from audits.par.hold import hold_of, unit_spread
from audits.reports.periods import (
    PeriodError,
    period_bounds,
    previous_month,
    previous_quarter,
)

COIN = {"outcomes": [{"probability": 0.5, "pays": 1.0}, {"probability": 0.5, "pays": -1.0}]}
EDGED = {"outcomes": [{"probability": 0.49, "pays": 1.0}, {"probability": 0.51, "pays": -1.0}]}


def test_months_and_quarters():
    assert period_bounds("2026-10") == (date(2026, 10, 1), date(2026, 10, 31))
    assert period_bounds("2024-02") == (date(2024, 2, 1), date(2024, 2, 29))
    assert period_bounds("2026-Q3") == (date(2026, 7, 1), date(2026, 9, 30))
    for bad in ("2026-13", "2026-Q5", "26-10", "2026-10-01", ""):
        with pytest.raises(PeriodError):
            period_bounds(bad)


def test_previous_periods_cross_the_year():
    assert previous_month(date(2026, 1, 2)) == "2025-12"
    assert previous_month(date(2026, 11, 2)) == "2026-10"
    assert previous_quarter(date(2026, 1, 2)) == "2025-Q4"
    assert previous_quarter(date(2026, 10, 2)) == "2026-Q3"


def test_unit_spread_of_a_fair_coin_and_an_edged_one():
    assert unit_spread(COIN) == (0.0, 1.0)
    edge, sd = unit_spread(EDGED)
    assert edge == pytest.approx(0.02)
    assert sd == pytest.approx(math.sqrt(1 - 0.02**2))


def test_observed_hold_inside_and_outside_the_interval():
    inside = hold_of(10_000, Decimal("100000"), Decimal("-2100"), EDGED)  # house won 2.1%
    assert inside.observed == pytest.approx(0.021)
    assert inside.low == pytest.approx(0.02 - 1.96 * 0.9998 / 100, abs=1e-4)
    assert not inside.outside
    outside = hold_of(10_000, Decimal("100000"), Decimal("-9000"), EDGED)  # 9%
    assert outside.outside
    assert outside.to_dict()["house_won"] == "9000"


def test_without_a_par_sheet_or_wagers_nothing_is_flagged():
    hold = hold_of(0, Decimal(0), Decimal(0), None)
    assert (hold.observed, hold.theoretical, hold.outside) == (None, None, False)


def test_a_tables_own_authorization_comes_before_the_venues(wa):
    """On every database: SQLite sorts NULL first, which once put the venue-wide
    authorization before the table's own."""
    from audits.par.rules import place_rules
    from games.models import Authorization, Table

    venue_wide = Authorization.objects.get(
        venue__code="WA-CR-0042",
        table__isnull=True,
        approval__rule_version__game__code="toss-one-21",
    )
    t2 = Table.objects.get(venue=venue_wide.venue, code="T2")
    Authorization.objects.create(
        venue=venue_wide.venue, table=t2, approval=venue_wide.approval,
        options=venue_wide.options, decks=[1], effective_from=venue_wide.effective_from,
    )  # fmt: skip
    day = date(2026, 10, 15)
    assert place_rules("WA-CR-0042", "T2", "toss-one-21", day)["par_sheet_basis"]["decks"] == 1
    assert place_rules("WA-CR-0042", "T1", "toss-one-21", day)["par_sheet_basis"]["decks"] == 6


def test_a_wager_too_few_to_judge_is_never_flagged_nor_counted_in_the_family():
    """A row under the jurisdiction's fewest wagers has a p-value but no judgement: it is
    shown apart in words, never flagged, and does not lower the others' threshold."""
    from audits.reports.figures_hold import flagged as _flagged

    def row(p, judged):
        return {"p_value": p, "judged": judged}

    rows = _flagged([row(0.0001, False), row(0.03, True), row(0.5, True)])
    assert [r["flagged"] for r in rows] == [False, False, False]
    # judged alone, 0.03 of two tests is not under BH's 0.05 * 1/2; counted with the
    # too-few row it would have been (0.05 * 2/3 = 0.033)
    alone = _flagged([row(0.0001, True), row(0.03, True), row(0.5, True)])
    assert [r["flagged"] for r in alone] == [True, True, False]
