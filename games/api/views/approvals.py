"""Views of approvals: submitted by reviewers, moved along their pipeline, never edited."""

from __future__ import annotations

from django.db.models import Prefetch
from drf_spectacular.utils import extend_schema, extend_schema_view
from rest_framework.decorators import action
from rest_framework.response import Response

from games import access
from games.api import filters, serializers
from games.models import Approval, ApprovalEvent, ApprovalPaytable
from games.services.approvals import ConditionSpec, approval_submit, approval_transition

from .base import NOT_FOUND, WRITE_ERRORS, ListDetailViewSet, _require_manage


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
