"""The answers every API operation may give besides its own, added to the OpenAPI schema.

Every error is ``ApiError`` JSON (see ``compliance/api_errors.py``); clients (and the
schemathesis tests) can rely on the schema naming every status they may receive.  This is
the one definition of the shared answers: an operation's own description of one of these
statuses (a 404 that names what was not found) is kept, the rest are added here.

Also the schema's extension for the project's own HTTP Basic (:class:`GuardedBasicScheme`).
This module is imported with the URLs (:mod:`compliance.urls`), where the schema is served,
and never at start-up: drf-spectacular's plumbing imports DRF's and Django's test modules,
about 9 MB that a validation worker has no use for.
"""

from __future__ import annotations

from drf_spectacular.authentication import BasicScheme

#: what any operation may answer
COMMON_ERRORS = {
    "400": "the request is not valid: the message names the field and the reason",
    "401": "not signed in (send a token, a session cookie or HTTP Basic credentials)",
    "403": "signed in, but this role may not do this",
    "404": "no such record, or not one this user may see",
    "406": "no representation of the answer matches the Accept header",
    "429": "too many requests: wait the seconds in Retry-After",
    "503": "the database or the broker is unavailable: try again",
}
#: what an operation that takes a body may answer besides (a malformed multipart body, a
#: JSON body sent as text/plain, or no Content-Type at all)
BODY_ERRORS = {
    "415": "the body's Content-Type is not one this operation reads, or the body is malformed "
    "for the type it names",
}
ERROR_REF = {"$ref": "#/components/schemas/ApiError"}


def add_common_errors(result, generator, request, public):
    """drf-spectacular post-processing hook: document the shared error answers everywhere."""
    for operations in result.get("paths", {}).values():
        for operation in operations.values():
            responses = operation.setdefault("responses", {})
            shared = COMMON_ERRORS | (BODY_ERRORS if "requestBody" in operation else {})
            for code, description in shared.items():
                responses.setdefault(
                    code,
                    {
                        "description": description,
                        "content": {"application/json": {"schema": ERROR_REF}},
                    },
                )
    return result


class GuardedBasicScheme(BasicScheme):
    """The OpenAPI schema names it HTTP Basic, as it is."""

    target_class = "compliance.signin_guard.GuardedBasicAuthentication"
