"""Output serializers of approvals, with their conditions, paytables and events."""

from __future__ import annotations

from rest_framework import serializers

from compliance.api_times import JurisdictionTimes
from games.models import Approval, ApprovalCondition, ApprovalEvent, ApprovalPaytable

from .common import _code_of


class ApprovalConditionSerializer(serializers.ModelSerializer):
    operator_class_code = _code_of("operator_class")

    class Meta:
        model = ApprovalCondition
        fields = ["id", "operator_class", "operator_class_code", "kind", "text", "venue_must_meet"]


class ApprovalEventSerializer(JurisdictionTimes, serializers.ModelSerializer):
    zone_path = "approval.jurisdiction.timezone"  # "at": in the approving jurisdiction's time

    class Meta:
        model = ApprovalEvent
        fields = ["from_status", "to_status", "actor_label", "at", "reason"]


class ApprovedPaytableSerializer(serializers.ModelSerializer):
    """A paytable an approval covers."""

    id = serializers.IntegerField(source="paytable.id", read_only=True)
    wager_key = serializers.CharField(source="paytable.wager_key", read_only=True)
    code = serializers.CharField(source="paytable.code", read_only=True)
    version = serializers.IntegerField(source="paytable.version", read_only=True)
    illustrative = serializers.BooleanField(source="paytable.illustrative", read_only=True)
    content_hash = serializers.CharField(source="paytable.content_hash", read_only=True)

    class Meta:
        model = ApprovalPaytable
        fields = ["id", "wager_key", "code", "version", "illustrative", "content_hash"]


class ApprovalListSerializer(serializers.ModelSerializer):
    jurisdiction = _code_of()
    game = serializers.CharField(source="rule_version.game.code", read_only=True)

    class Meta:
        model = Approval
        fields = [
            "id",
            "jurisdiction",
            "rule_version",
            "game",
            "reference",
            "status",
            "decision_date",
            "content_hash",
        ]


class ApprovalDetailSerializer(ApprovalListSerializer):
    rule_version_hash = serializers.CharField(source="rule_version.content_hash", read_only=True)
    conditions = ApprovalConditionSerializer(many=True, read_only=True)
    paytables = ApprovedPaytableSerializer(source="paytable_links", many=True, read_only=True)
    events = ApprovalEventSerializer(many=True, read_only=True)

    class Meta(ApprovalListSerializer.Meta):
        fields = [
            *ApprovalListSerializer.Meta.fields,
            "rule_version_hash",
            "allowed_options",
            "source_document",
            "conditions",
            "paytables",
            "events",
        ]
