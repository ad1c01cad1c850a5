"""Gaming days: the local day a round belongs to when a jurisdiction's day begins at a set
time (06:00, say), not at midnight.  Pure Python: the ledger and the gate both read it."""

from __future__ import annotations

from datetime import date, datetime, time, timedelta
from zoneinfo import ZoneInfo


def gaming_day_of(at: datetime, zone: str, start: time) -> date:
    """The gaming day of the aware time ``at`` where days begin at ``start`` local time."""
    if at.tzinfo is None:
        raise ValueError("the time must carry its offset (RFC 3339)")
    local = at.astimezone(ZoneInfo(zone))
    day = local.date()
    return day - timedelta(days=1) if local.time() < start else day


def gaming_day_bounds(day: date, zone: str, start: time) -> tuple[datetime, datetime]:
    """The aware times the gaming day ``day`` begins (inclusive) and ends (exclusive); a
    day across a change of clocks is 23 or 25 hours long."""
    tz = ZoneInfo(zone)
    return datetime.combine(day, start, tz), datetime.combine(day + timedelta(days=1), start, tz)
