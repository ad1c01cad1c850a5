"""Rate limits of the API, read from ``settings.API_THROTTLE_RATES`` at each request and
counted by :mod:`compliance.rates` (atomically, shared by every process).

- ``anon``: per address (:func:`compliance.client_address.client_ip`: ``X-Forwarded-For`` only
  through trusted proxies), for callers without credentials;
- ``user``: per user, for every authenticated call;
- ``uploads``: per user, for hand-log uploads (``throttle_scope = "uploads"`` on the view).
"""

from __future__ import annotations

from django.conf import settings
from rest_framework.throttling import BaseThrottle

from compliance.client_address import client_ip
from compliance.rates import Rate, rate_hit


class _Counted(BaseThrottle):
    scope = ""

    def ident(self, request) -> str | None:
        """Whose requests are counted together; None when this limit does not apply."""
        raise NotImplementedError

    def allow_request(self, request, view) -> bool:
        rate = settings.API_THROTTLE_RATES.get(self._scope(view))
        who = self.ident(request)
        if not rate or who is None:
            return True
        verdict = rate_hit(f"{self._scope(view)}:{who}", Rate.parse(rate))
        self._wait = verdict.retry_after
        return verdict.allowed

    def wait(self):
        return getattr(self, "_wait", None)

    def _scope(self, view) -> str:
        return self.scope


class AnonymousRate(_Counted):
    scope = "anon"

    def ident(self, request):
        # not DRF's get_ident, which takes X-Forwarded-For as the caller gives it; a call
        # with no socket address at all (in-process, as the schema's loader makes) is not a
        # network caller's
        if request.user and request.user.is_authenticated:
            return None
        return client_ip(request) or None


class UserRate(_Counted):
    scope = "user"

    def ident(self, request):
        return str(request.user.pk) if request.user and request.user.is_authenticated else None


class UploadRate(_Counted):
    """Uploads per user: POSTs to a view whose ``throttle_scope`` is ``uploads``."""

    def ident(self, request):
        if request.method != "POST" or not (request.user and request.user.is_authenticated):
            return None
        return str(request.user.pk)

    def _scope(self, view) -> str:
        return getattr(view, "throttle_scope", "") or ""
