"""Dates and ids a client may name: only those the service can hold and compute with.

A date is ``YYYY-MM-DD`` (ASCII digits) from :data:`EARLIEST` to :data:`LATEST`: a day
whose neighbours and whose midnight in any time zone are still dates, so no period, local
midnight or "day after" computed from it overflows.  Anything else is refused with a
sentence that says why (a 400), never a 500.  An id is a whole number from 1 to
:data:`MAX_ID`, the largest a ``bigint`` column holds.
"""

from __future__ import annotations

import re
from datetime import date

EARLIEST = date(1, 1, 2)
LATEST = date(9999, 12, 30)
MAX_ID = 2**63 - 1
_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", re.ASCII)


class NotADate(ValueError):
    """The text is not a date the service accepts; ``str()`` says why."""


def date_from_text(text) -> date:
    """The date ``text`` names (``YYYY-MM-DD``), within :data:`EARLIEST` .. :data:`LATEST`."""
    value = str(text).strip()
    if not _DATE.fullmatch(value):
        raise NotADate(f"{value!r} is not a date such as 2026-10-31")
    try:
        day = date.fromisoformat(value)
    except ValueError as exc:
        raise NotADate(f"{value!r} is not a date: {exc}") from None
    return date_in_range(day)


def date_in_range(day: date) -> date:
    if not EARLIEST <= day <= LATEST:
        raise NotADate(f"{day.isoformat()} is out of range: a date from {EARLIEST} to {LATEST}")
    return day


def id_in_range(value) -> int:
    """A record id as a client may give it (text or a number): a whole number from 1 to
    :data:`MAX_ID`; else ``ValueError``."""
    if isinstance(value, bool):
        raise ValueError(f"{value!r} is not an id")
    if isinstance(value, int):
        number = value
    else:
        text = str(value).strip()
        if not text.isascii() or not text.isdigit() or len(text) > 19:
            raise ValueError(f"{value!r} is not an id")
        number = int(text)
    if not 1 <= number <= MAX_ID:
        raise ValueError(f"{value!r} is not an id (1 to {MAX_ID})")
    return number
