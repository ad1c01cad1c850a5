"""Rate limits every process counts together, atomically.

A limit is ``n`` requests per period (``60/minute``).  Requests are counted in fixed windows
of the period, and a request is allowed while the count of the current window plus the
previous window's, weighted by the share of it still inside the sliding period, stays within
``n`` (the estimate nginx and Cloudflare use): no burst of ``2n`` across a window's edge.

Each count is one atomic increment, so processes and threads counting at once never lose a
request: Redis ``INCR`` when ``CACHE_URL`` names Redis, else an ``INSERT ... ON CONFLICT DO
UPDATE ... RETURNING`` of one row per client and window in the database
(:class:`compliance.models.RateCount`), on PostgreSQL and SQLite alike.  (DRF's own
throttles read a list from the cache and write it back, so concurrent requests overwrite
each other's counts; django-ratelimit needs a cache whose ``incr`` is atomic, which the
database cache's is not.)
"""

from __future__ import annotations

import hashlib
import time
from dataclasses import dataclass

from django.core.cache import cache
from django.core.cache.backends.redis import RedisCache
from django.db import connection

from compliance.models import RateCount

PERIODS = {"s": 1, "m": 60, "h": 3600, "d": 86400}
# A key longer than this, or with a character a column cannot hold (NUL), is counted by its
# SHA-256 after its first printable characters: a caller's text in a key (an address, an
# email) never outgrows RateCount.key's column nor makes the database refuse the row.
KEY_MOST_CHARS = 120


@dataclass(frozen=True)
class Rate:
    requests: int
    seconds: int

    @classmethod
    def parse(cls, text: str) -> Rate:
        """``"60/minute"``, ``"30/m"``, ``"100/hour"``..."""
        count, _, period = text.partition("/")
        return cls(int(count), PERIODS[period.strip()[0].lower()])


@dataclass(frozen=True)
class Verdict:
    allowed: bool
    retry_after: int  # seconds until the current window ends


def rate_hit(key: str, rate: Rate, now: float | None = None, cost: int = 1) -> Verdict:
    """Count ``cost`` (one request, or the rounds of a post) of ``key`` against ``rate``;
    whether it is within it."""
    now = time.time() if now is None else now
    key = _bounded(key)
    window = int(now // rate.seconds) * rate.seconds
    current, previous = _count(key, window, rate.seconds, cost)
    inside = 1 - (now - window) / rate.seconds  # the previous window's share still counted
    estimate = current + previous * inside
    return Verdict(estimate <= rate.requests, max(1, int(window + rate.seconds - now)))


def _bounded(key: str) -> str:
    if len(key) <= KEY_MOST_CHARS and key.isprintable():
        return key
    digest = hashlib.sha256(key.encode("utf-8", "surrogatepass")).hexdigest()
    shown = "".join(c for c in key[: KEY_MOST_CHARS - len(digest) - 1] if c.isprintable())
    return f"{shown}#{digest}"


def _count(key: str, window: int, seconds: int, cost: int) -> tuple[int, int]:
    """This request counted in ``window``: that window's count and the previous one's."""
    if _is_redis():
        return _count_in_redis(key, window, seconds, cost)
    return _count_in_database(key, window, seconds, cost)


def _is_redis() -> bool:
    from django.core.cache import caches

    return isinstance(caches["default"], RedisCache)


def _count_in_redis(key: str, window: int, seconds: int, cost: int) -> tuple[int, int]:
    name = f"rate:{key}:{window}"
    cache.add(name, 0, timeout=2 * seconds + 1)
    current = cache.incr(name, cost)
    return current, int(cache.get(f"rate:{key}:{window - seconds}") or 0)


UPSERT = (
    'INSERT INTO "{table}" ("key", "window", "count") VALUES (%s, %s, %s) '
    'ON CONFLICT ("key", "window") DO UPDATE SET "count" = "{table}"."count" + %s '
    'RETURNING "count"'
)


def _count_in_database(key: str, window: int, seconds: int, cost: int) -> tuple[int, int]:
    table = RateCount._meta.db_table
    with connection.cursor() as cursor:
        cursor.execute(UPSERT.format(table=table), [key, window, cost, cost])
        current = cursor.fetchone()[0]
    if current == cost:  # a new window: the windows before the previous one are of no use
        RateCount.objects.filter(key=key, window__lt=window - seconds).delete()
    previous = (
        RateCount.objects.filter(key=key, window=window - seconds)
        .values_list("count", flat=True)
        .first()
    )
    return current, previous or 0
