"""Rate limits of the API, read from ``settings.API_THROTTLE_RATES`` at each request.

DRF's own throttles copy their rates when first imported; these read the setting
every time, so a deployment (or a test) changes them without a restart.
"""

from __future__ import annotations

from django.conf import settings
from rest_framework.throttling import AnonRateThrottle, ScopedRateThrottle, UserRateThrottle


class _FromSettings:
    def get_rate(self):
        return settings.API_THROTTLE_RATES.get(self.scope)


class AnonymousRate(_FromSettings, AnonRateThrottle):
    pass


class UserRate(_FromSettings, UserRateThrottle):
    pass


class UploadRate(_FromSettings, ScopedRateThrottle):
    """Uploads per user (``throttle_scope = "uploads"`` on the view)."""

    def allow_request(self, request, view):
        if request.method != "POST":
            return True
        return super().allow_request(request, view)
