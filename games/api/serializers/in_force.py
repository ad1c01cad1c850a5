"""Serializers of ``GET rules-in-force``: its query, and its answer."""

from __future__ import annotations

import json
from datetime import UTC, datetime

from rest_framework import serializers

from games.models import LimitKind


class RulesInForceQuerySerializer(serializers.Serializer):
    """The query of ``GET rules-in-force``."""

    venue = serializers.CharField(help_text="venue code, e.g. WA-CR-0042")
    table = serializers.CharField(help_text="table code, e.g. T3")
    game = serializers.CharField(help_text="game code, e.g. toss-one-21")
    at = serializers.CharField(
        help_text="RFC 3339 time with its offset, e.g. 2026-11-01T21:14:00-07:00 "
        "(write + as %2B in a query string)"
    )
    decks = serializers.IntegerField(
        required=False, min_value=1, max_value=8,
        help_text="the shoe's decks: judged against the approved rules and the authorization",
    )  # fmt: skip
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


class ConditionMetInForceSerializer(serializers.Serializer):
    condition = serializers.CharField()
    met_on = serializers.DateField()
    evidence = serializers.CharField()


class AuthorizationInForceSerializer(serializers.Serializer):
    """Every term of the authorization: where, which variant, which shoes, when, conditions."""

    id = serializers.IntegerField()
    table = serializers.CharField(allow_null=True, help_text="null: every table of the venue")
    options = serializers.DictField(child=serializers.CharField())
    decks = serializers.ListField(
        child=serializers.IntegerField(), allow_null=True, help_text="null: any approved"
    )
    effective_from = serializers.DateField()
    effective_to = serializers.DateField(allow_null=True)
    conditions_met = ConditionMetInForceSerializer(many=True)
    citation = serializers.CharField(help_text="as a finding cites it")


class ApprovalInForceSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    reference = serializers.CharField()
    decision_date = serializers.DateField()
    allowed_options = serializers.DictField(child=serializers.ListField())
    content_hash = serializers.CharField()
    citation = serializers.CharField(help_text="as a finding cites it")


class RuleVersionInForceSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    version = serializers.IntegerField()
    content_hash = serializers.CharField()
    parameters = serializers.DictField()
    decks_allowed = serializers.ListField(child=serializers.IntegerField())


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
    cited = serializers.CharField(
        allow_null=True, help_text="the authorization or approval the answer rests on"
    )
    decks = serializers.IntegerField(allow_null=True, help_text="the shoe asked about")
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
