"""Times as people read them: in the jurisdiction's time zone, with the offset.

Instants are stored in UTC. Whatever a person reads shows them in the time zone of the
jurisdiction the record belongs to (a round played at 21:29 on 18 October in Seattle is
``2022-10-18T21:29:00-07:00``, not the next day in UTC):

- pages: :class:`JurisdictionTimezoneMiddleware` activates the signed-in user's jurisdiction's
  zone (reviewers: theirs; casino staff: their licensee's), so templates render local times;
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
from django.utils import timezone
from rest_framework import serializers

UTC_NAME = "UTC"


@lru_cache(maxsize=64)
def zone(name: str | None) -> ZoneInfo:
    return ZoneInfo(name or UTC_NAME)


def local_iso(value: datetime | None, zone_name: str | None) -> str | None:
    """``value`` as RFC 3339 in the named zone, with its offset (None stays None)."""
    return None if value is None else value.astimezone(zone(zone_name)).isoformat()


def user_zone_name(user) -> str:
    """The time zone a user reads times in: their jurisdiction's; for an administrator, the
    only jurisdiction's when there is one, else UTC."""
    from games.access import membership_of
    from games.models import Jurisdiction

    membership = membership_of(user) if getattr(user, "is_authenticated", False) else None
    if membership is not None:
        if membership.jurisdiction_id:
            return membership.jurisdiction.timezone
        if membership.licensee_id:
            return membership.licensee.jurisdiction.timezone
    zones = list(Jurisdiction.objects.values_list("timezone", flat=True).distinct()[:2])
    return zones[0] if len(zones) == 1 else UTC_NAME


class JurisdictionTimezoneMiddleware:
    """Pages render times in the signed-in user's jurisdiction's time zone."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if request.path_info.startswith(("/api/", "/static/", "/healthz")):
            return self.get_response(request)  # the API names each record's zone itself
        with timezone.override(zone(user_zone_name(request.user))):
            return self.get_response(request)


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
