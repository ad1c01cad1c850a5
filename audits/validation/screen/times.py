"""``played_at`` as microseconds since 1970 UTC, for a batch at once.

The usual spellings, ``"2026-10-01T10:00:03-07:00"`` and ``"2026-10-01T17:00:03Z"`` (raw JSON
strings), are read in compiled code (every digit, separator and calendar date checked);
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
from .kernel import compiled

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
    for template in (OFFSET_TEMPLATE, UTC_TEMPLATE):
        which = np.flatnonzero(spans.length == len(template))
        _read_times(spans.array, spans.start[which], len(template) == len(OFFSET_TEMPLATE),
                    which, out)  # fmt: skip
    for i in np.flatnonzero(out == MISSING).tolist():
        out[i] = _one(spans.value(i))
    return out


@compiled
def _read_times(data, starts, offset, rows, out):
    """``out[rows[k]]``: the microseconds of the time at ``starts[k]`` in the template's shape
    (with a UTC offset, ``offset``, or ``Z``), left as it is where the bytes are not one: a
    digit where a digit belongs, each separator, a real calendar date and time."""
    for k in range(len(starts)):
        m = data[starts[k] : starts[k] + (27 if offset else 22)]
        if m[0] != 34 or m[5] != 45 or m[8] != 45 or m[11] != 84 or m[14] != 58 or (
            m[17] != 58
        ):  # fmt: skip
            continue
        if offset:
            if m[23] != 58 or m[26] != 34 or not (m[20] == 43 or m[20] == 45):
                continue
        elif m[20] != 90 or m[21] != 34:
            continue
        year, month, day = _number(m, 1, 4), _number(m, 6, 2), _number(m, 9, 2)
        hour, minute, second = _number(m, 12, 2), _number(m, 15, 2), _number(m, 18, 2)
        shift = 0
        if offset:
            off_hour, off_minute = _number(m, 21, 2), _number(m, 24, 2)
            if off_hour < 0 or off_hour > 23 or off_minute < 0 or off_minute > 59:
                continue
            shift = (off_hour * 3600 + off_minute * 60) * (-1 if m[20] == 45 else 1)
        # years far from the calendar's ends: no offset can carry them out of it
        if year < 1000 or year > 8999 or month < 1 or month > 12 or day < 1 or (
            hour < 0 or hour > 23 or minute < 0 or minute > 59 or second < 0 or second > 59
        ):
            continue
        leap = (year % 4 == 0 and year % 100 != 0) or year % 400 == 0
        if day > DAYS_IN_MONTH[month] + (1 if month == 2 and leap else 0):
            continue
        seconds = _days_from_civil(year, month, day) * 86400 + hour * 3600 + minute * 60
        out[rows[k]] = (seconds + second - shift) * 1_000_000


@compiled
def _number(m, at, digits):
    """The decimal number of ``digits`` digits at ``at``; -1 where one is not a digit."""
    value = 0
    for j in range(at, at + digits):
        if m[j] < 48 or m[j] > 57:
            return -1
        value = value * 10 + (m[j] - 48)
    return value


@compiled
def _days_from_civil(year, month, day):
    """Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's algorithm)."""
    y = year - (1 if month <= 2 else 0)
    era = y // 400
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
