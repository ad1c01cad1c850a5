"""Input serializers: the shape of a write request, and the records it names.

Records are looked up among those the requesting user may see; every rule
about what may be created is the services'.
"""

from __future__ import annotations

from rest_framework import serializers

from games import access
from games.models import (
    Approval,
    ApprovalCondition,
    ApprovalStatus,
    ConditionKind,
    Game,
    Jurisdiction,
    LimitKind,
    OperatorClass,
    Paytable,
    Regulation,
    RuleVersion,
    Table,
    Venue,
)
from games.services.limits import EDITABLE_FIELDS

from .common import VisibleRecordField
from .registry import RuleSerializer


class RuleVersionCreateSerializer(serializers.Serializer):
    game = VisibleRecordField(Game, access.games_visible_to)
    title = serializers.CharField(max_length=200)
    rules = RuleSerializer(many=True, allow_empty=False)
    parameters = serializers.DictField(
        required=False, default=dict, help_text="rules-engine parameters; unset ones default"
    )
    options = serializers.DictField(
        child=serializers.ListField(child=serializers.CharField()),
        required=False,
        default=dict,
        help_text='option -> values offered, e.g. {"blackjack_pays": ["3:2", "6:5"]}',
    )
    decks_allowed = serializers.ListField(
        child=serializers.IntegerField(min_value=1, max_value=8), allow_empty=False
    )
    source_document = serializers.CharField(
        max_length=200, required=False, allow_blank=True, default=""
    )
    note = serializers.CharField(required=False, allow_blank=True, default="")


class PaytableCreateSerializer(serializers.Serializer):
    rule_version = VisibleRecordField(RuleVersion, access.rule_versions_visible_to)
    wager_key = serializers.CharField(max_length=40, help_text="e.g. lucky3")
    code = serializers.CharField(max_length=20, help_text='the code options name, e.g. "1"')
    entries = serializers.DictField(
        child=serializers.CharField(),
        allow_empty=False,
        help_text='outcome -> odds, e.g. {"suited_blackjack": "40 to 1"}',
    )
    entry_sources = serializers.DictField(
        child=serializers.CharField(), required=False, default=dict
    )
    source = serializers.CharField(max_length=300)
    illustrative = serializers.BooleanField(required=False, default=False)


class ConditionInputSerializer(serializers.Serializer):
    operator_class = VisibleRecordField(OperatorClass, access.operator_classes_visible_to)
    kind = serializers.ChoiceField(choices=ConditionKind.choices)
    text = serializers.CharField()
    venue_must_meet = serializers.BooleanField(required=False, default=False)


class ApprovalSubmitSerializer(serializers.Serializer):
    jurisdiction = VisibleRecordField(
        Jurisdiction,
        access.jurisdictions_visible_to,
        required=False,
        help_text="default: the reviewer's own jurisdiction",
    )
    rule_version = VisibleRecordField(RuleVersion, access.rule_versions_visible_to)
    reference = serializers.CharField(max_length=120, help_text="e.g. the approval letter")
    allowed_options = serializers.DictField(
        child=serializers.ListField(child=serializers.CharField(), allow_empty=False),
        required=False,
        default=dict,
        help_text='option -> allowed values, e.g. {"blackjack_pays": ["3:2"]}',
    )
    paytables = VisibleRecordField(
        Paytable, access.paytables_visible_to, many=True, required=False, default=list
    )
    conditions = ConditionInputSerializer(many=True, required=False, default=list)
    source_document = serializers.CharField(
        max_length=200, required=False, allow_blank=True, default=""
    )
    reason = serializers.CharField(required=False, default="submitted for approval")

    def validate_paytables(self, paytables):
        ids = [p.pk for p in paytables]
        if len(ids) != len(set(ids)):
            raise serializers.ValidationError("a paytable is listed more than once")
        return paytables


class ApprovalTransitionSerializer(serializers.Serializer):
    to_status = serializers.ChoiceField(choices=ApprovalStatus.choices)
    reason = serializers.CharField(help_text="why: every step of the pipeline needs one")
    decision_date = serializers.DateField(
        required=False,
        allow_null=True,
        help_text="for approved/denied: the decision's date (default: today)",
    )


class WagerLimitCreateSerializer(serializers.Serializer):
    regulation = VisibleRecordField(Regulation, access.regulations_visible_to)
    kind = serializers.ChoiceField(choices=LimitKind.choices)
    amount = serializers.DecimalField(max_digits=12, decimal_places=2, min_value=0)
    effective_from = serializers.DateField()
    effective_to = serializers.DateField(
        required=False, allow_null=True, default=None, help_text="last day in force"
    )
    operator_class = VisibleRecordField(
        OperatorClass,
        access.operator_classes_visible_to,
        required=False,
        allow_null=True,
        default=None,
    )
    game = VisibleRecordField(
        Game, access.games_visible_to, required=False, allow_null=True, default=None
    )
    wager_key = serializers.CharField(max_length=40, required=False, allow_blank=True, default="")
    table = VisibleRecordField(
        Table, access.tables_visible_to, required=False, allow_null=True, default=None
    )
    source = serializers.CharField(max_length=300, help_text="the value's legal source")
    filing = serializers.CharField(max_length=80, required=False, allow_blank=True, default="")
    note = serializers.CharField(required=False, allow_blank=True, default="")


class WagerLimitUpdateSerializer(serializers.Serializer):
    """The value, dates and sources of a limit; what it applies to never changes."""

    amount = serializers.DecimalField(max_digits=12, decimal_places=2, min_value=0, required=False)
    effective_from = serializers.DateField(required=False)
    effective_to = serializers.DateField(required=False, allow_null=True)
    source = serializers.CharField(max_length=300, required=False)
    filing = serializers.CharField(max_length=80, required=False, allow_blank=True)
    note = serializers.CharField(required=False, allow_blank=True)

    def validate(self, attrs):
        refused = sorted(set(getattr(self, "initial_data", {})) - set(EDITABLE_FIELDS))
        if refused:
            raise serializers.ValidationError(
                {refused[0]: "cannot be changed: a different scope is a new limit"}
            )
        if not attrs:
            raise serializers.ValidationError(f"nothing to change; editable: {EDITABLE_FIELDS}")
        return attrs


class ConditionMetInputSerializer(serializers.Serializer):
    condition = VisibleRecordField(ApprovalCondition, access.approval_conditions_visible_to)
    met_on = serializers.DateField()
    evidence = serializers.CharField(max_length=300, help_text="e.g. the commission's letter")


class AuthorizationCreateSerializer(serializers.Serializer):
    venue = VisibleRecordField(Venue, access.venues_visible_to)
    approval = VisibleRecordField(Approval, access.approvals_visible_to)
    table = VisibleRecordField(
        Table,
        access.tables_visible_to,
        required=False,
        allow_null=True,
        default=None,
        help_text="empty: every table of the venue",
    )
    options = serializers.DictField(
        child=serializers.CharField(),
        required=False,
        default=dict,
        help_text="the variant: option -> value",
    )
    decks = serializers.ListField(
        child=serializers.IntegerField(min_value=1, max_value=8), required=False, default=list
    )
    effective_from = serializers.DateField()
    effective_to = serializers.DateField(required=False, allow_null=True, default=None)
    conditions_met = ConditionMetInputSerializer(many=True, required=False, default=list)
