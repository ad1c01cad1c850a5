"""Views of the registry API: they read through the access selectors and write through services.

Who sees what is decided in :mod:`games.access`; a record outside the
requesting user's scope is answered with 404, like a record that does not
exist, so the API never discloses that it exists.  Writes are for commission
reviewers, in their own jurisdiction only (403 otherwise).

Rule versions, paytables, approvals and par sheets are never edited or
deleted over the API (PUT, PATCH and DELETE answer 405): approved records are
immutable, and a change is a new version.  An approval changes only by moving
along its pipeline (``POST approvals/{id}/transition/``).
"""

from __future__ import annotations

from django.db.models import Prefetch
from django_filters.rest_framework import DjangoFilterBackend
from drf_spectacular.utils import OpenApiResponse, extend_schema, extend_schema_view
from rest_framework import mixins, status, viewsets
from rest_framework.decorators import action
from rest_framework.exceptions import NotFound, PermissionDenied
from rest_framework.parsers import JSONParser
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from games import access
from games.models import (
    Approval,
    ApprovalEvent,
    ApprovalPaytable,
    Authorization,
    ConditionMet,
    Game,
    Jurisdiction,
    Licensee,
    Manufacturer,
    OperatorClass,
    Paytable,
    Regulation,
    RuleVersion,
    Venue,
    WagerLimit,
)
from games.selectors import rules_in_force
from games.services.approvals import ConditionSpec, approval_submit, approval_transition
from games.services.limits import wager_limit_create, wager_limit_update
from games.services.rules import paytable_create, rule_version_create
from games.services.venues import authorization_create

from . import filters, serializers
from .pagination import RegistryPagination
from .permissions import HasRegistryRole, ReviewersWrite

ERROR = serializers.ApiErrorSerializer
WRITE_ERRORS = {
    400: OpenApiResponse(ERROR, description="invalid input, or refused by the registry's rules"),
    403: OpenApiResponse(ERROR, description="not a reviewer of the jurisdiction concerned"),
}
NOT_FOUND = {404: OpenApiResponse(ERROR, description="no such record that you may see")}


def _require_manage(user, jurisdiction: Jurisdiction) -> None:
    if not access.user_can_manage_registry(user, jurisdiction):
        managed = access.jurisdiction_managed_by(user)
        where = f"only the registry of {managed.code}" if managed else "nothing"
        raise PermissionDenied(f"you may change {where}")


class RegistryViewSet(viewsets.GenericViewSet):
    """Lists and details of what the requesting user may see (:mod:`games.access`)."""

    permission_classes = [IsAuthenticated, HasRegistryRole, ReviewersWrite]
    pagination_class = RegistryPagination
    filter_backends = [DjangoFilterBackend]
    lookup_value_converter = "int"
    parser_classes = [JSONParser]
    #: the model (for the schema, which is generated without a user)
    model: type = None
    #: serializer per action; "default" for the rest
    serializer_classes: dict[str, type] = {}

    def get_serializer_class(self):
        action = self.action
        if action == "metadata" and self.request.method == "POST":  # OPTIONS describes POST
            action = "create"
        return self.serializer_classes.get(action, self.serializer_classes["default"])

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):
            return self.model.objects.none()
        return self.visible_records(self.request.user)

    def visible_records(self, user):
        """What ``user`` may see (a selector of :mod:`games.access`), ready to serialize."""
        raise NotImplementedError

    def created(self, instance, serializer_class=None) -> Response:
        """201 with the new record, read back as its reader would see it."""
        instance = self.visible_records(self.request.user).get(pk=instance.pk)
        serializer_class = serializer_class or self.serializer_classes.get(
            "retrieve", self.serializer_classes["default"]
        )
        data = serializer_class(instance, context=self.get_serializer_context()).data
        return Response(data, status=status.HTTP_201_CREATED)

    def validated(self, serializer_class, **kwargs) -> dict:
        serializer = serializer_class(
            data=self.request.data, context=self.get_serializer_context(), **kwargs
        )
        serializer.is_valid(raise_exception=True)
        return serializer.validated_data


class ListDetailViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, RegistryViewSet):
    pass


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


