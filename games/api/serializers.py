"""Serializers of the registry API: output shapes, and the inputs the services take.

Output serializers only read records (the views prefetch what they nest).
Input serializers only check the shape of a request and look up the records it
names, among those the requesting user may see; every rule about what may be
created is the services'.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime

from rest_framework import serializers

from games import access
from games.models import (
    Approval,
    ApprovalCondition,
    ApprovalEvent,
    ApprovalPaytable,
    ApprovalStatus,
    Authorization,
    ConditionKind,
    ConditionMet,
    Game,
    Jurisdiction,
    Licensee,
    LimitKind,
    Manufacturer,
    OperatorClass,
    ParSheet,
    Paytable,
    Regulation,
    RuleVersion,
    Table,
    Venue,
    WagerLimit,
)
from games.services.limits import EDITABLE_FIELDS

from .filters import MAX_ID

# --------------------------------------------------------------------------- errors


class ApiErrorSerializer(serializers.Serializer):
    """Every error answer (see ``compliance/api_errors.py``)."""

    message = serializers.CharField()
    field = serializers.CharField(allow_null=True, help_text="the field to blame, if any")
    errors = serializers.JSONField(required=False, help_text="every message, by field")


# --------------------------------------------------------------------------- helpers


def _code_of(source: str | None = None, **kwargs) -> serializers.SlugRelatedField:
    """A related record's code (``source``: the relation, unless the field is named after it)."""
    if source:
        kwargs["source"] = source
    return serializers.SlugRelatedField(slug_field="code", read_only=True, **kwargs)


class VisibleRecordField(serializers.PrimaryKeyRelatedField):
    """A record's id, looked up among the records the requesting user may see.

    A record outside the user's scope reads as one that does not exist.
    """

    default_error_messages = {
        "does_not_exist": "no record with id {pk_value} that you may see",
    }

    def __init__(self, model, selector, **kwargs):
        self.selector = selector
        kwargs.setdefault("queryset", model.objects.all())
        kwargs.setdefault("pk_field", serializers.IntegerField(min_value=1, max_value=MAX_ID))
        super().__init__(**kwargs)

    def get_queryset(self):
        request = self.context.get("request")
        return self.selector(getattr(request, "user", None))


# --------------------------------------------------------------------------- jurisdictions


class OperatorClassSerializer(serializers.ModelSerializer):
    class Meta:
        model = OperatorClass
        fields = ["id", "code", "name"]


class JurisdictionSerializer(serializers.ModelSerializer):
    operator_classes = OperatorClassSerializer(many=True, read_only=True)

    class Meta:
        model = Jurisdiction
        fields = ["id", "code", "name", "currency", "timezone", "operator_classes"]


class WagerLimitSerializer(serializers.ModelSerializer):
    citation = serializers.CharField(source="regulation.citation", read_only=True)
    jurisdiction = serializers.CharField(source="regulation.jurisdiction.code", read_only=True)
    operator_class_code = _code_of("operator_class", allow_null=True)
    game_code = _code_of("game", allow_null=True)
    table_label = serializers.StringRelatedField(
        source="table", read_only=True, help_text="venue/table"
    )

    class Meta:
        model = WagerLimit
        fields = [
            "id",
            "regulation",
            "citation",
            "jurisdiction",
            "kind",
            "amount",
            "effective_from",
            "effective_to",
            "operator_class",
            "operator_class_code",
            "game",
            "game_code",
            "wager_key",
            "table",
            "table_label",
            "source",
            "filing",
            "note",
        ]
        read_only_fields = fields


class RegulationSerializer(serializers.ModelSerializer):
    jurisdiction = _code_of()
    limits = WagerLimitSerializer(many=True, read_only=True)

    class Meta:
        model = Regulation
        fields = ["id", "jurisdiction", "citation", "title", "url", "limits"]


# --------------------------------------------------------------------------- games


class ManufacturerSerializer(serializers.ModelSerializer):
    games = serializers.SlugRelatedField(
        many=True, read_only=True, slug_field="code", help_text="codes of its games"
    )

    class Meta:
        model = Manufacturer
        fields = ["id", "name", "address", "games"]


