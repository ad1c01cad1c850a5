"""Times as people read them: in the jurisdiction's time zone, with the offset.

Instants are stored in UTC. Whatever a person reads shows them in the time zone of the
jurisdiction the record belongs to (a round played at 21:29 on 18 October in Seattle is
``2022-10-18T21:29:00-07:00``, not the next day in UTC):

- pages: ``games.user_zones.JurisdictionTimezoneMiddleware`` activates the signed-in user's
  jurisdiction's zone (reviewers: theirs; casino staff: their licensee's), so templates
  render local times;
- the API: ``compliance.api_times.LocalDateTimeField`` writes each record's times in its own
  jurisdiction's zone (a serializer names where that is with ``JurisdictionTimes``);
- exports and reports: :func:`local_iso` with the zone passed explicitly.
"""

from __future__ import annotations

from datetime import datetime
from functools import lru_cache
from zoneinfo import ZoneInfo

UTC_NAME = "UTC"


@lru_cache(maxsize=64)
def zone(name: str | None) -> ZoneInfo:
    return ZoneInfo(name or UTC_NAME)


def local_iso(value: datetime | None, zone_name: str | None) -> str | None:
    """``value`` as RFC 3339 in the named zone, with its offset (None stays None)."""
    return None if value is None else value.astimezone(zone(zone_name)).isoformat()
