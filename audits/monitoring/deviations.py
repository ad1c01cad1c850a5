"""Deviations: each period's hold per table (and over the whole venue), game and wager key,
tested against the par sheets in force, and every one outside its interval kept as a record.

The test (:mod:`audits.par.hold_distribution`) uses the exact distribution of that many wagers'
results under the par sheet of the variant in force at each table on the period's last day
(the reports' basis, :func:`~.reports.rules.assumed_variant`); over the whole venue, each
table's wagers keep their own sheet.  The jurisdiction names the rule: its confidence level
(``deviation_confidence``) and the fewest wagers worth testing (``deviation_min_wagers``).

When a submission finishes, :func:`deviations_record` tests every gaming day it added to,
and the month to date and year to date of the last such day of each month; a deviation
found is written once with its figures and the date (:class:`~audits.monitoring.models.Deviation`).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from datetime import date, timedelta

from django.db.models import Q

from audits.monitoring.ledger import LedgerLine, ledger_lines
from audits.monitoring.models import Deviation, DeviationPeriod, LedgerDay
from audits.par.hold import Hold, Part, hold_of_parts
from audits.par.rules import authorization_on, authorization_sheets, venue_authorizations
from audits.submissions.models import Submission
from games.models import Authorization, Table, Venue

WHOLE_VENUE = ""


@dataclass(frozen=True)
class HoldCheck:
    """One (table, or ``""`` for the whole venue; game; wager key) over a period."""

    table: str
    game: str
    wager_key: str
    hold: Hold
    tested: bool  # a par sheet and at least the jurisdiction's minimum of wagers
    basis: tuple[dict, ...]  # per table: rule version, approval and the variant assumed

    @property
    def deviation(self) -> bool:
        return self.tested and self.hold.outside

    def to_dict(self) -> dict:
        """The check's figures as the API and the reports' JSON twin give them."""
        place = {"table": self.table, "game": self.game, "wager_key": self.wager_key}
        return {**place, **self.hold.to_dict(), "tested": self.tested, "deviation": self.deviation}


def hold_checks(
    venue: Venue,
    first_day: date,
    last_day: date,
    shared: dict | None = None,
    tested_only: bool = False,
) -> list[HoldCheck]:
    """Every table's hold over the period, then the whole venue's where it has several
    tables of a game, each against its par sheets under the jurisdiction's rule (``shared``:
    the registry reads of earlier calls, to reuse; ``tested_only``: leave out the lines with
    fewer wagers than the jurisdiction tests, without computing their interval)."""
    jurisdiction = venue.licensee.jurisdiction
    confidence = float(jurisdiction.deviation_confidence)
    fewest = jurisdiction.deviation_min_wagers
    sheets = _Sheets(venue, last_day, shared)
    per_wager: dict[tuple[str, str], list[LedgerLine]] = defaultdict(list)
    checks = []
    for line in ledger_lines(venue, first_day, last_day):
        if line.wager_key:
            per_wager[(line.game, line.wager_key)].append(line)
            if not tested_only or line.wagers >= fewest:
                checks.append(_check(line.table, [line], sheets, confidence, fewest))
    for lines in per_wager.values():
        with_sheet = [ln for ln in lines if sheets.sheet(ln)]
        if len(with_sheet) > 1 and (not tested_only or sum(ln.wagers for ln in with_sheet)
                                    >= fewest):  # fmt: skip
            checks.append(_check(WHOLE_VENUE, lines, sheets, confidence, fewest))
    return checks


def line_checks(venue: Venue, lines: list[LedgerLine], day: date) -> list[HoldCheck | None]:
    """Each ledger line's check against the par sheet in force at its table on ``day`` under
    the jurisdiction's rule; None for the lines counting rounds."""
    jurisdiction = venue.licensee.jurisdiction
    confidence = float(jurisdiction.deviation_confidence)
    sheets = _Sheets(venue, day)
    return [
        _check(ln.table, [ln], sheets, confidence, jurisdiction.deviation_min_wagers)
        if ln.wager_key
        else None
        for ln in lines
    ]