@extend_schema_view(
    create=extend_schema(
        request=serializers.ApprovalSubmitSerializer,
        responses={201: serializers.ApprovalDetailSerializer, **WRITE_ERRORS},
    ),
)
class ApprovalViewSet(ListDetailViewSet):
    """Approvals: submitted by reviewers (POST), moved along their pipeline, never edited.

    Submitting freezes the rule version.  Each step of the pipeline
    (``transition``) is recorded in ``events`` with who, when and why.
    """

    model = Approval
    serializer_classes = {
        "default": serializers.ApprovalListSerializer,
        "retrieve": serializers.ApprovalDetailSerializer,
        "create": serializers.ApprovalSubmitSerializer,
        "transition": serializers.ApprovalTransitionSerializer,
    }
    filterset_class = filters.ApprovalFilter

    def visible_records(self, user):
        records = access.approvals_visible_to(user).select_related(
            "jurisdiction", "rule_version__game"
        )
        if self.action == "list":
            return records.order_by("jurisdiction__code", "rule_version__game__code", "pk")
        links = ApprovalPaytable.objects.select_related("paytable").order_by(
            "paytable__wager_key", "paytable__code", "paytable__version"
        )
        return records.prefetch_related(
            "conditions__operator_class",
            Prefetch("paytable_links", links),
            Prefetch("events", ApprovalEvent.objects.order_by("at", "pk")),
        )

    def create(self, request, *args, **kwargs):
        data = self.validated(serializers.ApprovalSubmitSerializer)
        jurisdiction = data.pop("jurisdiction", None) or access.jurisdiction_managed_by(
            request.user
        )
        _require_manage(request.user, jurisdiction)
        conditions = [ConditionSpec(**spec) for spec in data.pop("conditions")]
        approval = approval_submit(
            jurisdiction=jurisdiction, conditions=conditions, actor=request.user, **data
        )
        return self.created(approval)

    @extend_schema(
        request=serializers.ApprovalTransitionSerializer,
        responses={200: serializers.ApprovalDetailSerializer, **WRITE_ERRORS, **NOT_FOUND},
    )
    @action(detail=True, methods=["post"])
    def transition(self, request, pk=None):
        """Move the approval one step along its pipeline (400 names the steps allowed)."""
        approval = self.get_object()
        _require_manage(request.user, approval.jurisdiction)
        data = self.validated(serializers.ApprovalTransitionSerializer)
        approval_transition(
            approval,
            data["to_status"],
            actor=request.user,
            reason=data["reason"],
            decision_date=data.get("decision_date"),
        )
        approval = self.visible_records(request.user).get(pk=approval.pk)
        return Response(serializers.ApprovalDetailSerializer(approval).data)


class LicenseeViewSet(ListDetailViewSet):
    """Licensees with their venues."""

    model = Licensee
    serializer_classes = {"default": serializers.LicenseeSerializer}
    filterset_class = filters.LicenseeFilter

    def visible_records(self, user):
        venues = access.venues_visible_to(user).order_by("code")
        return (
            access.licensees_visible_to(user)
            .select_related("jurisdiction")
            .prefetch_related(Prefetch("venues", venues))
            .order_by("jurisdiction__code", "name")
        )


def _authorizations(queryset):
    return queryset.select_related(
        "venue", "table", "approval__rule_version__game"
    ).prefetch_related(
        Prefetch("conditions_met", ConditionMet.objects.select_related("condition").order_by("pk"))
    )


class VenueViewSet(ListDetailViewSet):
    """Venues with their tables and authorizations."""

    model = Venue
    serializer_classes = {"default": serializers.VenueSerializer}
    filterset_class = filters.VenueFilter

    def visible_records(self, user):
        authorizations = _authorizations(Authorization.objects.order_by("effective_from", "pk"))
        return (
            access.venues_visible_to(user)
            .select_related("licensee__jurisdiction", "operator_class")
            .prefetch_related("tables", Prefetch("authorizations", authorizations))
            .order_by("code")
        )


@extend_schema_view(
    create=extend_schema(
        request=serializers.AuthorizationCreateSerializer,
        responses={201: serializers.AuthorizationSerializer, **WRITE_ERRORS},
    ),
)
class AuthorizationViewSet(ListDetailViewSet):
    """Venue authorizations.  Reviewers create them for venues of their jurisdiction."""

    model = Authorization
    serializer_classes = {
        "default": serializers.AuthorizationSerializer,
        "create": serializers.AuthorizationCreateSerializer,
    }
    filterset_class = filters.AuthorizationFilter

    def visible_records(self, user):
        return _authorizations(access.authorizations_visible_to(user)).order_by(
            "venue__code", "effective_from", "pk"
        )

    def create(self, request, *args, **kwargs):
        data = self.validated(serializers.AuthorizationCreateSerializer)
        _require_manage(request.user, data["venue"].licensee.jurisdiction)
        conditions_met = [
            (item["condition"], item["met_on"], item["evidence"])
            for item in data.pop("conditions_met")
        ]
        authorization = authorization_create(
            conditions_met=conditions_met, actor=request.user, **data
        )
        return self.created(authorization, serializers.AuthorizationSerializer)


class RulesInForceView(APIView):
    """What applied to a round at a venue's table, of a game, with its options, at a time.

    Only for venues the requesting user may see (404 otherwise, also for a
    venue that does not exist).  An unknown table or game, or a round
    nothing was authorized for, is a 200 answer with ``in_force: false`` and
    the reason, as the audit uses it.
    """

    permission_classes = [IsAuthenticated, HasRegistryRole]

    @extend_schema(
        parameters=[serializers.RulesInForceQuerySerializer],
        responses={
            200: serializers.RulesInForceSerializer,
            400: OpenApiResponse(ERROR, description="a malformed query"),
            **NOT_FOUND,
        },
    )
    def get(self, request):
        query = serializers.RulesInForceQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        asked = query.validated_data
        if not access.venues_visible_to(request.user).filter(code=asked["venue"]).exists():
            raise NotFound(f"no venue {asked['venue']!r} that you may see")
        answer = rules_in_force(
            venue=asked["venue"],
            table=asked["table"],
            game=asked["game"],
            options=asked["options"],
            at=asked["at"],
        )
        return Response(answer.to_dict())
