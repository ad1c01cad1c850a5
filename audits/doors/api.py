"""What the views of the audits API share: error responses, pagination, content negotiation."""

from __future__ import annotations

from datetime import date

from django.utils import timezone
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse
from rest_framework.exceptions import NotAcceptable, NotFound
from rest_framework.exceptions import ValidationError as BadRequest
from rest_framework.negotiation import DefaultContentNegotiation
from rest_framework.permissions import BasePermission

from compliance.dates import NotADate, date_from_text
from games.access import user_role, venues_visible_to
from games.api.pagination import RegistryPagination
from games.api.serializers import ApiErrorSerializer
from games.gaming_day import gaming_day_of

ERROR = ApiErrorSerializer
NOT_FOUND = {404: OpenApiResponse(ERROR, description="no such submission that you may see")}
BAD_QUERY = {400: OpenApiResponse(ERROR, description="a malformed query parameter")}


class HasAuditRole(BasePermission):
    """Anyone with a role in the service reads what they see (the selectors decide what)."""

    message = "you have no role in the service (ask an administrator for a membership)"

    def has_permission(self, request, view) -> bool:
        return user_role(request.user) is not None


class AuditPagination(RegistryPagination):
    """``page`` and ``page_size`` (at most 1000); malformed values are 400."""

    max_page_size = 1000


class _FormatIsNotARenderer:
    """DRF reads ``?format=`` as the name of a renderer; here it names an export instead."""

    URL_FORMAT_OVERRIDE = None  # query_params.get(None) is None: no override


class ExportNegotiation(DefaultContentNegotiation):
    """Negotiation for views that stream files: ``?format=`` is the view's own parameter, and
    an ``Accept`` no renderer matches (``text/csv``, ``application/gzip``) is not an error:
    the view answers with the file, and any error as JSON."""

    settings = _FormatIsNotARenderer()

    def select_renderer(self, request, renderers, format_suffix=None):
        try:
            return super().select_renderer(request, renderers, format_suffix)
        except NotAcceptable:
            return renderers[0], renderers[0].media_type


def visible_venue(request, code: str):
    """The venue of that code the user may see, with its jurisdiction; else 404, as one
    that does not exist."""
    venue = (
        venues_visible_to(request.user)
        .select_related("licensee__jurisdiction")
        .filter(code=code)
        .first()
    )
    if venue is None:
        raise NotFound("no such venue that you may see")
    return venue


def query_day(params, name: str) -> date | None:
    """The date a query parameter names (None when absent); a malformed one is a 400 naming
    the parameter."""
    text = params.get(name)
    if not text:
        return None
    try:
        return date_from_text(text)
    except NotADate as exc:
        raise BadRequest({name: str(exc)}) from None


def query_days(params, venue) -> tuple[date, date]:
    """``from`` and ``to``: by default the year to the venue's gaming day now (in its
    jurisdiction's time zone); ``from`` after ``to`` is a 400."""
    jurisdiction = venue.licensee.jurisdiction
    today = gaming_day_of(timezone.now(), jurisdiction.timezone, jurisdiction.gaming_day_start)
    last = query_day(params, "to") or today
    first = query_day(params, "from") or last.replace(month=1, day=1)
    if first > last:
        raise BadRequest({"from": f"{first} is after {last}"})
    return first, last


def venue_days_schema(listed, what: str) -> dict:
    """The schema of a venue's list over ``from`` and ``to`` (``what``: the days they bound)."""
    return {
        "parameters": [
            OpenApiParameter(
                "from",
                str,
                description=f"first {what}, YYYY-MM-DD (default: 1 January of the year of `to`)",
            ),
            OpenApiParameter(
                "to",
                str,
                description=f"last {what}, YYYY-MM-DD (default: the venue's gaming day now)",
            ),
        ],  # fmt: skip
        "responses": {
            200: listed,
            404: OpenApiResponse(ERROR, description="no such venue that you may see"),
            400: OpenApiResponse(ERROR, description="a malformed date"),
        },
    }
