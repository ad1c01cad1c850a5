"""A venue's dealers and seats over HTTP, over a range of gaming days: per dealer the rounds
dealt, rounds with findings, over-paid rounds and his hold per game and wager (tested against
the par sheets of the tables he dealt); per seat of each table the rounds played there and
over-paid; for both, the concentration test.  Reviewers see every venue of their
jurisdiction, staff their licensee's; any other venue answers 404."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from audits.doors.api import HasAuditRole, query_days, venue_days_schema, visible_venue
from audits.monitoring.dealers import dealer_checks, seat_checks


class ConcentrationFields(serializers.Serializer):
    findings = serializers.IntegerField(help_text="rounds with any finding")
    overpaid_rounds = serializers.IntegerField()
    overpaid = serializers.DecimalField(max_digits=16, decimal_places=2)
    rate = serializers.FloatField(help_text="over-paid rounds per round")
    others_rate = serializers.FloatField(help_text="the same of every other at the venue")
    p_value = serializers.FloatField(help_text="one-sided Fisher exact test against the rest")
    adjusted = serializers.FloatField(help_text="times the number tested (Bonferroni)")
    flagged = serializers.BooleanField(help_text="adjusted at most one minus the confidence")


class DealerHoldSerializer(serializers.Serializer):
    game = serializers.CharField()
    wager_key = serializers.CharField()
    wagers = serializers.IntegerField()
    wagered = serializers.DecimalField(max_digits=16, decimal_places=2)
    house_won = serializers.DecimalField(max_digits=16, decimal_places=2)
    observed_hold = serializers.FloatField(allow_null=True)
    theoretical_hold = serializers.FloatField(
        allow_null=True, help_text="of the par sheets of the tables dealt, by their wagers"
    )
    confidence = serializers.FloatField()
    interval_low = serializers.FloatField(allow_null=True)
    interval_high = serializers.FloatField(allow_null=True)
    p_value = serializers.FloatField(allow_null=True, help_text="two-sided")
    tested = serializers.BooleanField(
        help_text="a par sheet and at least the jurisdiction's fewest wagers"
    )
    deviation = serializers.BooleanField(help_text="tested and outside the interval")


class DealerSerializer(ConcentrationFields):
    dealer = serializers.CharField()
    rounds = serializers.IntegerField(help_text="rounds dealt, each counted once")
    holds = DealerHoldSerializer(many=True, help_text="per game and wager key")


class SeatSerializer(ConcentrationFields):
    table = serializers.CharField()
    seat = serializers.IntegerField()
    rounds = serializers.IntegerField(help_text="rounds with a player at the seat, counted once")


class VenueDealersView(APIView):
    permission_classes = [HasAuditRole]

    @extend_schema(**venue_days_schema(DealerSerializer(many=True), "gaming day"))
    def get(self, request, code: str):
        venue = visible_venue(request, code)  # 404 before any 400
        checks = dealer_checks(venue, *query_days(request.query_params, venue))
        return Response(DealerSerializer([_dealer(c) for c in checks], many=True).data)


class VenueSeatsView(APIView):
    permission_classes = [HasAuditRole]

    @extend_schema(**venue_days_schema(SeatSerializer(many=True), "gaming day"))
    def get(self, request, code: str):
        venue = visible_venue(request, code)  # 404 before any 400
        checks = seat_checks(venue, *query_days(request.query_params, venue))
        return Response(SeatSerializer([{**vars(c), "rate": c.rate} for c in checks],
                                       many=True).data)  # fmt: skip


def _dealer(check) -> dict:
    return {**vars(check), "rate": check.rate, "holds": [h.to_dict() for h in check.holds]}
