"""Failed sign-ins are limited on every door, by django-axes.

The doors: the sign-in page, the admin's, ``POST /api/auth/token/`` and HTTP Basic on any
API endpoint.  After ``AXES_FAILURE_LIMIT`` failures for one account, or from one address,
every further attempt there is refused, the right password included, until
``AXES_COOLOFF_TIME`` has passed: 429 with ``Retry-After`` and a message a person can read
(JSON under ``/api/``, a page elsewhere), and a log line naming the account and the address.

DRF authenticates against its own request object; :class:`GuardedBasicAuthentication` hands
django-axes the Django request underneath, so that a locked-out attempt over HTTP Basic is
seen as one (and not just as a wrong password).
"""

from __future__ import annotations

import logging

from axes.helpers import get_cool_off
from axes.signals import user_locked_out
from django.contrib.auth import authenticate, get_user_model
from django.dispatch import receiver
from django.http import JsonResponse
from django.shortcuts import render
from rest_framework.authentication import BasicAuthentication
from rest_framework.exceptions import AuthenticationFailed, Throttled

log = logging.getLogger(__name__)


def retry_after_seconds(request=None) -> int:
    cool_off = get_cool_off(request)
    return int(cool_off.total_seconds()) if cool_off else 3600


def lockout_message(request=None) -> str:
    minutes = max(1, round(retry_after_seconds(request) / 60))
    return (
        f"too many failed sign-ins for this account or from this address: sign-in is locked "
        f"for {minutes} minute(s); try again then (ask an administrator if it was not you)"
    )


def lockout_response(request, original_response=None, credentials=None):
    """django-axes' answer to a locked-out attempt (``AXES_LOCKOUT_CALLABLE``)."""
    message = lockout_message(request)
    if request.path.startswith("/api/"):
        response = JsonResponse({"message": message, "field": None}, status=429)
    else:
        response = render(request, "registration/locked_out.html", {"message": message}, status=429)
    response["Retry-After"] = str(retry_after_seconds(request))
    return response


class SignInLocked(Throttled):
    default_detail = "too many failed sign-ins"


class GuardedBasicAuthentication(BasicAuthentication):
    """HTTP Basic, with django-axes watching the attempts on the Django request."""

    def authenticate_credentials(self, userid, password, request=None):
        http_request = getattr(request, "_request", request)
        credentials = {get_user_model().USERNAME_FIELD: userid, "password": password}
        user = authenticate(request=http_request, **credentials)
        if getattr(http_request, "axes_locked_out", False):
            raise SignInLocked(
                wait=retry_after_seconds(http_request), detail=lockout_message(http_request)
            )
        if user is None:
            raise AuthenticationFailed("invalid user name or password")
        if not user.is_active:
            raise AuthenticationFailed("this account is inactive")
        return user, None


@receiver(user_locked_out)
def _log_lockout(sender, request=None, username=None, ip_address=None, **kwargs):
    log.warning(
        "sign-in locked after repeated failures: account %r from %s (path %s)",
        username, ip_address, getattr(request, "path", "?"),
    )  # fmt: skip