class GameSerializer(serializers.ModelSerializer):
    manufacturer_name = serializers.CharField(
        source="manufacturer.name", read_only=True, allow_null=True
    )

    class Meta:
        model = Game
        fields = ["id", "code", "name", "manufacturer", "manufacturer_name"]


class ParSheetSummarySerializer(serializers.ModelSerializer):
    class Meta:
        model = ParSheet
        fields = ["id", "paytable", "decks", "options", "wager_key", "house_edge"]


class ParSheetSerializer(serializers.ModelSerializer):
    class Meta:
        model = ParSheet
        fields = [
            "id",
            "paytable",
            "decks",
            "options",
            "wager_key",
            "house_edge",
            "sheet",
            "computed_at",
        ]


class PaytableSummarySerializer(serializers.ModelSerializer):
    class Meta:
        model = Paytable
        fields = ["id", "wager_key", "code", "version", "illustrative", "content_hash"]


class PaytableListSerializer(serializers.ModelSerializer):
    game = serializers.CharField(source="rule_version.game.code", read_only=True)

    class Meta:
        model = Paytable
        fields = [
            "id",
            "rule_version",
            "game",
            "wager_key",
            "code",
            "version",
            "illustrative",
            "frozen",
            "content_hash",
            "created_at",
        ]


class PaytableDetailSerializer(PaytableListSerializer):
    par_sheets = ParSheetSerializer(many=True, read_only=True)

    class Meta(PaytableListSerializer.Meta):
        fields = [
            *PaytableListSerializer.Meta.fields,
            "entries",
            "entry_sources",
            "source",
            "par_sheets",
        ]


class RuleSerializer(serializers.Serializer):
    """One numbered rule of a rule version."""

    number = serializers.CharField(max_length=20)
    text = serializers.CharField()


class RuleVersionListSerializer(serializers.ModelSerializer):
    game_code = _code_of("game")

    class Meta:
        model = RuleVersion
        fields = [
            "id",
            "game",
            "game_code",
            "version",
            "title",
            "frozen",
            "content_hash",
            "created_at",
        ]


class RuleVersionDetailSerializer(RuleVersionListSerializer):
    rules = RuleSerializer(many=True, read_only=True)
    paytables = PaytableSummarySerializer(many=True, read_only=True)
    par_sheets = ParSheetSummarySerializer(many=True, read_only=True)

    class Meta(RuleVersionListSerializer.Meta):
        fields = [
            *RuleVersionListSerializer.Meta.fields,
            "rules",
            "parameters",
            "options",
            "decks_allowed",
            "source_document",
            "note",
            "paytables",
            "par_sheets",
        ]


# --------------------------------------------------------------------------- approvals


class ApprovalConditionSerializer(serializers.ModelSerializer):
    operator_class_code = _code_of("operator_class")

    class Meta:
        model = ApprovalCondition
        fields = ["id", "operator_class", "operator_class_code", "kind", "text", "venue_must_meet"]


class ApprovalEventSerializer(serializers.ModelSerializer):
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


# --------------------------------------------------------------------------- venues


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


# --------------------------------------------------------------------------- inputs


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


# --------------------------------------------------------------------------- rules in force


