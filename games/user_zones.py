"""The time zone a signed-in person reads pages in: their jurisdiction's.

A reviewer reads in their jurisdiction's zone, casino staff in their licensee's; an
administrator in the only jurisdiction's when there is one, else UTC.  The middleware
activates it for every page (the API names each record's zone itself:
:mod:`compliance.timezones`).
"""

from __future__ import annotations

from django.utils import timezone

from compliance.timezones import UTC_NAME, zone
from games.access import membership_of
from games.models import Jurisdiction


def user_zone_name(user) -> str:
    """The time zone a user reads times in: their jurisdiction's; for an administrator, the
    only jurisdiction's when there is one, else UTC."""
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
