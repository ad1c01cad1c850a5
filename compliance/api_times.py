"""The API's times: each record's instants in its own jurisdiction's zone, with the offset.

Apart from :mod:`compliance.timezones` so that what a worker imports (the exports' and the
reports' :func:`~compliance.timezones.local_iso`) does not load DRF's serializers and, with
them, ``requests`` (``tests/compliance/test_startup_imports.py``).
"""

from __future__ import annotations

from operator import attrgetter
from zoneinfo import ZoneInfo

from django.db import models
from rest_framework import serializers

from compliance.timezones import zone


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
