"""The live page of a venue's gaming day (reviewers: their jurisdiction's venues; staff:
their licensee's; any other venue is 404, as one that does not exist). The page reloads its
body every few seconds from the fragment view."""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import render
from django.utils import timezone

from audits.doors.pages import role_required
from audits.live.today import live_day_view
from compliance.dates import NotADate, date_from_text
from games.access import venues_visible_to
from games.gaming_day import gaming_day_of


@role_required
def venue_live(request, code: str):
    return render(request, "web/live.html", _context(request, code))


@role_required
def venue_live_fragment(request, code: str):
    return render(request, "web/_live_day.html", _context(request, code))


def _context(request, code: str) -> dict:
    venue = venues_visible_to(request.user).select_related("licensee__jurisdiction")
    venue = venue.filter(code=code).first()
    if venue is None:
        raise Http404("no such venue that you may see")
    rule = venue.licensee.jurisdiction
    today = gaming_day_of(timezone.now(), rule.timezone, rule.gaming_day_start)
    try:
        day = date_from_text(request.GET["day"]) if request.GET.get("day") else today
    except NotADate:
        day = today
    return {"venue": venue, "day": day, "today": day == today, "zone": rule.timezone,
            "currency": rule.currency, **live_day_view(venue, day)}  # fmt: skip