def pooled_check(venue: Venue, lines: list[LedgerLine], day: date, shared: dict) -> HoldCheck:
    """Lines of one game and wager key at any of the venue's tables (a dealer's, say) tested
    together, each table's wagers under its own par sheet in force on ``day``, under the
    jurisdiction's rule (``shared``: registry reads to reuse across calls)."""
    jurisdiction = venue.licensee.jurisdiction
    sheets = _Sheets(venue, day, shared)
    confidence = float(jurisdiction.deviation_confidence)
    return _check(WHOLE_VENUE, lines, sheets, confidence, jurisdiction.deviation_min_wagers)


def deviation_list(venue: Venue, first_day: date, last_day: date):
    """The deviations kept for the venue whose period ends between the two days, latest
    first (only its own licensee's)."""
    return deviations_of([venue], first_day, last_day).order_by(
        "-last_day", "table", "game", "wager_key", "period", "-found_at"
    )


def deviations_of(venues: list[Venue], first_day: date, last_day: date):
    """The deviations kept for the venues (each its own licensee's) whose period ends
    between the two days."""
    if not venues:
        return Deviation.objects.none()
    each = Q()
    for venue in venues:
        each |= Q(licensee=venue.licensee_id, venue=venue.code)
    found = Deviation.objects.filter(each, last_day__gte=first_day, last_day__lte=last_day)
    return found.exclude(submission__withdrawn_at__isnull=False)  # found by a withdrawn file


def _check(table: str, lines: list[LedgerLine], sheets, confidence: float, fewest: int):
    """One table's check, or the whole venue's over the tables that have a par sheet (a
    table not authorized for the game has none: its rounds are findings of their own)."""
    if table == WHOLE_VENUE:
        lines = [ln for ln in lines if sheets.sheet(ln)] or lines
    parts = [
        Part(ln.wagers, ln.wagered, ln.net_result, sheets.sheet(ln), ln.stake_squares)
        for ln in lines
    ]
    hold = hold_of_parts(parts, confidence)
    tested = hold.theoretical is not None and hold.low is not None and hold.wagers >= fewest
    basis = tuple(sheets.basis(ln) for ln in lines)
    return HoldCheck(table, lines[0].game, lines[0].wager_key, hold, tested, basis)


class _Sheets:
    """The par sheets in force on a day at each (table, game); each authorization's read
    once however many periods and days ask (``shared`` across calls)."""

    def __init__(self, venue: Venue, day: date, shared: dict | None = None):
        self.venue, self.day = venue, day
        self.shared = {} if shared is None else shared

    def _rules(self, line: LedgerLine) -> dict:
        place = ("place", line.table, line.game, self.day)
        if place not in self.shared:
            table = self._table(line.table)
            found = table and self._authorization(table, line.game)
            self.shared[place] = found and found.pk
            if found and ("authorization", found.pk) not in self.shared:
                self.shared[("authorization", found.pk)] = authorization_sheets(found)
        pk = self.shared[place]
        return self.shared[("authorization", pk)] if pk else {"in_force": False}

    def _authorization(self, table: Table, game: str) -> Authorization | None:
        """In force on the day (the venue's authorizations of the game read once)."""
        key = ("authorizations", game)
        if key not in self.shared:
            self.shared[key] = venue_authorizations(self.venue, game)
        return authorization_on(self.shared[key], table, self.day)

    def _table(self, code: str) -> Table | None:
        if ("table", code) not in self.shared:
            self.shared[("table", code)] = Table.objects.filter(venue=self.venue, code=code).first()
        return self.shared[("table", code)]

    def sheet(self, line: LedgerLine) -> dict | None:
        wagers = self._rules(line).get("wagers", [])
        return next((w.get("sheet") for w in wagers if w["wager_key"] == line.wager_key), None)

    def basis(self, line: LedgerLine) -> dict:
        rules = self._rules(line)
        if not rules.get("in_force"):
            return {"table": line.table, "in_force": False}
        return {
            "table": line.table,
            "rule_version": rules["rule_version"]["version"],
            "approval": rules["approval"]["reference"],
            **rules["par_sheet_basis"],
        }


