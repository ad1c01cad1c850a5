"""A venue's deviations over HTTP: the periods whose hold fell outside the interval of its
par sheet, as kept when found.  Reviewers see every venue of their jurisdiction, staff their
licensee's; any other venue answers 404, as one that does not exist."""

from __future__ import annotations

from datetime import date

from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.exceptions import NotFound
from rest_framework.exceptions import ValidationError as BadRequest
from rest_framework.response import Response
from rest_framework.views import APIView

from audits.models import Deviation
from audits.services.deviations import deviation_list
from games.access import venues_visible_to

from ..permissions import HasAuditRole
from .base import ERROR


class DeviationSerializer(serializers.ModelSerializer):
    class Meta:
        model = Deviation
        fields = [
            "id", "venue", "table", "game", "wager_key", "period", "first_day", "last_day",
            "wagers", "wagered", "house_won", "observed_hold", "theoretical_hold",
            "interval_low", "interval_high", "p_value", "confidence", "method", "basis",
            "found_at",
        ]  # fmt: skip


class VenueDeviationsView(APIView):
    permission_classes = [HasAuditRole]

    @extend_schema(
        parameters=[
            OpenApiParameter(
                "from",
                str,
                description="first last-day, YYYY-MM-DD (default: 1 January of the year of `to`)",
            ),
            OpenApiParameter("to", str, description="last last-day, YYYY-MM-DD (default: today)"),
        ],  # fmt: skip
        responses={
            200: DeviationSerializer(many=True),
            404: OpenApiResponse(ERROR, description="no such venue that you may see"),
            400: OpenApiResponse(ERROR, description="a malformed date"),
        },  # fmt: skip
    )
    def get(self, request, code: str):
        venue = venues_visible_to(request.user).filter(code=code).first()
        if venue is None:
            raise NotFound("no such venue that you may see")
        last = _day(request.query_params, "to") or date.today()
        first = _day(request.query_params, "from") or last.replace(month=1, day=1)
        rows = deviation_list(venue, first, last)
        return Response(DeviationSerializer(rows, many=True).data)


def _day(params, name: str) -> date | None:
    text = params.get(name)
    if not text:
        return None
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise BadRequest({name: f"{text!r} is not a date such as 2026-10-31"}) from None
