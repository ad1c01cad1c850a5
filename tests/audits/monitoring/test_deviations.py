"""Deviations: a planted skim is found at its table and day and kept with its figures; a
month is tested as one family (Benjamini–Hochberg), its latest test listed; the
jurisdiction's rule (confidence, fewest wagers) decides; unequal stakes widen the interval;
nothing crosses licensees."""

from __future__ import annotations

import json
from datetime import date
from decimal import Decimal

import pytest

from audits.monitoring.deviations import deviations_of, hold_checks
from audits.monitoring.models import Deviation, DeviationTest
from audits.monitoring.month_tests import deviations_record, month_checks, month_periods
from audits.par.hold import Part, hold_of_parts
from audits.samples import generate_toss_one
from games.models import Licensee, Venue
from tests.audits.submissions.test_pipeline import submit
from tests.audits.submissions_support import people  # noqa: F401  (fixture)

SKIMMED = ("T2", "2026-10-02")
COIN = {"outcomes": [{"probability": 0.5, "pays": 1.0}, {"probability": 0.5, "pays": -1.0}]}


def _month(tmp_path, skim: bool, seed: int = 31) -> bytes:
    """Three gaming days of four tables; with ``skim``, table T2 on 2 October pays every
    winning main wager half of what it should (and the log records what was paid)."""
    path = tmp_path / "log.jsonl"
    generate_toss_one(path, days=3, fault_rate=0, seed=seed)
    lines = []
    for line in path.read_bytes().splitlines():
        r = json.loads(line)
        if skim and r["table"] == SKIMMED[0] and r["played_at"].startswith(SKIMMED[1]):
            for seat in r["seats"]:
                won = Decimal(seat["results"]["main"])
                if won > 0:
                    seat["results"]["main"] = str(won / 2)
        lines.append(json.dumps(r).encode())
    return b"\n".join(lines) + b"\n"


def test_a_planted_skim_is_a_deviation_at_its_table_and_day(wa, tmp_path):
    submission = submit(wa, _month(tmp_path, skim=True))
    assert submission.findings.filter(code="underpaid", table="T2").exists()
    found = Deviation.objects.get(table="T2", wager_key="main", period="day")
    assert (found.first_day, found.last_day) == (date(2026, 10, 2), date(2026, 10, 2))
    assert found.observed_hold > found.interval_high > found.theoretical_hold
    assert found.p_value < 1e-6 and found.method == "exact"
    assert found.confidence == Decimal("0.95") and found.licensee_id == wa.pk
    assert found.basis == [{"table": "T2", "rule_version": 1,
                            "approval": found.basis[0]["approval"], "decks": 6,
                            "options": found.basis[0]["options"]}]  # fmt: skip
    assert found.submission_id == submission.pk and found.found_at is not None
    venue = Venue.objects.get(code="WA-CR-0042")
    check = next(
        c
        for c in hold_checks(venue, date(2026, 10, 2), date(2026, 10, 2))
        if (c.table, c.wager_key) == ("T2", "main")
    )  # the record holds what the selector computes
    assert (found.wagers, found.wagered, found.house_won) == (
        check.hold.wagers, check.hold.wagered, check.hold.house_won,
    )  # fmt: skip
    assert found.observed_hold == pytest.approx(check.hold.observed)
    assert (found.interval_low, found.interval_high) == (check.hold.low, check.hold.high)
    month = next(
        c for c in hold_checks(venue, date(2026, 10, 1), date(2026, 10, 3))
        if (c.table, c.wager_key) == ("T2", "main")
    )  # fmt: skip
    assert month.hold.p_value < 1e-3  # a third of the month skimmed shows in the month too


def test_the_same_month_unskimmed_has_no_deviation_though_some_holds_fall_outside(wa, tmp_path):
    submit(wa, _month(tmp_path, skim=False))
    venue = Venue.objects.select_related("licensee__jurisdiction").get(code="WA-CR-0042")
    checks = month_checks(venue, date(2026, 10, 1))
    assert len(checks) >= 30  # every table's wagers each day, the venue's, the month's
    test = DeviationTest.objects.get()
    assert (test.tests, test.level, test.month) == (
        len(checks),
        Decimal("0.00208333"),
        date(2026, 10, 1),
    )  # fmt: skip (half of 5%, a twelfth of it)
    flagged = {(c.table, c.wager_key, first, last) for _, first, last, c in checks
               if test.threshold and c.hold.p_value <= test.threshold}  # fmt: skip
    recorded = {(d.table, d.wager_key, d.first_day, d.last_day)
                for d in Deviation.objects.filter(test=test)}  # fmt: skip
    assert recorded == flagged and test.flagged == len(flagged)
    outside = [c for *_, c in checks if c.deviation]  # each at 95% alone
    assert len(flagged) <= len(outside)  # the month's control flags no more than those


def test_a_month_tested_again_lists_its_latest_test_alone(wa, tmp_path):
    submission = submit(wa, _month(tmp_path, skim=True))
    venue = Venue.objects.get(code="WA-CR-0042")
    listed = list(deviations_of([venue], date(2026, 1, 1), date(2026, 12, 31)))
    count = Deviation.objects.count()
    assert count > 0 and len(listed) == count
    assert deviations_record(submission) == len(listed)  # the same ledger: the same flags
    assert DeviationTest.objects.count() == 2 and Deviation.objects.count() == 2 * count
    again = deviations_of([venue], date(2026, 1, 1), date(2026, 12, 31))
    assert {d.test_id for d in again} == {DeviationTest.objects.latest("tested_at").pk}
    figures = {(d.table, d.wager_key, d.period, d.last_day, d.wagers) for d in listed}
    assert {(d.table, d.wager_key, d.period, d.last_day, d.wagers) for d in again} == figures


