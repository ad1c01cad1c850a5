"""API errors as JSON: a message and, where one is to blame, the field.

Every error answer has the shape ``{"message": str, "field": str | None}``;
validation errors add ``errors`` with every message by field.  A nested
field is named by its path, e.g. ``conditions.0.kind``.
"""

from __future__ import annotations

import logging

from django.core.exceptions import NON_FIELD_ERRORS
from django.core.exceptions import ValidationError as DjangoValidationError
from django.db import DatabaseError, IntegrityError, InterfaceError, OperationalError
from rest_framework import status
from rest_framework.response import Response
from rest_framework.settings import api_settings
from rest_framework.views import exception_handler

from compliance.errors import RecordConflict, ServerNotSetUp

log = logging.getLogger(__name__)
_NOT_A_FIELD = {NON_FIELD_ERRORS, api_settings.NON_FIELD_ERRORS_KEY}


def json_exception_handler(exc, context):
    """DRF's handler, plus registry refusals as 409/400 instead of 500s."""
    if isinstance(exc, RecordConflict):
        return Response({"message": str(exc), "field": None}, status=status.HTTP_409_CONFLICT)
    if isinstance(exc, DjangoValidationError):
        fields = getattr(exc, "message_dict", None) or {}
        field = next(iter(fields), None)
        message = "; ".join(exc.messages)
        return Response(
            {"message": message, "field": _field_name(field), "errors": fields or None},
            status=400,
        )
    if isinstance(exc, OperationalError | InterfaceError):  # the database is down or restarting
        return _unavailable("the database is unavailable: nothing was changed; try again")
    if isinstance(exc, ServerNotSetUp):  # the server's configuration, not the caller's fault
        log.error("not set up: %s", exc)  # a path in the message is for operators only
        return _unavailable(exc.public)
    if isinstance(exc, IntegrityError | DatabaseError):
        return Response({"message": f"refused by the database: {exc}", "field": None}, status=409)
    response = exception_handler(exc, context)
    if response is None:
        return None
    data = response.data
    if isinstance(data, dict) and "message" not in data:
        detail = data.get("detail")
        if detail is not None:
            response.data = {"message": str(detail), "field": None}
        else:
            path, first = _first_error(data)
            field = _field_name(path)
            response.data = {
                "message": f"{field}: {first}" if field else str(first),
                "field": field,
                "errors": data,
            }
    elif isinstance(data, list):
        _, first = _first_error(data)
        response.data = {"message": str(first), "field": None, "errors": data}
    return response


def _unavailable(message: str) -> Response:
    return Response(
        {"message": message, "field": None},
        status=status.HTTP_503_SERVICE_UNAVAILABLE,
        headers={"Retry-After": "5"},
    )


def _first_error(errors, path: str = "") -> tuple[str, str]:
    """The first message in DRF's nested errors and the dotted path of its field."""
    if isinstance(errors, dict):
        for key, value in errors.items():
            if key in _NOT_A_FIELD:  # the errors of the object at ``path`` itself
                return _first_error(value, path or str(key))
            return _first_error(value, f"{path}.{key}" if path else str(key))
    if isinstance(errors, list):
        for index, value in enumerate(errors):
            if value:  # lists of nested objects hold {} for the valid ones
                nested = isinstance(value, dict | list)
                return _first_error(value, f"{path}.{index}" if nested and path else path)
    return path, str(errors) if errors not in (None, "", [], {}) else "invalid input"


def _field_name(path: str | None) -> str | None:
    if not path or path in _NOT_A_FIELD:
        return None
    return path
