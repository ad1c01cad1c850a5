"""Views of licensees, venues and their authorizations."""

from __future__ import annotations

from django.db.models import Prefetch
from drf_spectacular.utils import extend_schema, extend_schema_view

from games import access
from games.api import filters, serializers
from games.models import Authorization, ConditionMet, Licensee, Venue
from games.services.venues import authorization_create

from .base import WRITE_ERRORS, ListDetailViewSet, _require_manage


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