def test_deviations_are_never_edited(wa, tmp_path):
    submit(wa, _month(tmp_path, skim=True))
    from games.models.immutability import ImmutableRecordError

    found = Deviation.objects.first()
    found.p_value = 0.5
    with pytest.raises(ImmutableRecordError):
        found.save()
    with pytest.raises(ImmutableRecordError):
        Deviation.objects.all().delete()


def test_the_jurisdictions_rule_decides(wa, tmp_path):
    wa.jurisdiction.deviation_min_wagers = 100_000  # more wagers than a table has in a day
    wa.jurisdiction.save()
    submit(wa, _month(tmp_path, skim=True))
    assert not Deviation.objects.filter(period="day").exists()
    venue = Venue.objects.select_related("licensee__jurisdiction").get(code="WA-CR-0042")
    skimmed = next(c for c in hold_checks(venue, date(2026, 10, 2), date(2026, 10, 2))
                   if (c.table, c.wager_key) == ("T2", "main"))  # fmt: skip
    assert skimmed.hold.outside and not skimmed.tested  # outside, but too few to test


def test_a_stricter_confidence_level_widens_the_interval(wa, tmp_path):
    submit(wa, _month(tmp_path, skim=False))
    venue = Venue.objects.select_related("licensee__jurisdiction").get(code="WA-CR-0042")
    at_95 = {(c.table, c.wager_key): c.hold for c in hold_checks(venue, date(2026, 10, 1),
                                                                  date(2026, 10, 3))}  # fmt: skip
    venue.licensee.jurisdiction.deviation_confidence = Decimal("0.999")
    at_999 = {(c.table, c.wager_key): c.hold for c in hold_checks(venue, date(2026, 10, 1),
                                                                   date(2026, 10, 3))}  # fmt: skip
    for key, hold in at_95.items():
        if hold.low is not None:
            wider = at_999[key]
            assert wider.low < hold.low and wider.high > hold.high
            assert wider.p_value == pytest.approx(hold.p_value)  # the same result, as far off


def test_unequal_stakes_count_as_fewer_wagers():
    """100 wagers of 1 and 100 of 99 spread a hold like about 2 wagers of 99, not 200."""
    equal = Part(200, Decimal(10_000), Decimal(-400), COIN, Decimal(200 * 50**2))
    unequal = Part(200, Decimal(10_000), Decimal(-400), COIN, Decimal(100 + 100 * 99**2))
    assert equal.effective_wagers == 200 and unequal.effective_wagers == 102
    narrow, wide = hold_of_parts([equal], 0.95), hold_of_parts([unequal], 0.95)
    assert wide.high - wide.low > 1.3 * (narrow.high - narrow.low)
    assert Part(200, Decimal(10_000), Decimal(-400), COIN).effective_wagers == 200  # unknown


def test_a_month_is_tested_over_every_day_the_ledger_has(wa, tmp_path):
    submit(wa, _month(tmp_path, skim=False))
    venue = Venue.objects.get(code="WA-CR-0042")
    assert month_periods(venue, date(2026, 10, 1)) == [
        ("day", date(2026, 10, 1), date(2026, 10, 1)),
        ("day", date(2026, 10, 2), date(2026, 10, 2)),
        ("day", date(2026, 10, 3), date(2026, 10, 3)),
        ("month_to_date", date(2026, 10, 1), date(2026, 10, 3)),
        ("year_to_date", date(2026, 1, 1), date(2026, 10, 3)),
    ]
    assert month_periods(venue, date(2026, 11, 1)) == []


def test_another_licensees_upload_of_our_venue_finds_no_deviation(wa, tmp_path):
    other = Licensee.objects.exclude(pk=wa.pk).first()
    submission = submit(other, _month(tmp_path, skim=True))
    assert submission.findings.filter(code="venue_not_of_licensee").exists()
    assert not Deviation.objects.exists()


def test_the_ledger_api_says_flagged_only_of_a_hold_the_months_test_flagged(wa, tmp_path, people):  # noqa: F811
    from rest_framework.test import APIClient

    submit(wa, _month(tmp_path, skim=True))
    api = APIClient()
    api.force_authenticate(people.reviewer)
    ledger = api.get("/api/audits/venues/WA-CR-0042/ledger/?day=2026-10-02").json()
    flagged = {(x["table"], x["wager_key"]) for x in ledger["day"] if x["flagged"]}
    days = Deviation.objects.filter(period="day", first_day=date(2026, 10, 2))
    kept = {(d.table, d.wager_key) for d in days}
    assert ("T2", "main") in flagged and flagged == kept
    alone = [x for x in ledger["day"] if x["deviation"] and not x["flagged"]]
    assert all((x["table"], x["wager_key"]) not in kept for x in alone)
    month = {(x["table"], x["wager_key"]) for x in ledger["month_to_date"] if x["flagged"]}
    assert month == {
        (d.table, d.wager_key)
        for d in Deviation.objects.filter(
            period="month_to_date", first_day=date(2026, 10, 1), last_day=date(2026, 10, 2)
        )
    }
