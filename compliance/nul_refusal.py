"""A NUL character refused wherever a client may put one, before any view reads it.

PostgreSQL can neither store nor compare text holding a NUL (``\\x00``): a NUL in a path
(``/monitoring/venues/%00/``), a query or a form field reached a query as a 500.  Text
the service keeps never needs one, so the request is refused with 400 naming where the NUL
is.  A JSON body is the API's serializers' to refuse (DRF's fields refuse a NUL by name),
and an uploaded file is data (a hand-log line with a NUL is a located finding), so neither
is read here.
"""

from __future__ import annotations

from django.conf import settings
from django.core.exceptions import SuspiciousOperation
from django.http import QueryDict
from django.urls import Resolver404, resolve

from compliance.body_limits import declared_length, refused_answer

NUL = "\x00"
FORM = "application/x-www-form-urlencoded"


class NulRefusalMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        found = nul_in_request(request)
        if found:
            where, field = found
            message = f"{where} holds a NUL character (\\x00)"
            return refused_answer(request, 400, message, field)
        return self.get_response(request)


def nul_in_request(request) -> tuple[str, str | None] | None:
    """Where the request holds a NUL (in words) and the field it is in (a path parameter,
    a query parameter or a form field, by name); None when nowhere."""
    if NUL in request.path_info:
        field = _path_parameter(request.path_info)
        return (f"the path's {field!r}" if field else "the path"), field
    found = _nul_in(request.GET, "query parameter")
    if found is None and request.content_type == FORM:
        found = _nul_in(_form_fields(request), "form field")
    return found


def _form_fields(request) -> QueryDict:
    """The form's fields read from the body, not from ``request.POST``: once that is read, a
    view can no longer set its upload handlers (the upload API does, for every action). A
    body Django would refuse to read (too large, too many fields) is left to Django."""
    if (declared_length(request) or 0) > settings.DATA_UPLOAD_MAX_MEMORY_SIZE:
        return QueryDict()
    try:
        return QueryDict(request.body, encoding=request.encoding or settings.DEFAULT_CHARSET)
    except (SuspiciousOperation, UnicodeDecodeError):
        return QueryDict()


def _path_parameter(path: str) -> str | None:
    try:
        match = resolve(path)
    except Resolver404:
        return None
    return next((name for name, value in match.kwargs.items() if NUL in str(value)), None)


def _nul_in(data, kind: str) -> tuple[str, str | None] | None:
    for key, values in data.lists():
        if NUL in key or any(NUL in value for value in values):
            name = key.replace(NUL, "?")
            return f"the {kind} {name!r}", name
    return None
