"""A venue's dealers over HTTP: rounds dealt, rounds with findings and over-paid per dealer
over a range of gaming days, and the concentration test.  Reviewers see every venue of
their jurisdiction, staff their licensee's; any other venue answers 404."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from audits.services.dealers import dealer_checks

from ..permissions import HasAuditRole
from .base import query_days, venue_days_schema, visible_venue


class DealerSerializer(serializers.Serializer):
    dealer = serializers.CharField()
    rounds = serializers.IntegerField(help_text="rounds dealt, each counted once")
    findings = serializers.IntegerField(help_text="rounds with any finding")
    overpaid_rounds = serializers.IntegerField()
    overpaid = serializers.DecimalField(max_digits=16, decimal_places=2)
    rate = serializers.FloatField(help_text="over-paid rounds per round dealt")
    others_rate = serializers.FloatField(help_text="the same of every other dealer")
    p_value = serializers.FloatField(help_text="one-sided Fisher exact test against the rest")
    adjusted = serializers.FloatField(help_text="times the dealers tested (Bonferroni)")
    flagged = serializers.BooleanField(help_text="adjusted at most one minus the confidence")


class VenueDealersView(APIView):
    permission_classes = [HasAuditRole]

    @extend_schema(**venue_days_schema(DealerSerializer(many=True), "gaming day"))
    def get(self, request, code: str):
        venue = visible_venue(request, code)  # 404 before any 400
        checks = dealer_checks(venue, *query_days(request.query_params))
        return Response(DealerSerializer([_row(c) for c in checks], many=True).data)


def _row(check) -> dict:
    return {**check.__dict__, "rate": check.rate}
