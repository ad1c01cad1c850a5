"""The caller's address, as every per-address limit counts it (the API's throttles, the pages'
limits, django-axes): the socket's, or the one the outermost of ``TRUSTED_PROXY_HOPS``
trusted reverse proxies saw.

Each proxy appends the address it saw to ``X-Forwarded-For``, so only the right-most
``TRUSTED_PROXY_HOPS`` entries are theirs; anything left of them is whatever the caller
sent, and taking it would let a caller pick a new address per request.  An entry that is not
an address, or a header with fewer entries than proxies, did not come through them: the
socket's address counts then, and no header however long or malformed makes a call fail.
"""

from __future__ import annotations

import ipaddress

from django.conf import settings


def client_ip(request) -> str:
    """The caller's address: ``REMOTE_ADDR``, or, behind ``TRUSTED_PROXY_HOPS`` proxies that
    each append to ``X-Forwarded-For``, the address the outermost of them saw."""
    socket = request.META.get("REMOTE_ADDR", "")
    hops = settings.TRUSTED_PROXY_HOPS
    if hops <= 0:
        return socket
    # only the last ``hops`` entries are read, however long the header
    entries = request.META.get("HTTP_X_FORWARDED_FOR", "").rsplit(",", hops)
    if len(entries) < hops:
        return socket
    return _address(entries[-hops]) or socket


def _address(text: str) -> str | None:
    """The address in its one written form (``2001:db8::1``), or None if it is not one."""
    try:
        return ipaddress.ip_address(text.strip()).compressed
    except ValueError:
        return None
