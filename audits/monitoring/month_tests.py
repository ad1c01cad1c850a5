"""A venue's month tested as one family: every hold check of the month, flags by
Benjamini–Hochberg, the flagged ones kept as deviations.

When a submission finishes (or is withdrawn, or reinstated), each month it has gaming days
in is tested again as a whole, on the ledger as it is then (each gaming day's checks read
again where its ledger and the registry are unchanged, :mod:`audits.monitoring.day_checks`, so
that a day's submission costs its own day's checks and the longer periods', however far the
month has gone): each table's and the whole
venue's hold of each wager on every gaming day of the month the venue has rows for, the
month to date and the year to date of its last such day (:func:`month_periods`).  Of the
checks with a par sheet and the jurisdiction's fewest wagers, those whose p-value is at or
under the Benjamini–Hochberg threshold of their family are flagged: the gaming days are one
family, the month and year to date another.  The jurisdiction's level (one minus its
``deviation_confidence``) holds for a venue's whole year: each month's test spends a twelfth
of the share :data:`~audits.par.many_tests.SPENT` of it, half on each family (the rest is
kept for the tails' approximation).  When nothing has changed, a venue's year shows any flag at
most that often; a change lasting weeks shows in the few long periods' tests.
The test is kept (:class:`~audits.monitoring.models.DeviationTest`)
with each deviation it flagged; the month's latest test is its standing.
"""

from __future__ import annotations

from collections import defaultdict
from datetime import date

from audits.monitoring.day_checks import days_checks
from audits.monitoring.deviations import HoldCheck, hold_checks
from audits.monitoring.models import Deviation, DeviationPeriod, DeviationTest, LedgerDay
from audits.par.many_tests import family_thresholds, month_level
from audits.submissions.models import Submission
from games.models import Venue

DAYS, LONGER = "days", "longer"  # the month's two families of tests
DAY = DeviationPeriod.DAY


def deviations_record(submission: Submission) -> int:
    """Test the months the submission's gaming days fall in; how many deviations flagged."""
    return deviations_retest(submission.licensee_id, ledger_days_of(submission), submission)


def ledger_days_of(submission: Submission) -> dict[str, set[date]]:
    """Venue code -> the gaming days the submission has rows of in the ledger."""
    days_by_venue: dict[str, set[date]] = defaultdict(set)
    for venue_code, day in LedgerDay.objects.filter(submission=submission).values_list(
        "venue", "gaming_day"
    ):
        days_by_venue[venue_code].add(day)
    return days_by_venue


def deviations_retest(
    licensee_id: int, days_by_venue: dict[str, set[date]], submission: Submission | None = None
) -> int:
    """Test each month those days fall in on the ledger as it is now; how many flagged."""
    flagged = 0
    for venue_code, days in sorted(days_by_venue.items()):
        venue = (
            Venue.objects.filter(licensee=licensee_id, code=venue_code)
            .select_related("licensee__jurisdiction")
            .first()
        )
        if venue is None:
            continue
        shared: dict = {}
        for month in sorted({day.replace(day=1) for day in days}):
            flagged += month_test(venue, month, submission, shared).flagged
    return flagged


def month_periods(venue: Venue, month: date) -> list[tuple[str, date, date]]:
    """Every gaming day of the month the venue's ledger has, then the month to date and the
    year to date of the last of them."""
    following = month.replace(year=month.year + month.month // 12, month=month.month % 12 + 1)
    days = sorted(
        set(
            LedgerDay.objects.filter(
                licensee=venue.licensee_id,
                venue=venue.code,
                gaming_day__gte=month,
                gaming_day__lt=following,
            ).values_list("gaming_day", flat=True)
        )
    )
    if not days:
        return []
    periods = [(DeviationPeriod.DAY, day, day) for day in days]
    periods.append((DeviationPeriod.MONTH_TO_DATE, month, days[-1]))
    periods.append((DeviationPeriod.YEAR_TO_DATE, month.replace(month=1), days[-1]))
    return periods


def month_checks(venue: Venue, month: date, shared: dict | None = None):
    """``(period, first day, last day, check)`` of every tested check of the month: each
    gaming day's read again where neither its ledger nor the registry has changed since it
    was computed (:mod:`audits.monitoring.day_checks`), the month and year to date computed."""
    shared = {} if shared is None else shared
    periods = month_periods(venue, month)
    days = days_checks(venue, [first for period, first, _ in periods if period == DAY], shared)
    return [
        (period, first, last, check)
        for period, first, last in periods
        for check in (days[first] if period == DAY else
                      hold_checks(venue, first, last, shared, tested_only=True))  # fmt: skip
        if check.tested
    ]


def month_test(
    venue: Venue, month: date, submission: Submission | None = None, shared: dict | None = None
) -> DeviationTest:
    """Test the venue's month as one family; keep the test and each deviation it flagged."""
    confidence = venue.licensee.jurisdiction.deviation_confidence
    level = month_level(1 - confidence)
    checks = month_checks(venue, month, shared)
    families = {DAYS: [], LONGER: []}
    for period, *_, check in checks:
        families[_family(period)].append(check.hold.p_value)
    thresholds = family_thresholds(families, float(level))
    flagged = [
        row for row in checks
        if row[3].hold.p_value <= thresholds[_family(row[0])] and thresholds[_family(row[0])]
    ]  # fmt: skip
    test = DeviationTest.objects.create(
        licensee_id=venue.licensee_id,
        venue=venue.code,
        month=month,
        tests=len(checks),
        flagged=len(flagged),
        level=level,
        threshold=thresholds[DAYS],
        longer_threshold=thresholds[LONGER],
        asked_by=str(submission.uuid) if submission else "",
    )
    for period, first, last, check in flagged:
        _keep(test, submission, venue, period, first, last, check)
    return test


def _family(period: str) -> str:
    return DAYS if period == DeviationPeriod.DAY else LONGER


def _keep(test: DeviationTest, submission: Submission | None, venue: Venue, period: str,
          first: date, last: date, check: HoldCheck) -> Deviation:  # fmt: skip
    hold = check.hold
    return Deviation.objects.create(
        licensee_id=venue.licensee_id,
        venue=venue.code,
        table=check.table,
        game=check.game,
        wager_key=check.wager_key,
        period=period,
        first_day=first,
        last_day=last,
        wagers=hold.wagers,
        wagered=hold.wagered,
        house_won=hold.house_won,
        observed_hold=hold.observed,
        theoretical_hold=hold.theoretical,
        interval_low=hold.low,
        interval_high=hold.high,
        p_value=hold.p_value,
        confidence=venue.licensee.jurisdiction.deviation_confidence,
        method=hold.method,
        basis=list(check.basis),
        test=test,
        submission=submission,
    )


def month_standing(venue: Venue, day: date) -> DeviationTest | None:
    """The latest test of the venue's month of ``day`` (None: not tested yet)."""
    return (
        DeviationTest.objects.filter(
            licensee=venue.licensee_id, venue=venue.code, month=day.replace(day=1)
        )
        .order_by("-tested_at", "-pk")
        .first()
    )
