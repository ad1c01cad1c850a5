"""A venue's deviations over HTTP: the periods whose hold fell outside the interval of its
par sheet, as kept when found.  Reviewers see every venue of their jurisdiction, staff their
licensee's; any other venue answers 404, as one that does not exist."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from audits.doors.api import HasAuditRole, query_days, venue_days_schema, visible_venue
from audits.monitoring.deviations import deviation_list
from audits.monitoring.models import Deviation


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

    @extend_schema(**venue_days_schema(DeviationSerializer(many=True), "last-day"))
    def get(self, request, code: str):
        venue = visible_venue(request, code)  # 404 before any 400
        rows = deviation_list(venue, *query_days(request.query_params, venue))
        return Response(DeviationSerializer(rows, many=True).data)
