"""What a venue or jurisdiction report carries of monitoring over time: the ledger's last day,
period and year to date with each hold's test, each game's daily hold against its band, the
deviations of the period, and every case touching the period in the state it had when the
report was generated (a report issued later states the cases' state at its own date).

Part of the report's JSON twin (:mod:`.figures`); the PDF draws it (:mod:`.render`).
"""

from __future__ import annotations

from datetime import date

from django.db.models import Q
from django.utils import timezone

from audits.investigations.models import Case, CaseStep
from audits.monitoring.dealers import dealer_checks, seat_checks
from audits.monitoring.deviations import (
    HoldCheck,
    daily_holds,
    deviations_of,
    hold_checks,
    venue_checks,
)
from audits.monitoring.ledger import ledger_lines
from audits.reports.models import Report, ReportKind
from audits.reports.scope import report_findings, report_submissions
from compliance.timezones import local_iso
from games.models import Venue

PERIODS = ("last_day", "period", "year_to_date")


def monitoring_figures(report: Report) -> dict | None:
    """None for a report of one submission (it has no period)."""
    if report.kind == ReportKind.SUBMISSION or not report.period_start:
        return None
    venues = _venues(report)
    first, last = report.period_start, report.period_end
    zone = report.jurisdiction.timezone
    as_of = timezone.now()
    deviations = _deviations(venues, first, last, as_of, zone)
    return {
        "as_of": local_iso(as_of, zone),
        "confidence": float(report.jurisdiction.deviation_confidence),
        "min_wagers": report.jurisdiction.deviation_min_wagers,
        "case_overdue_days": report.jurisdiction.case_overdue_days,
        "ledger": [_flagged(_venue_ledger(v, report, first, last), deviations) for v in venues],
        "daily": [row for v in venues for row in daily_holds(v, first, last)],
        "deviations": deviations,
        "dealers": [
            {"venue": v.code, "dealers": [_dealer(c) for c in dealer_checks(v, first, last)]}
            for v in venues
        ],
        "seats": [
            {"venue": v.code, "seats": [_seat(c) for c in seat_checks(v, first, last)]}
            for v in venues
        ],
        "cases": _cases(report, venues, first, last, as_of, zone),
    }


def _venues(report: Report) -> list[Venue]:
    if report.kind == ReportKind.VENUE:
        venues = Venue.objects.filter(pk=report.venue_id)
    else:
        venues = Venue.objects.filter(licensee__jurisdiction=report.jurisdiction_id)
    return list(venues.select_related("licensee__jurisdiction").order_by("code"))


def _venue_ledger(venue: Venue, report: Report, first: date, last: date) -> dict:
    """The three periods; a jurisdiction report shows each venue whole, a venue report each
    table too."""
    spans = {"last_day": (last, last), "period": (first, last),
             "year_to_date": (last.replace(month=1, day=1), last)}  # fmt: skip
    whole_only = report.kind == ReportKind.JURISDICTION
    periods = {}
    for name, (start, end) in spans.items():
        checks = hold_checks(venue, start, end)
        rounds = sum(x.rounds for x in ledger_lines(venue, start, end) if not x.wager_key)
        periods[name] = {
            "first_day": start.isoformat(), "last_day": end.isoformat(), "rounds": rounds,
            "lines": [c.to_dict() for c in _shown(checks, whole_only)],
        }  # fmt: skip
    return {"venue": venue.code, "name": venue.name, "periods": periods}


#: the ledger's period and the deviation period whose flag it shows
SAME_PERIOD = {"last_day": "day", "period": "month_to_date", "year_to_date": "year_to_date"}


