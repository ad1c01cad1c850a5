"""API errors as JSON: a message and, where one is to blame, the field."""

from __future__ import annotations

from django.core.exceptions import ValidationError as DjangoValidationError
from django.db import DatabaseError, IntegrityError
from rest_framework import status
from rest_framework.response import Response
from rest_framework.views import exception_handler

from games.models import ImmutableRecordError


def json_exception_handler(exc, context):
    """DRF's handler, plus registry refusals as 409/400 instead of 500s."""
    if isinstance(exc, ImmutableRecordError):
        return Response({"message": str(exc), "field": None}, status=status.HTTP_409_CONFLICT)
    if isinstance(exc, DjangoValidationError):
        fields = getattr(exc, "message_dict", None) or {}
        field = next(iter(fields), None)
        message = "; ".join(exc.messages)
        return Response({"message": message, "field": field, "errors": fields or None}, status=400)
    if isinstance(exc, IntegrityError | DatabaseError):
        return Response({"message": f"refused by the database: {exc}", "field": None}, status=409)
    response = exception_handler(exc, context)
    if response is not None and isinstance(response.data, dict) and "message" not in response.data:
        detail = response.data.get("detail")
        if detail is not None:
            response.data = {"message": str(detail), "field": None}
        else:
            field, errors = next(iter(response.data.items()))
            first = errors[0] if isinstance(errors, list) and errors else errors
            response.data = {
                "message": f"{field}: {first}",
                "field": field,
                "errors": response.data,
            }
    return response
