"""Monitoring pages: the venues a user may see, and a venue's ledger of a gaming day with its
month and year to date (reviewers: every venue of their jurisdiction; staff: their
licensee's; any other venue is 404, as one that does not exist)."""

from __future__ import annotations

from datetime import date

from django.http import Http404
from django.shortcuts import render

from audits.doors.pages import role_required
from audits.monitoring.dealers import dealer_checks, seat_checks
from audits.monitoring.deviations import daily_holds, deviation_list, line_checks
from audits.monitoring.ledger import PERIODS, ledger_last_day, ledger_periods
from audits.monitoring.month_tests import month_standing
from audits.monitoring.pages.charts import daily_hold_svg
from audits.submissions.corrections import corrections_at_venue, incomplete_at_venue
from compliance.dates import NotADate, date_from_text
from games.access import REVIEWER, STAFF, user_role, venues_visible_to

TITLES = {"day": "Gaming day", "month_to_date": "Month to date", "year_to_date": "Year to date"}


@role_required
def venue_list(request):
    venues = venues_visible_to(request.user).select_related("licensee").order_by("code")
    rows = [(venue, ledger_last_day(venue)) for venue in venues]
    return render(request, "web/monitoring.html", {"rows": rows})


@role_required
def venue_ledger(request, code: str):
    venue = venues_visible_to(request.user).select_related("licensee__jurisdiction")
    venue = venue.filter(code=code).first()
    if venue is None:
        raise Http404("no such venue that you may see")
    day, bad_day = _day(request.GET.get("day", ""))  # a bad one is said; the latest shown
    day = day or ledger_last_day(venue)
    periods = ledger_periods(venue, day) if day else dict.fromkeys(PERIODS, [])
    return render(
        request,
        "web/ledger.html",
        {
            "venue": venue,
            "day": day,
            "bad_day": bad_day,
            "periods": [
                (TITLES[name], *_period_rows(venue, periods[name], day)) for name in PERIODS
            ],
            "deviations": deviation_list(venue, day.replace(month=1, day=1), day) if day else [],
            **_standing(venue, day),
            **_who(venue, day),
            "charts": _charts(venue, day),
            "rule": venue.licensee.jurisdiction,
            "can_open_case": user_role(request.user) in (REVIEWER, STAFF),
            "gaming_day_start": venue.licensee.jurisdiction.gaming_day_start,
            "zone": venue.licensee.jurisdiction.timezone,
            "corrections": corrections_at_venue(venue.code, venue.licensee_id),
            "incomplete": incomplete_at_venue(venue.code, venue.licensee_id),
        },
    )


def _period_rows(venue, lines: list, day: date) -> tuple[list, list]:
    """The period's lines with their par, counted (valid wagers at authorized tables) and
    apart (a table the game is not authorized at, a wager the game does not have)."""
    checks = line_checks(venue, lines, day)
    authorized = {(c.table, c.game) for c in checks if c is not None and c.counted}
    counted, apart = [], []
    for line, check in zip(lines, checks, strict=True):
        at_authorized = (line.table, line.game) in authorized or (
            check is not None and all(b.get("in_force", True) for b in check.basis)
        )
        if check.counted if check is not None else at_authorized:
            counted.append((line, _par(check)))
        else:
            why = (
                "not a wager of the game"
                if at_authorized
                else "no authorization of the game at this table"
            )
            apart.append((line, why))
    return counted, apart


def _standing(venue, day: date | None) -> dict:
    """The month's latest test and what chance alone would flag, in words."""
    level = 1 - venue.licensee.jurisdiction.deviation_confidence
    in_100 = f"{float(level * 100):g}"
    return {
        "standing": month_standing(venue, day) if day else None,
        "level": f"{level:.1%}".replace(".0%", "%"),
        "chance": f"{in_100} time{'' if in_100 == '1' else 's'} in 100",
        "tails": venue.licensee.jurisdiction.deviation_tails,
    }


def _who(venue, day: date | None) -> dict:
    """The month to ``day``: the dealers with their holds, and the seats."""
    if day is None:
        return {"dealers": [], "dealer_holds": [], "seats": []}
    dealers = dealer_checks(venue, day.replace(day=1), day)
    holds = [(c.dealer, h, _par(h) or {}, _percent(h.hold.observed))
             for c in dealers for h in c.holds]  # fmt: skip
    by_chance = 1 - float(venue.licensee.jurisdiction.deviation_confidence)
    return {"dealers": dealers, "dealer_holds": holds, "by_chance": f"{by_chance:.1%}",
            "seats": seat_checks(venue, day.replace(day=1), day)}  # fmt: skip


def _percent(share: float | None) -> str:
    return "" if share is None else f"{share:.2%}"


def _charts(venue, day: date | None) -> list:
    """The month to ``day``: each game's daily hold against its band."""
    if day is None:
        return []
    charts = (daily_hold_svg(s) for s in daily_holds(venue, day.replace(day=1), day))
    return [c for c in charts if c is not None]


def _day(text: str) -> tuple[date | None, str | None]:
    """The day asked for, or None and why it is not one."""
    try:
        return (date_from_text(text) if text else None), None
    except NotADate as exc:
        return None, str(exc)


def _par(check) -> dict | None:
    """The par sheet's hold, interval and test as the page shows them (percentages)."""
    if check is None or check.hold.theoretical is None:
        return None
    hold = check.hold
    band = None if hold.low is None else f"{hold.low:.2%} to {hold.high:.2%}"
    return {
        "edge": f"{hold.theoretical:.2%}",
        "band": band,
        "p_value": None if hold.p_value is None else f"{hold.p_value:.3g}",
        "tested": check.tested,
        "deviation": check.deviation,
    }
