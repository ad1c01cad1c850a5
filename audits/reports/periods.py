"""Report periods: a month ``2026-10`` or a quarter ``2026-Q3``, as first and last day."""

from __future__ import annotations

import re
from calendar import monthrange
from datetime import date

MONTH = re.compile(r"^(\d{4})-(0[1-9]|1[0-2])$")
QUARTER = re.compile(r"^(\d{4})-Q([1-4])$")


class PeriodError(ValueError):
    """Not a period this service understands."""


def period_bounds(period: str) -> tuple[date, date]:
    """First and last day (inclusive) of ``2026-10`` or ``2026-Q3``."""
    if match := MONTH.match(period):
        year, month = int(match[1]), int(match[2])
        return date(year, month, 1), date(year, month, monthrange(year, month)[1])
    if match := QUARTER.match(period):
        year, quarter = int(match[1]), int(match[2])
        first, last = 3 * quarter - 2, 3 * quarter
        return date(year, first, 1), date(year, last, monthrange(year, last)[1])
    raise PeriodError(f"{period!r} is not a period: use a month (2026-10) or a quarter (2026-Q3)")


def previous_month(today: date) -> str:
    year, month = (today.year, today.month - 1) if today.month > 1 else (today.year - 1, 12)
    return f"{year}-{month:02d}"


def previous_quarter(today: date) -> str:
    quarter = (today.month - 1) // 3  # the current quarter's number minus one
    return f"{today.year}-Q{quarter}" if quarter else f"{today.year - 1}-Q4"
