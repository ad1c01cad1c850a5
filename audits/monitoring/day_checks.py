"""A month's gaming days' hold checks, computed once each and read again while their inputs
hold: the finish of a day's submission tests its own day again, not every day of the month.

A day's checks depend on the day's ledger lines (the sums of its finished submissions, not
withdrawn) and on the registry (the par sheets in force that day, the jurisdiction's rule).
Each day's checks are kept (:class:`~audits.monitoring.models.DayChecks`) with a digest of both:
a month's test reads a day's kept checks when the digest is the same, and computes (and keeps)
them otherwise: a day a submission added rounds to, withdrew or reinstated, or every day
after the registry changed.  The figures read back are those computed, to the bit (floats
as JSON keeps them, money as text), so the month's family of tests is the same either way
(``tests/audits/monitoring/test_day_checks.py``).
"""

from __future__ import annotations

import hashlib
from collections import defaultdict
from datetime import date
from decimal import Decimal

from django.db.models import Sum

from audits.monitoring.deviations import HoldCheck, hold_checks
from audits.monitoring.ledger import SUMS, LedgerLine, venue_days
from audits.monitoring.models import DayChecks, LedgerDay
from audits.par.hold import Hold
from games.models import Venue
from games.revision import registry_revision

MONEY = ("wagered", "house_won")


def days_checks(venue: Venue, days: list[date], shared: dict) -> dict[date, list[HoldCheck]]:
    """The tested checks of each of ``days`` (of one month), kept ones read, the others
    computed and kept."""
    if not days:
        return {}
    lines = _day_lines(venue, days[0], days[-1])
    rule = venue.licensee.jurisdiction  # its rule, as the venue read it, and the registry's
    revision = (f"{registry_revision()}|{rule.deviation_confidence}|"
                f"{rule.deviation_min_wagers}|{rule.deviation_tails}")  # fmt: skip
    kept = {
        row.gaming_day: row
        for row in DayChecks.objects.filter(licensee=venue.licensee_id, venue=venue.code,
                                            gaming_day__in=days)  # fmt: skip
    }
    found, computed = {}, []
    for day in days:
        day_lines = lines.get(day, [])
        inputs = _digest(revision, day_lines)
        row = kept.get(day)
        if row is not None and row.inputs == inputs:
            found[day] = [_check_of(data) for data in row.checks]
            continue
        found[day] = hold_checks(venue, day, day, shared, tested_only=True, lines=day_lines)
        found[day] = [check for check in found[day] if check.tested]
        computed.append(DayChecks(
            licensee_id=venue.licensee_id, venue=venue.code, gaming_day=day, inputs=inputs,
            checks=[_data_of(c) for c in found[day]],
        ))  # fmt: skip
    # kept in one statement, each day's row inserted or replaced (of two tests at once, the later)
    DayChecks.objects.bulk_create(
        computed, update_conflicts=True, update_fields=["inputs", "checks"],
        unique_fields=["licensee", "venue", "gaming_day"],
    )  # fmt: skip
    return found


def _day_lines(venue: Venue, first: date, last: date) -> dict[date, list[LedgerLine]]:
    """Each day's ledger lines, as :func:`~audits.monitoring.ledger.ledger_lines` gives a day's,
    in one query for the days from ``first`` to ``last``."""
    rows = (
        venue_days(LedgerDay, venue)
        .filter(gaming_day__gte=first, gaming_day__lte=last)
        .values("gaming_day", "table", "game", "wager_key")
        .annotate(**{f"{f}_sum": Sum(f) for f in SUMS})
        .order_by("gaming_day", "table", "game", "wager_key")
    )
    found: dict[date, list[LedgerLine]] = defaultdict(list)
    for r in rows:
        found[r["gaming_day"]].append(
            LedgerLine(r["table"], r["game"], r["wager_key"],
                       **{f: r[f"{f}_sum"] or 0 for f in SUMS})  # fmt: skip
        )
    return found


def _digest(revision: str, lines: list[LedgerLine]) -> str:
    digest = hashlib.sha256(revision.encode())
    for line in lines:
        digest.update(repr((line.table, line.game, line.wager_key,
                            *(str(getattr(line, f)) for f in SUMS))).encode())  # fmt: skip
    return digest.hexdigest()


def _data_of(check: HoldCheck) -> dict:
    hold = {**vars(check.hold), **{f: str(getattr(check.hold, f)) for f in MONEY}}
    return {"table": check.table, "game": check.game, "wager_key": check.wager_key,
            "hold": hold, "tested": check.tested, "basis": list(check.basis)}  # fmt: skip


def _check_of(data: dict) -> HoldCheck:
    hold = Hold(**{**data["hold"], **{f: Decimal(data["hold"][f]) for f in MONEY}})
    return HoldCheck(data["table"], data["game"], data["wager_key"], hold, data["tested"],
                     tuple(data["basis"]))  # fmt: skip
