"""Times as people read them: in the jurisdiction's time zone, with the offset.

Instants are stored in UTC. Whatever a person reads shows them in the time zone of the
jurisdiction the record belongs to (a round played at 21:29 on 18 October in Seattle is
``2022-10-18T21:29:00-07:00``, not the next day in UTC):

- pages: ``games.user_zones.JurisdictionTimezoneMiddleware`` activates the signed-in user's
  jurisdiction's zone (reviewers: theirs; casino staff: their licensee's), so templates
  render local times;
- the API: :class:`LocalDateTimeField` writes each record's times in its own jurisdiction's
  zone (a serializer names where that is with :class:`JurisdictionTimes`);
- exports and reports: :func:`local_iso` with the zone passed explicitly.
"""

from __future__ import annotations

from datetime import datetime
from functools import lru_cache
from operator import attrgetter
from zoneinfo import ZoneInfo

from django.db import models
from rest_framework import serializers

UTC_NAME = "UTC"


@lru_cache(maxsize=64)
def zone(name: str | None) -> ZoneInfo:
    return ZoneInfo(name or UTC_NAME)


def local_iso(value: datetime | None, zone_name: str | None) -> str | None:
    """``value`` as RFC 3339 in the named zone, with its offset (None stays None)."""
    return None if value is None else value.astimezone(zone(zone_name)).isoformat()


class LocalDateTimeField(serializers.DateTimeField):
    """An instant in the time zone of its record's jurisdiction (the parent serializer's
    :meth:`JurisdictionTimes.zone_of`), written with its offset."""

    def get_attribute(self, instance):
        value = super().get_attribute(instance)
        if value is None or not hasattr(self.parent, "zone_of"):
            return value
        return value.astimezone(self.parent.zone_of(instance))

    def to_representation(self, value):
        return None if value is None else value.isoformat()


class JurisdictionTimes:
    """ModelSerializer mixin: every date-time field in the zone at ``zone_path`` of the record
    (e.g. ``"licensee.jurisdiction.timezone"``)."""

    zone_path = ""

    def build_standard_field(self, field_name, model_field):
        field_class, kwargs = super().build_standard_field(field_name, model_field)
        if isinstance(model_field, models.DateTimeField):
            field_class = LocalDateTimeField
        return field_class, kwargs

    def zone_of(self, instance) -> ZoneInfo:
        return zone(attrgetter(self.zone_path)(instance))