class RulesInForceQuerySerializer(serializers.Serializer):
    """The query of ``GET rules-in-force``."""

    venue = serializers.CharField(help_text="venue code, e.g. WA-CR-0042")
    table = serializers.CharField(help_text="table code, e.g. T3")
    game = serializers.CharField(help_text="game code, e.g. toss-one-21")
    at = serializers.CharField(
        help_text="RFC 3339 time with its offset, e.g. 2026-11-01T21:14:00-07:00 "
        "(write + as %2B in a query string)"
    )
    option = serializers.ListField(
        child=serializers.CharField(),
        required=False,
        default=list,
        help_text="a declared option as name:value, e.g. blackjack_pays:3:2; repeat for more",
    )
    options = serializers.CharField(
        required=False,
        help_text='all declared options as a JSON object, e.g. {"blackjack_pays": "3:2"}',
    )

    def validate_at(self, value: str) -> datetime:
        try:
            parsed = datetime.fromisoformat(value)
        except ValueError:
            hint = " (a + in a query string reads as a space: write it %2B)" if " " in value else ""
            raise serializers.ValidationError(
                f"{value!r} is not an RFC 3339 time such as 2026-11-01T21:14:00-07:00{hint}"
            ) from None
        if parsed.tzinfo is None or parsed.utcoffset() is None:
            raise serializers.ValidationError(
                f"{value!r} has no UTC offset: write it as e.g. 2026-11-01T21:14:00-07:00 or ...Z"
            )
        try:
            in_range = 1 < parsed.astimezone(UTC).year < 9999
        except OverflowError:
            in_range = False
        if not in_range:
            raise serializers.ValidationError(f"{value!r} is out of range")
        return parsed

    def validate(self, attrs):
        options: dict[str, str] = {}
        if "options" in attrs:
            options = _options_json(attrs.pop("options"))
        for item in attrs.pop("option", []):
            name, colon, value = item.partition(":")
            if not (colon and name.strip() and value.strip()):
                raise serializers.ValidationError({"option": f"{item!r} is not name:value"})
            name, value = name.strip(), value.strip()
            if options.get(name, value) != value:
                raise serializers.ValidationError(
                    {"option": f"{name} is declared twice ({options[name]} and {value})"}
                )
            options[name] = value
        attrs["options"] = options
        return attrs


def _options_json(text: str) -> dict[str, str]:
    try:
        parsed = json.loads(text)
    except (ValueError, RecursionError):
        parsed = None
    if not isinstance(parsed, dict) or not all(
        isinstance(v, str | int | float) and not isinstance(v, bool) for v in parsed.values()
    ):
        raise serializers.ValidationError(
            {"options": 'a JSON object of option -> value, e.g. {"blackjack_pays": "3:2"}'}
        )
    return {str(k): str(v) for k, v in parsed.items()}


class LimitInForceSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(choices=LimitKind.choices)
    amount = serializers.DecimalField(max_digits=12, decimal_places=2)
    scope = serializers.CharField()
    wager_key = serializers.CharField()
    regulation = serializers.CharField(help_text="citation")
    source = serializers.CharField()
    filing = serializers.CharField()
    effective_from = serializers.DateField()
    effective_to = serializers.DateField(allow_null=True)


class AuthorizationInForceSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    effective_from = serializers.DateField()
    options = serializers.DictField(child=serializers.CharField())


class ApprovalInForceSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    reference = serializers.CharField()
    decision_date = serializers.DateField()
    content_hash = serializers.CharField()


class RuleVersionInForceSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    version = serializers.IntegerField()
    content_hash = serializers.CharField()
    parameters = serializers.DictField()


class PaytableInForceSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    code = serializers.CharField()
    version = serializers.IntegerField()
    content_hash = serializers.CharField()
    entries = serializers.DictField(child=serializers.CharField())


class RulesInForceSerializer(serializers.Serializer):
    """What applied (``in_force``), or the reason nothing did (``reason_code``, ``reason``).

    ``authorization``, ``approval``, ``rule_version`` and ``paytables`` are
    present only when ``in_force`` is true.
    """

    in_force = serializers.BooleanField()
    at = serializers.DateTimeField()
    local_date = serializers.DateField(allow_null=True, help_text="the jurisdiction's local date")
    reason_code = serializers.CharField(allow_null=True)
    reason = serializers.CharField(allow_null=True)
    venue = serializers.CharField(allow_null=True)
    table = serializers.CharField(allow_null=True)
    game = serializers.CharField(allow_null=True)
    limits = LimitInForceSerializer(many=True)
    authorization = AuthorizationInForceSerializer(required=False)
    approval = ApprovalInForceSerializer(required=False)
    rule_version = RuleVersionInForceSerializer(required=False)
    paytables = serializers.DictField(
        child=PaytableInForceSerializer(), required=False, help_text="by wager key"
    )
