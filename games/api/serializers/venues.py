"""Output serializers of licensees, venues, their tables and authorizations."""

from __future__ import annotations

from rest_framework import serializers

from games.models import Authorization, ConditionMet, Licensee, Table, Venue

from .common import _code_of


class TableSerializer(serializers.ModelSerializer):
    class Meta:
        model = Table
        fields = ["id", "code"]


class ConditionMetSerializer(serializers.ModelSerializer):
    kind = serializers.CharField(source="condition.kind", read_only=True)

    class Meta:
        model = ConditionMet
        fields = ["id", "condition", "kind", "met_on", "evidence"]


class AuthorizationSerializer(serializers.ModelSerializer):
    venue_code = _code_of("venue")
    table_code = _code_of("table", allow_null=True)
    approval_reference = serializers.CharField(source="approval.reference", read_only=True)
    rule_version = serializers.IntegerField(source="approval.rule_version_id", read_only=True)
    game = serializers.CharField(source="approval.rule_version.game.code", read_only=True)
    conditions_met = ConditionMetSerializer(many=True, read_only=True)

    class Meta:
        model = Authorization
        fields = [
            "id",
            "venue",
            "venue_code",
            "table",
            "table_code",
            "approval",
            "approval_reference",
            "rule_version",
            "game",
            "options",
            "decks",
            "effective_from",
            "effective_to",
            "conditions_met",
        ]


class VenueSerializer(serializers.ModelSerializer):
    licensee_name = serializers.CharField(source="licensee.name", read_only=True)
    jurisdiction = serializers.CharField(source="licensee.jurisdiction.code", read_only=True)
    operator_class_code = _code_of("operator_class")
    tables = TableSerializer(many=True, read_only=True)
    authorizations = AuthorizationSerializer(many=True, read_only=True)

    class Meta:
        model = Venue
        fields = [
            "id",
            "code",
            "name",
            "licensee",
            "licensee_name",
            "jurisdiction",
            "operator_class",
            "operator_class_code",
            "tables",
            "authorizations",
        ]


class VenueSummarySerializer(serializers.ModelSerializer):
    class Meta:
        model = Venue
        fields = ["id", "code", "name"]


class LicenseeSerializer(serializers.ModelSerializer):
    jurisdiction = _code_of()
    venues = VenueSummarySerializer(many=True, read_only=True)

    class Meta:
        model = Licensee
        fields = ["id", "jurisdiction", "name", "license_number", "venues"]
