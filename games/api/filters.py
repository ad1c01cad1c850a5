"""Query-string filters of the registry lists.

Records are filtered by their codes where they have one (``jurisdiction=wa-wsgc``,
``game=toss-one-21``, ``venue=WA-CR-0042``) and by id otherwise.  A malformed
value (a date that is not ``YYYY-MM-DD``, an id that is not a whole number, an
unknown status) is answered with 400, never ignored.
"""

from __future__ import annotations

from django import forms
from django.db.models import Q
from django_filters import rest_framework as filters
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema_field

from compliance.dates import MAX_ID, NotADate, date_from_text
from games.models import (
    Approval,
    ApprovalStatus,
    Authorization,
    Game,
    Jurisdiction,
    Licensee,
    LimitKind,
    Manufacturer,
    Paytable,
    Regulation,
    RuleVersion,
    Venue,
    WagerLimit,
)


class IdFilter(filters.Filter):
    """A record id: a positive whole number."""

    field_class = forms.IntegerField

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("min_value", 1)
        kwargs.setdefault("max_value", MAX_ID)
        super().__init__(*args, **kwargs)


@extend_schema_field(OpenApiTypes.BOOL)
class StrictBooleanFilter(filters.TypedChoiceFilter):
    """``true`` or ``false``; anything else is an error rather than "no filter"."""

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("choices", [("true", "true"), ("false", "false")])
        kwargs.setdefault("coerce", lambda value: value == "true")
        super().__init__(*args, **kwargs)


class IsoDateField(forms.DateField):
    """A date written ``YYYY-MM-DD``, one the service holds (:mod:`compliance.dates`)."""

    def to_python(self, value):
        if value in self.empty_values:
            return None
        try:
            return date_from_text(value)
        except NotADate as exc:
            raise forms.ValidationError(str(exc), code="invalid") from None


@extend_schema_field({"type": "string", "format": "date", "example": "2026-10-18"})
class IsoDateFilter(filters.DateFilter):
    """A date written ``YYYY-MM-DD``."""

    field_class = IsoDateField


def _in_force_on(queryset, name, value):
    """Dated records whose ``effective_from``..``effective_to`` (inclusive) holds ``value``."""
    if value is None:
        return queryset
    return queryset.filter(effective_from__lte=value).filter(
        Q(effective_to__isnull=True) | Q(effective_to__gte=value)
    )


class JurisdictionFilter(filters.FilterSet):
    code = filters.CharFilter(help_text="jurisdiction code, e.g. wa-wsgc")

    class Meta:
        model = Jurisdiction
        fields = ["code"]


class RegulationFilter(filters.FilterSet):
    jurisdiction = filters.CharFilter(field_name="jurisdiction__code", help_text="code")
    citation = filters.CharFilter()

    class Meta:
        model = Regulation
        fields = ["jurisdiction", "citation"]


class WagerLimitFilter(filters.FilterSet):
    jurisdiction = filters.CharFilter(
        field_name="regulation__jurisdiction__code", help_text="jurisdiction code, e.g. wa-wsgc"
    )
    regulation = IdFilter(field_name="regulation")
    kind = filters.ChoiceFilter(choices=LimitKind.choices)
    game = filters.CharFilter(field_name="game__code", help_text="game code")
    operator_class = filters.CharFilter(field_name="operator_class__code", help_text="code")
    wager_key = filters.CharFilter()
    in_force_on = IsoDateFilter(
        method=_in_force_on, help_text="YYYY-MM-DD: only the values in force on that day"
    )

    class Meta:
        model = WagerLimit
        fields = [
            "jurisdiction",
            "regulation",
            "kind",
            "game",
            "operator_class",
            "wager_key",
            "in_force_on",
        ]


class ManufacturerFilter(filters.FilterSet):
    name = filters.CharFilter(lookup_expr="icontains")

    class Meta:
        model = Manufacturer
        fields = ["name"]


class GameFilter(filters.FilterSet):
    code = filters.CharFilter()
    manufacturer = IdFilter(field_name="manufacturer")

    class Meta:
        model = Game
        fields = ["code", "manufacturer"]


class RuleVersionFilter(filters.FilterSet):
    game = filters.CharFilter(field_name="game__code", help_text="game code, e.g. toss-one-21")
    version = IdFilter(field_name="version")
    frozen = StrictBooleanFilter(field_name="frozen")

    class Meta:
        model = RuleVersion
        fields = ["game", "version", "frozen"]


class PaytableFilter(filters.FilterSet):
    game = filters.CharFilter(field_name="rule_version__game__code", help_text="game code")
    rule_version = IdFilter(field_name="rule_version")
    wager_key = filters.CharFilter(help_text="e.g. lucky3")
    code = filters.CharFilter(help_text='the paytable code options name, e.g. "1"')
    illustrative = StrictBooleanFilter(field_name="illustrative")

    class Meta:
        model = Paytable
        fields = ["game", "rule_version", "wager_key", "code", "illustrative"]


class ApprovalFilter(filters.FilterSet):
    jurisdiction = filters.CharFilter(field_name="jurisdiction__code", help_text="code")
    status = filters.ChoiceFilter(choices=ApprovalStatus.choices)
    game = filters.CharFilter(field_name="rule_version__game__code", help_text="game code")
    rule_version = IdFilter(field_name="rule_version")

    class Meta:
        model = Approval
        fields = ["jurisdiction", "status", "game", "rule_version"]


class LicenseeFilter(filters.FilterSet):
    jurisdiction = filters.CharFilter(field_name="jurisdiction__code", help_text="code")

    class Meta:
        model = Licensee
        fields = ["jurisdiction"]


class VenueFilter(filters.FilterSet):
    jurisdiction = filters.CharFilter(field_name="licensee__jurisdiction__code", help_text="code")
    licensee = IdFilter(field_name="licensee")
    code = filters.CharFilter(help_text="venue code, e.g. WA-CR-0042")

    class Meta:
        model = Venue
        fields = ["jurisdiction", "licensee", "code"]


class AuthorizationFilter(filters.FilterSet):
    venue = filters.CharFilter(field_name="venue__code", help_text="venue code")
    game = filters.CharFilter(field_name="approval__rule_version__game__code", help_text="code")
    approval = IdFilter(field_name="approval")
    effective_on = IsoDateFilter(
        method=_in_force_on, help_text="YYYY-MM-DD: only authorizations effective that day"
    )

    class Meta:
        model = Authorization
        fields = ["venue", "game", "approval", "effective_on"]
