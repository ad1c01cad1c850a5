"""Views of the registry's records.

Jurisdictions, regulations and limits; manufacturers, games, rule versions and
paytables.
"""

from __future__ import annotations

from django.db.models import Prefetch
from drf_spectacular.utils import extend_schema, extend_schema_view
from rest_framework.response import Response

from games import access
from games.api import filters, serializers
from games.models import (
    Game,
    Jurisdiction,
    Manufacturer,
    OperatorClass,
    Paytable,
    Regulation,
    RuleVersion,
    WagerLimit,
)
from games.services.limits import wager_limit_create, wager_limit_update
from games.services.rules import paytable_create, rule_version_create

from .base import NOT_FOUND, WRITE_ERRORS, ListDetailViewSet, _require_manage


class JurisdictionViewSet(ListDetailViewSet):
    """Jurisdictions with their operator classes."""

    model = Jurisdiction
    serializer_classes = {"default": serializers.JurisdictionSerializer}
    filterset_class = filters.JurisdictionFilter

    def visible_records(self, user):
        return (
            access.jurisdictions_visible_to(user)
            .prefetch_related(Prefetch("operator_classes", OperatorClass.objects.order_by("code")))
            .order_by("code")
        )


class RegulationViewSet(ListDetailViewSet):
    """Regulations with their (dated) limits."""

    model = Regulation
    serializer_classes = {"default": serializers.RegulationSerializer}
    filterset_class = filters.RegulationFilter

    def visible_records(self, user):
        limits = access.limits_visible_to(user).select_related(
            "regulation__jurisdiction", "operator_class", "game", "table__venue"
        )
        return (
            access.regulations_visible_to(user)
            .select_related("jurisdiction")
            .prefetch_related(Prefetch("limits", limits))
            .order_by("jurisdiction__code", "citation")
        )


@extend_schema_view(
    create=extend_schema(
        request=serializers.WagerLimitCreateSerializer,
        responses={201: serializers.WagerLimitSerializer, **WRITE_ERRORS},
    ),
    partial_update=extend_schema(
        request=serializers.WagerLimitUpdateSerializer,
        responses={200: serializers.WagerLimitSerializer, **WRITE_ERRORS, **NOT_FOUND},
    ),
)
class WagerLimitViewSet(ListDetailViewSet):
    """Dated wager limits.  Reviewers create them and may correct them (PATCH).

    Unlike approved records, a limit is a dated value, not a frozen record: a
    reviewer may correct its amount, dates and sources, and the registry's
    history keeps every earlier state with who changed it and when.  What a
    limit applies to (regulation, kind, scope) never changes; a new value from
    a later date is a new limit, after closing the current one's
    ``effective_to``.  Limits are never deleted (no DELETE, no PUT).
    """

    model = WagerLimit
    serializer_classes = {
        "default": serializers.WagerLimitSerializer,
        "create": serializers.WagerLimitCreateSerializer,
        "partial_update": serializers.WagerLimitUpdateSerializer,
    }
    filterset_class = filters.WagerLimitFilter

    def visible_records(self, user):
        return access.limits_visible_to(user).select_related(
            "regulation__jurisdiction", "operator_class", "game", "table__venue"
        )

    def create(self, request, *args, **kwargs):
        data = self.validated(serializers.WagerLimitCreateSerializer)
        _require_manage(request.user, data["regulation"].jurisdiction)
        limit = wager_limit_create(**data, actor=request.user)
        return self.created(limit, serializers.WagerLimitSerializer)

    def partial_update(self, request, *args, **kwargs):
        limit = self.get_object()
        _require_manage(request.user, limit.regulation.jurisdiction)
        data = self.validated(serializers.WagerLimitUpdateSerializer, partial=True)
        limit = wager_limit_update(limit, actor=request.user, **data)
        limit = self.visible_records(request.user).get(pk=limit.pk)
        return Response(serializers.WagerLimitSerializer(limit).data)


class ManufacturerViewSet(ListDetailViewSet):
    """Manufacturers, with the codes of their games."""

    model = Manufacturer
    serializer_classes = {"default": serializers.ManufacturerSerializer}
    filterset_class = filters.ManufacturerFilter

    def visible_records(self, user):
        games = access.games_visible_to(user).order_by("code")
        return (
            access.manufacturers_visible_to(user)
            .prefetch_related(Prefetch("games", games))
            .order_by("name")
        )


class GameViewSet(ListDetailViewSet):
    """Games, by the code hand logs and the rules engine use."""

    model = Game
    serializer_classes = {"default": serializers.GameSerializer}
    filterset_class = filters.GameFilter

    def visible_records(self, user):
        return access.games_visible_to(user).select_related("manufacturer").order_by("code")


@extend_schema_view(
    create=extend_schema(
        request=serializers.RuleVersionCreateSerializer,
        responses={201: serializers.RuleVersionDetailSerializer, **WRITE_ERRORS},
    ),
)
class RuleVersionViewSet(ListDetailViewSet):
    """Rule versions.  Reviewers create drafts (POST); nothing is ever edited or deleted.

    A draft is frozen when it is submitted for approval; from then on a
    change is a new version.  The detail lists the paytables and a summary of
    the par sheets the requesting user may see.
    """

    model = RuleVersion
    serializer_classes = {
        "default": serializers.RuleVersionListSerializer,
        "retrieve": serializers.RuleVersionDetailSerializer,
        "create": serializers.RuleVersionCreateSerializer,
    }
    filterset_class = filters.RuleVersionFilter

    def visible_records(self, user):
        records = access.rule_versions_visible_to(user).select_related("game")
        if self.action == "list":
            return records.order_by("game__code", "version")
        paytables = access.paytables_visible_to(user).order_by("wager_key", "code", "version")
        sheets = (
            access.par_sheets_visible_to(user)
            .defer("sheet")
            .order_by("wager_key", "decks", "paytable", "pk")
        )
        return records.prefetch_related(
            Prefetch("paytables", paytables), Prefetch("par_sheets", sheets)
        )

    def create(self, request, *args, **kwargs):
        data = self.validated(serializers.RuleVersionCreateSerializer)
        rule_version = rule_version_create(**data, actor=request.user)
        return self.created(rule_version)


@extend_schema_view(
    create=extend_schema(
        request=serializers.PaytableCreateSerializer,
        responses={201: serializers.PaytableDetailSerializer, **WRITE_ERRORS},
    ),
)
class PaytableViewSet(ListDetailViewSet):
    """Paytable versions, frozen when created, with their par sheets (full sheets in detail).

    Reviewers add a paytable version to a rule version they see (POST); a
    paytable is never edited or deleted: a change is a new version.
    """

    model = Paytable
    serializer_classes = {
        "default": serializers.PaytableListSerializer,
        "retrieve": serializers.PaytableDetailSerializer,
        "create": serializers.PaytableCreateSerializer,
    }
    filterset_class = filters.PaytableFilter

    def visible_records(self, user):
        records = access.paytables_visible_to(user).select_related("rule_version__game")
        if self.action == "list":
            return records.order_by("rule_version__game__code", "rule_version__version", "pk")
        return records.prefetch_related("par_sheets")

    def create(self, request, *args, **kwargs):
        data = self.validated(serializers.PaytableCreateSerializer)
        paytable = paytable_create(**data, actor=request.user)
        return self.created(paytable)
