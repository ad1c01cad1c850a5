"""A NUL character refused wherever a client may put one, before any view reads it.

PostgreSQL can neither store nor compare text holding a NUL (``\\x00``): a NUL in a path
(``/monitoring/venues/%00/``), a query or a form field reached a query as a 500.  Text
the service keeps never needs one, so the request is refused with 400 naming where the NUL
is.  A JSON body is the API's serializers' to refuse (DRF's fields refuse a NUL by name),
and an uploaded file is data (a hand-log line with a NUL is a located finding), so neither
is read here.
"""

from __future__ import annotations

from compliance.body_limits import refused_answer

NUL = "\x00"
FORM = "application/x-www-form-urlencoded"


class NulRefusalMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        where = nul_in_request(request)
        if where:
            return refused_answer(request, 400, f"{where} holds a NUL character (\\x00)")
        return self.get_response(request)


def nul_in_request(request) -> str | None:
    """Where the request holds a NUL: ``the path``, a query parameter or a form field by
    name; None when nowhere."""
    if NUL in request.path_info:
        return "the path"
    found = _nul_in(request.GET, "query parameter")
    if found is None and request.content_type == FORM:
        found = _nul_in(request.POST, "form field")
    return found


def _nul_in(data, kind: str) -> str | None:
    for key, values in data.lists():
        if NUL in key or any(NUL in value for value in values):
            return f"the {kind} {key.replace(NUL, '?')!r}"
    return None
