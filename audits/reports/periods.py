"""Report periods: a month ``2026-10`` or a quarter ``2026-Q3``, as first and last day."""

from __future__ import annotations

import re
from calendar import monthrange
from datetime import date

from compliance.dates import EARLIEST, LATEST

MONTH = re.compile(r"^(\d{4})-(0[1-9]|1[0-2])$")
QUARTER = re.compile(r"^(\d{4})-Q([1-4])$")


class PeriodError(ValueError):
    """Not a period this service understands."""


def period_bounds(period: str) -> tuple[date, date]:
    """First and last day (inclusive) of ``2026-10`` or ``2026-Q3``, in the years the service
    can compute with (2 to 9998: a period's neighbours and local midnights are dates)."""
    if match := MONTH.match(period):
        year, month = int(match[1]), int(match[2])
        first, last = (month, month)
    elif match := QUARTER.match(period):
        year, quarter = int(match[1]), int(match[2])
        first, last = 3 * quarter - 2, 3 * quarter
    else:
        raise PeriodError(
            f"{period!r} is not a period: use a month (2026-10) or a quarter (2026-Q3)"
        )
    if not EARLIEST.year < year < LATEST.year:
        raise PeriodError(
            f"{period!r} is out of range: a period in the years {EARLIEST.year + 1} "
            f"to {LATEST.year - 1}"
        )
    return date(year, first, 1), date(year, last, monthrange(year, last)[1])


def period_begun(period: str, today: date) -> tuple[date, date]:
    """:func:`period_bounds` of a period that has begun by ``today`` (a report of days not
    yet played would be a signed document about nothing)."""
    start, end = period_bounds(period)
    if start > today:
        raise PeriodError(f"{period!r} has not begun: its first day is {start}")
    return start, end


def previous_month(today: date) -> str:
    year, month = (today.year, today.month - 1) if today.month > 1 else (today.year - 1, 12)
    return f"{year}-{month:02d}"


def previous_quarter(today: date) -> str:
    quarter = (today.month - 1) // 3  # the current quarter's number minus one
    return f"{today.year}-Q{quarter}" if quarter else f"{today.year - 1}-Q4"
