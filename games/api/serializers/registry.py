"""Output serializers of the registry's records.

Jurisdictions, regulations and their limits; manufacturers, games, rule
versions, paytables and par sheets.
"""

from __future__ import annotations

from rest_framework import serializers

from games.models import (
    Game,
    Jurisdiction,
    Manufacturer,
    OperatorClass,
    ParSheet,
    Paytable,
    Regulation,
    RuleVersion,
    WagerLimit,
)

from .common import _code_of

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
