"""The answers every API operation may give besides its own, added to the OpenAPI schema.

Every error is ``ApiError`` JSON (see ``compliance/api_errors.py``); clients (and the
schemathesis tests) can rely on the schema naming every status they may receive.
"""

from __future__ import annotations

COMMON_ERRORS = {
    "400": "the request is not valid: the message names the field and the reason",
    "401": "not signed in (send a token, a session cookie or HTTP Basic credentials)",
    "403": "signed in, but this role may not do this",
    "404": "no such record, or not one this user may see",
    "429": "too many requests: wait the seconds in Retry-After",
    "503": "the database or the broker is unavailable: try again",
}
ERROR_REF = {"$ref": "#/components/schemas/ApiError"}


def add_common_errors(result, generator, request, public):
    """drf-spectacular post-processing hook: document the shared error answers everywhere."""
    for operations in result.get("paths", {}).values():
        for operation in operations.values():
            responses = operation.setdefault("responses", {})
            for code, description in COMMON_ERRORS.items():
                responses.setdefault(
                    code,
                    {
                        "description": description,
                        "content": {"application/json": {"schema": ERROR_REF}},
                    },
                )
    return result
