"""A month's test reads each gaming day's kept checks again while the day's ledger and the
registry are unchanged (audits/monitoring/day_checks.py): a day's submission computes its own
day's checks and the longer periods', and the month's test is the same as one computing
every day afresh."""

from __future__ import annotations

import json
from collections import Counter
from datetime import date

import pytest

from audits.monitoring import day_checks, deviations
from audits.monitoring.models import DayChecks, Deviation, DeviationTest
from audits.monitoring.month_tests import month_test
from audits.submissions.withdrawal import submission_withdraw
from games.models import Venue
from tests.audits.monitoring.test_deviations import _month
from tests.audits.submissions.test_pipeline import submit
from tests.audits.submissions_support import people  # noqa: F401  (fixture)

OCTOBER = date(2026, 10, 1)


def _days(content: bytes) -> list[bytes]:
    """The log's lines, one file a gaming day (the rounds are played in the day's hours)."""
    by_day: dict[str, list[bytes]] = {}
    for line in content.splitlines():
        by_day.setdefault(json.loads(line)["played_at"][:10], []).append(line)
    return [b"\n".join(lines) + b"\n" for _, lines in sorted(by_day.items())]


@pytest.fixture
def computed(monkeypatch):
    """The days whose checks were computed (not read again), counted."""
    days: Counter = Counter()
    compute = day_checks.hold_checks

    def counted(venue, first, last, *args, **kwargs):
        days[first] += 1
        return compute(venue, first, last, *args, **kwargs)

    monkeypatch.setattr(day_checks, "hold_checks", counted)
    return days


def _figures(test: DeviationTest) -> tuple:
    flagged = sorted((d.table, d.wager_key, d.period, d.first_day, d.last_day, d.wagers,
                      d.house_won, d.p_value, d.interval_low, d.interval_high)
                     for d in Deviation.objects.filter(test=test))  # fmt: skip
    return test.tests, test.flagged, test.threshold, test.longer_threshold, flagged


def test_a_days_submission_computes_its_own_day_and_the_month_is_the_same(wa, tmp_path,
                                                                          computed):  # fmt: skip
    first, second, third = _days(_month(tmp_path, skim=True))
    submit(wa, first)
    submit(wa, second)
    assert computed == {date(2026, 10, 1): 1, date(2026, 10, 2): 1}
    submit(wa, third)  # the third day: only its own checks computed
    assert computed == {date(2026, 10, 1): 1, date(2026, 10, 2): 1, date(2026, 10, 3): 1}
    kept = _figures(DeviationTest.objects.latest("tested_at", "pk"))
    assert kept[1] > 0  # the skimmed day flagged
    DayChecks.objects.all().delete()  # every day computed afresh
    venue = Venue.objects.select_related("licensee__jurisdiction").get(code="WA-CR-0042")
    assert _figures(month_test(venue, OCTOBER)) == kept


def test_a_withdrawn_day_leaves_the_months_test_and_the_others_are_read_again(
    wa, tmp_path, computed, people  # noqa: F811
):
    days = [submit(wa, content) for content in _days(_month(tmp_path, skim=True))]
    assert Deviation.objects.filter(first_day=date(2026, 10, 2), period="day").exists()
    computed.clear()
    submission_withdraw(days[1], user=people.staff, reason="sent to the wrong commission")
    assert computed == {}  # the other days' ledgers are unchanged: read again
    test = DeviationTest.objects.latest("tested_at", "pk")
    assert not Deviation.objects.filter(test=test, first_day=date(2026, 10, 2)).exists()


def test_a_change_of_the_registry_computes_every_day_again(wa, tmp_path, computed):
    submit(wa, _month(tmp_path, skim=False))
    computed.clear()
    venue = Venue.objects.select_related("licensee__jurisdiction").get(code="WA-CR-0042")
    month_test(venue, OCTOBER)
    assert computed == {}  # nothing changed: every day read again
    wa.jurisdiction.deviation_min_wagers = 100_000
    wa.jurisdiction.save()
    venue = Venue.objects.select_related("licensee__jurisdiction").get(code="WA-CR-0042")
    test = month_test(venue, OCTOBER)
    assert set(computed) == {date(2026, 10, d) for d in (1, 2, 3)}
    assert not Deviation.objects.filter(test=test, period="day").exists()


def test_a_single_days_month_and_year_take_the_days_holds_not_computed_again(
    wa, tmp_path, monkeypatch
):
    """The first day of a ledger: its month to date and year to date hold the day's lines,
    so their checks are the day's holds, computed once; the test is the same as one computing
    every check afresh."""
    made, computed = Counter(), Counter()
    check, compute = deviations._check, deviations.hold_of_parts

    def counted_check(*args, **kwargs):
        made["checks"] += 1
        return check(*args, **kwargs)

    def counted_hold(*args, **kwargs):
        computed["holds"] += 1
        return compute(*args, **kwargs)

    monkeypatch.setattr(deviations, "_check", counted_check)
    monkeypatch.setattr(deviations, "hold_of_parts", counted_hold)
    submit(wa, _days(_month(tmp_path, skim=True))[0])
    test = DeviationTest.objects.latest("tested_at", "pk")
    assert test.tests > 0 and made["checks"] == 3 * computed["holds"]
    kept = _figures(test)
    DayChecks.objects.all().delete()
    monkeypatch.setattr(deviations, "_hold", lambda parts, confidence, tails, shared:
                        compute(parts, confidence, tails))  # fmt: skip
    venue = Venue.objects.select_related("licensee__jurisdiction").get(code="WA-CR-0042")
    assert _figures(month_test(venue, OCTOBER)) == kept
