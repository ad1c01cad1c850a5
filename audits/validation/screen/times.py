"""Times as the screen counts them: microseconds since 1970 UTC (:mod:`.reader` reads
``played_at`` into them)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
MICROSECOND = timedelta(microseconds=1)


def as_datetime(micros: int) -> datetime:
    """Microseconds since 1970 as an aware datetime in UTC."""
    return EPOCH + timedelta(microseconds=int(micros))