def venue_checks(checks: list[HoldCheck]) -> list[HoldCheck]:
    """One check per game and wager for the whole venue: its venue-wide line, or where the
    venue has one table of the game with a par sheet, that table's (the one with a sheet
    first, then the most wagers)."""
    best: dict[tuple[str, str], HoldCheck] = {}
    for c in checks:
        key = (c.game, c.wager_key)
        rank = (c.table == WHOLE_VENUE, c.hold.low is not None, c.hold.wagers)
        known = best.get(key)
        if known is None or rank > (known.table == WHOLE_VENUE, known.hold.low is not None,
                                    known.hold.wagers):  # fmt: skip
            best[key] = c
    return [best[k] for k in sorted(best)]


def daily_holds(venue: Venue, first: date, last: date) -> list[dict]:
    """Per game, its most played wager's hold each gaming day over the whole venue, with the
    band of its par sheet for that many wagers (the reports' chart and the page's)."""
    series: dict[tuple[str, str], list[dict]] = defaultdict(list)
    shared: dict = {}
    day = first
    while day <= last:
        for c in venue_checks(hold_checks(venue, day, day, shared)):
            series[(c.game, c.wager_key)].append({
                "day": day.isoformat(), "wagers": c.hold.wagers,
                "observed_hold": c.hold.observed, "interval_low": c.hold.low,
                "interval_high": c.hold.high, "deviation": c.deviation,
            })  # fmt: skip
        day += timedelta(days=1)
    played: dict[str, tuple[int, str]] = {}
    for (game, key), days in series.items():
        wagers = sum(d["wagers"] for d in days)
        if wagers > played.get(game, (-1, ""))[0]:
            played[game] = (wagers, key)
    return [
        {"venue": venue.code, "game": game, "wager_key": key, "days": series[(game, key)]}
        for game, (_, key) in sorted(played.items())
    ]


# -- recording -------------------------------------------------------------------------------


def deviations_record(submission: Submission) -> int:
    """Test the periods the submission's gaming days fall in; keep each deviation (once per
    set of figures); how many were new."""
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
    """Test the periods those days fall in on the ledger as it is now (after a submission
    finished, was withdrawn or reinstated); keep each deviation found; how many were new."""
    new = 0
    for venue_code, days in sorted(days_by_venue.items()):
        venue = (
            Venue.objects.filter(licensee=licensee_id, code=venue_code)
            .select_related("licensee__jurisdiction")
            .first()
        )
        if venue is None:
            continue
        shared: dict = {}
        for period, first, last in periods_to_test(days):
            for check in hold_checks(venue, first, last, shared, tested_only=True):
                if check.deviation:
                    new += _keep(submission, venue, period, first, last, check)
    return new


def periods_to_test(days: set[date]) -> list[tuple[str, date, date]]:
    """Each gaming day; the month to date and year to date of each month's last such day."""
    periods = [(DeviationPeriod.DAY, day, day) for day in sorted(days)]
    last_of_month: dict[tuple[int, int], date] = {}
    for day in days:
        key = (day.year, day.month)
        last_of_month[key] = max(day, last_of_month.get(key, day))
    for last in sorted(last_of_month.values()):
        periods.append((DeviationPeriod.MONTH_TO_DATE, last.replace(day=1), last))
        periods.append((DeviationPeriod.YEAR_TO_DATE, last.replace(month=1, day=1), last))
    return periods


def _keep(submission, venue, period: str, first: date, last: date, check: HoldCheck) -> int:
    hold = check.hold
    _, created = Deviation.objects.get_or_create(
        licensee_id=venue.licensee_id,
        venue=venue.code,
        table=check.table,
        game=check.game,
        wager_key=check.wager_key,
        period=period,
        last_day=last,
        wagers=hold.wagers,
        wagered=hold.wagered,
        house_won=hold.house_won,
        defaults={
            "first_day": first,
            "observed_hold": hold.observed,
            "theoretical_hold": hold.theoretical,
            "interval_low": hold.low,
            "interval_high": hold.high,
            "p_value": hold.p_value,
            "confidence": venue.licensee.jurisdiction.deviation_confidence,
            "method": hold.method,
            "basis": list(check.basis),
            "submission": submission,
        },
    )
    return int(created)
