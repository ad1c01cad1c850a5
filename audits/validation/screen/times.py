"""``played_at`` as microseconds since 1970 UTC, for a batch at once.

The usual spellings, ``"2026-10-01T10:00:03-07:00"`` and ``"2026-10-01T17:00:03Z"`` (raw JSON
strings), are read in numpy (every digit, separator and calendar date checked, :mod:`.fixed`);
any other spelling is decoded and read by ``datetime.fromisoformat``, as the exact path
reads it.  A time the exact path would reject
(no UTC offset, not a date, out of range) is None here, and its round goes to the exact path.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime, timedelta

import msgspec
import numpy as np

from .fixed import Joined, Spans

EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
MICROSECOND = timedelta(microseconds=1)
MISSING = np.iinfo(np.int64).min  # a time not read
OFFSET_TEMPLATE = '"0000-00-00T00:00:00+00:00"'
UTC_TEMPLATE = '"0000-00-00T00:00:00Z"'
_TEXT = msgspec.json.Decoder(str)
DAYS_IN_MONTH = np.array([0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31], np.int64)


def epoch_micros(raws: Sequence | Spans) -> np.ndarray:
    """Microseconds since the epoch of each raw JSON time; :data:`MISSING` where it is not
    one."""
    spans = raws if isinstance(raws, Spans) else Joined(raws)
    out = np.full(len(spans), MISSING, np.int64)
    found = 0
    for template in (OFFSET_TEMPLATE, UTC_TEMPLATE):
        which, micros = spans.read(len(template), lambda m, t=template: _micros(m, t))
        out[which] = micros
        found += len(which)
        if found == len(spans):
            return out
    for i in np.flatnonzero(out == MISSING).tolist():
        out[i] = _one(spans.value(i))
    return out


def _micros(m: np.ndarray, template: str) -> tuple[np.ndarray, np.ndarray]:
    """(rows in the template's shape with a real time, their microseconds)."""
    m = m.astype(np.int64)
    digit_at = [i for i, c in enumerate(template) if c == "0"]
    digits = m[:, digit_at] - ord("0")
    ok = ((digits >= 0) & (digits <= 9)).all(axis=1)
    for i, c in enumerate(template):
        if c != "0" and c != "+":
            ok &= m[:, i] == ord(c)
    d = np.where(ok[:, None], digits, 0)
    year = d[:, 0] * 1000 + d[:, 1] * 100 + d[:, 2] * 10 + d[:, 3]
    month, day = d[:, 4] * 10 + d[:, 5], d[:, 6] * 10 + d[:, 7]
    hour, minute = d[:, 8] * 10 + d[:, 9], d[:, 10] * 10 + d[:, 11]
    second = d[:, 12] * 10 + d[:, 13]
    offset = np.zeros(len(m), np.int64)
    if "+" in template:
        sign_at = template.index("+")
        sign = np.where(m[:, sign_at] == ord("-"), -1, 1)
        ok &= (m[:, sign_at] == ord("+")) | (m[:, sign_at] == ord("-"))
        off_hour, off_minute = d[:, 14] * 10 + d[:, 15], d[:, 16] * 10 + d[:, 17]
        ok &= (off_hour <= 23) & (off_minute <= 59)
        offset = sign * (off_hour * 3600 + off_minute * 60)
    # years far from the calendar's ends: no offset can carry them out of it
    ok &= (year >= 1000) & (year <= 8999) & (month >= 1) & (month <= 12) & (day >= 1)
    ok &= day <= _days_in_month(year, np.clip(month, 1, 12))
    ok &= (hour <= 23) & (minute <= 59) & (second <= 59)
    seconds = _days_from_civil(year, month, day) * 86400 + hour * 3600 + minute * 60 + second
    return ok, (seconds - offset) * 1_000_000


def _days_in_month(year: np.ndarray, month: np.ndarray) -> np.ndarray:
    leap = ((year % 4 == 0) & (year % 100 != 0)) | (year % 400 == 0)
    return DAYS_IN_MONTH[month] + ((month == 2) & leap)


def _days_from_civil(year: np.ndarray, month: np.ndarray, day: np.ndarray) -> np.ndarray:
    """Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's algorithm)."""
    y = year - (month <= 2)
    era = np.floor_divide(y, 400)
    yoe = y - era * 400
    mp = (month + 9) % 12
    doy = (153 * mp + 2) // 5 + day - 1
    doe = yoe * 365 + yoe // 4 - yoe // 100 + doy
    return era * 146097 + doe - 719468


def _one(raw: bytes) -> int:
    """One raw JSON time as the exact path reads it (``parse._time``), or :data:`MISSING`."""
    try:
        value = datetime.fromisoformat(_TEXT.decode(raw))
        if value.tzinfo is None:
            return MISSING
        return (value.astimezone(UTC) - EPOCH) // MICROSECOND
    except (ValueError, OverflowError, TypeError, msgspec.DecodeError):
        return MISSING


def as_datetime(micros: int) -> datetime:
    """A time of :func:`epoch_micros` as an aware datetime in UTC."""
    return EPOCH + timedelta(microseconds=int(micros))
