"""``played_at`` read as RFC 3339 with its offset into microseconds since 1970 UTC
(:mod:`.reader`)."""

from __future__ import annotations

from .jit import compiled
from .layout import _COLON, _DOT, _MINUS, _NINE, _ZERO, FIRST_MICROS, L_MICROS, LAST_MICROS
from .tokens import _string_end

# -- the time ------------------------------------------------------------------------------


@compiled
def _digits(d, i, n):
    value = 0
    for j in range(i, i + n):
        c = d[j]
        if c < _ZERO or c > _NINE:
            return -1
        value = value * 10 + (int(c) - _ZERO)
    return value


@compiled
def _played_at(d, i, e, days, line_ints, r):
    """RFC 3339 (``YYYY-MM-DDThh:mm:ss[.f…](Z|±hh:mm)``, T and Z in either case) into
    microseconds since 1970 UTC, as the exact path reads it (the fraction cut to six
    digits); -1 for anything else, a date the calendar lacks, or a time beyond it in UTC."""
    end = _string_end(d, i, e)
    if end < 0 or end - i < 22:
        return -1
    a = i + 1
    if (d[a + 4] != _MINUS or d[a + 7] != _MINUS or (d[a + 10] != 84 and d[a + 10] != 116)
            or d[a + 13] != _COLON or d[a + 16] != _COLON):  # fmt: skip
        return -1
    year, month, day = _digits(d, a, 4), _digits(d, a + 5, 2), _digits(d, a + 8, 2)
    hour, minute, second = _digits(d, a + 11, 2), _digits(d, a + 14, 2), _digits(d, a + 17, 2)
    j, micros = a + 19, 0
    if d[j] == _DOT:
        j += 1
        n = 0
        while j < end - 1 and _ZERO <= d[j] <= _NINE:
            if n < 6:
                micros = micros * 10 + (int(d[j]) - _ZERO)
            n += 1
            j += 1
        if n == 0:
            return -1
        for _ in range(n, 6):
            micros *= 10
    shift = 0
    if j == end - 2 and (d[j] == 90 or d[j] == 122):  # Z
        pass
    elif j == end - 7 and (d[j] == 43 or d[j] == _MINUS) and d[j + 3] == _COLON:
        off_hour, off_minute = _digits(d, j + 1, 2), _digits(d, j + 4, 2)
        if off_hour < 0 or off_hour > 23 or off_minute < 0 or off_minute > 59:
            return -1
        shift = (off_hour * 3600 + off_minute * 60) * (-1 if d[j] == _MINUS else 1)
    else:
        return -1
    if (year < 1 or month < 1 or month > 12 or day < 1 or hour < 0 or hour > 23
            or minute < 0 or minute > 59 or second < 0 or second > 59):  # fmt: skip
        return -1
    leap = (year % 4 == 0 and year % 100 != 0) or year % 400 == 0
    if day > days[month] + (1 if month == 2 and leap else 0):
        return -1
    seconds = _days_from_civil(year, month, day) * 86400 + hour * 3600 + minute * 60 + second
    value = (seconds - shift) * 1_000_000 + micros
    if value < FIRST_MICROS or value > LAST_MICROS:
        return -1
    line_ints[r, L_MICROS] = value
    return end


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