def _flagged(ledger: dict, deviations: list[dict]) -> dict:
    """Each ledger line ``flagged`` when the period's deviations hold a flag of the same
    place, wager and span (the day, or the month or year to date from the same first day):
    a hold outside its own interval is not a flag unless the month's test flagged it."""
    flags = {(d["venue"], d["table"], d["game"], d["wager_key"], d["period"], d["first_day"])
             for d in deviations}  # fmt: skip
    for name, period in ledger["periods"].items():
        for line in period["lines"]:
            key = (ledger["venue"], line["table"], line["game"], line["wager_key"],
                   SAME_PERIOD[name], period["first_day"])  # fmt: skip
            line["flagged"] = key in flags
    return ledger


def _shown(checks: list[HoldCheck], whole_only: bool) -> list[HoldCheck]:
    """Every check, or for a whole venue one per game and wager (:func:`venue_checks`)."""
    return venue_checks(checks) if whole_only else checks


def _dealer(check) -> dict:
    return {
        "dealer": check.dealer, "rounds": check.rounds, "findings": check.findings,
        "overpaid_rounds": check.overpaid_rounds, "overpaid": str(check.overpaid),
        "rate": check.rate, "others_rate": check.others_rate, "p_value": check.p_value,
        "adjusted": check.adjusted, "flagged": check.flagged,
        "holds": [h.to_dict() for h in check.holds],
    }  # fmt: skip


def _seat(check) -> dict:
    return {
        "table": check.table, "seat": check.seat, "rounds": check.rounds,
        "findings": check.findings, "overpaid_rounds": check.overpaid_rounds,
        "overpaid": str(check.overpaid), "rate": check.rate, "others_rate": check.others_rate,
        "p_value": check.p_value, "adjusted": check.adjusted, "flagged": check.flagged,
    }  # fmt: skip


def _deviations(venues: list[Venue], first: date, last: date, as_of, zone: str) -> list[dict]:
    rows = (
        deviations_of(venues, first, last)
        .filter(found_at__lte=as_of)
        .order_by("last_day", "venue", "table", "game", "wager_key", "period")
    )
    return [
        {
            "id": d.pk,
            "venue": d.venue,
            "table": d.table,
            "game": d.game,
            "wager_key": d.wager_key,
            "period": d.period,
            "first_day": d.first_day.isoformat(),
            "last_day": d.last_day.isoformat(),
            "wagers": d.wagers,
            "wagered": str(d.wagered),
            "house_won": str(d.house_won),
            "observed_hold": d.observed_hold,
            "theoretical_hold": d.theoretical_hold,
            "interval_low": d.interval_low,
            "interval_high": d.interval_high,
            "p_value": d.p_value,
            "confidence": float(d.confidence),
            "method": d.method,
            "found_at": local_iso(d.found_at, zone),
        }  # fmt: skip
        for d in rows
    ]


def _cases(report: Report, venues, first: date, last: date, as_of, zone: str) -> list[dict]:
    """Every case opened by the report's date on a finding the report judges or a deviation
    of its period, with its status and outcome as its steps had made them by then."""
    findings = report_findings(report, report_submissions(report))
    deviations = deviations_of(venues, first, last)
    cases = (
        Case.objects.filter(Q(findings__in=findings) | Q(deviations__in=deviations))
        .filter(opened_at__lte=as_of)
        .distinct()
        .select_related("licensee__jurisdiction")
        .order_by("opened_at", "pk")
    )
    rows = []
    for case in cases:
        steps = list(CaseStep.objects.filter(case=case, at__lte=as_of).order_by("at", "pk"))
        if not steps:
            continue
        latest = steps[-1]
        closed = latest.status_after == "closed"
        open_days = ((latest.at if closed else as_of) - case.opened_at).days
        rows.append({
            "id": case.pk, "title": case.title, "licensee": case.licensee.license_number,
            "opened_at": local_iso(case.opened_at, zone),
            "status": latest.status_after, "outcome": latest.outcome if closed else "",
            "closed_at": local_iso(latest.at, zone) if closed else None,
            "steps": len(steps), "findings": case.findings.count(),
            "deviations": case.deviations.count(),
            "overdue": not closed and open_days > case.licensee.jurisdiction.case_overdue_days,
        })  # fmt: skip
    return rows
