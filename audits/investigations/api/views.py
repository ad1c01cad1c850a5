"""Investigations over HTTP: list and open cases, read a case's whole thread, answer (staff,
with evidence files), decide (reviewers), and download evidence unchanged.

A case outside the user's scope answers 404, as one that does not exist; a step the user's
role may not take is 403; a step the case's state does not allow (answering a closed case)
is 409; a missing or wrong field is 400 naming it.
"""

from __future__ import annotations

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import generics, serializers, status
from rest_framework.exceptions import APIException, NotFound, PermissionDenied
from rest_framework.exceptions import ValidationError as BadRequest
from rest_framework.parsers import FormParser, JSONParser, MultiPartParser
from rest_framework.response import Response
from rest_framework.views import APIView

from audits.doors.api import ERROR, AuditPagination, HasAuditRole
from audits.investigations import cases as service
from audits.investigations.downloads import evidence_response
from audits.investigations.models import (
    Case,
    CaseCause,
    CaseEvidence,
    CaseOutcome,
    CaseStatus,
    CaseStep,
)
from compliance.dates import MAX_ID


class Conflict(APIException):
    status_code = status.HTTP_409_CONFLICT
    default_detail = "the case's state does not allow that step"


def _refusal(error: service.CaseRefused) -> APIException:
    if isinstance(error, service.CaseNotFound):
        return NotFound(str(error))
    if isinstance(error, service.CaseInvalid):
        return BadRequest({error.field: str(error)})
    if isinstance(error, service.CaseForbidden):
        return PermissionDenied(str(error))
    return Conflict(str(error))


def _before_the_body(check, *args) -> None:
    """The service's check of who may take the step, before the body is read: a user who
    may never take it is refused (403) whatever the body holds."""
    try:
        check(*args)
    except service.CaseRefused as error:
        raise _refusal(error) from None


class EvidenceSerializer(serializers.ModelSerializer):
    url = serializers.SerializerMethodField()

    class Meta:
        model = CaseEvidence
        fields = ["id", "name", "size", "sha256", "url"]

    def get_url(self, evidence) -> str:
        return f"/api/audits/cases/{evidence.step.case_id}/evidence/{evidence.pk}/"


class StepSerializer(serializers.ModelSerializer):
    by = serializers.CharField(source="by.get_username")
    evidence = EvidenceSerializer(many=True, read_only=True)

    class Meta:
        model = CaseStep
        fields = ["id", "kind", "at", "by", "role", "text", "cause", "corrective_action",
                  "outcome", "status_after", "evidence"]  # fmt: skip


class CaseSerializer(serializers.ModelSerializer):
    licensee = serializers.CharField(source="licensee.license_number")
    opened_by = serializers.CharField(source="opened_by.get_username")
    overdue = serializers.BooleanField(help_text="open past the jurisdiction's days")
    findings = serializers.PrimaryKeyRelatedField(many=True, read_only=True)
    deviations = serializers.PrimaryKeyRelatedField(many=True, read_only=True)

    class Meta:
        model = Case
        fields = ["id", "licensee", "title", "status", "outcome", "opened_at", "opened_by",
                  "closed_at", "overdue", "findings", "deviations"]  # fmt: skip


class CaseThreadSerializer(CaseSerializer):
    steps = StepSerializer(many=True, read_only=True)

    class Meta(CaseSerializer.Meta):
        fields = [*CaseSerializer.Meta.fields, "steps"]


class OpenSerializer(serializers.Serializer):
    title = serializers.CharField(max_length=200)
    text = serializers.CharField(help_text="what is to be explained")
    findings = serializers.ListField(
        child=serializers.IntegerField(min_value=1, max_value=MAX_ID), required=False
    )
    deviations = serializers.ListField(
        child=serializers.IntegerField(min_value=1, max_value=MAX_ID), required=False
    )


class AnswerSerializer(serializers.Serializer):
    text = serializers.CharField(help_text="the explanation")
    cause = serializers.ChoiceField(CaseCause.choices)
    corrective_action = serializers.CharField(required=False, allow_blank=True)
    evidence = serializers.ListField(child=serializers.FileField(), required=False)


class DecideSerializer(serializers.Serializer):
    decision = serializers.ChoiceField(list(service.DECISIONS))
    text = serializers.CharField()
    outcome = serializers.ChoiceField(CaseOutcome.choices, required=False, allow_blank=True)


class CaseListView(generics.ListAPIView):
    """The cases the user may see, newest first (``queue``: only those awaiting the user)."""

    permission_classes = [HasAuditRole]
    parser_classes = [JSONParser, FormParser, MultiPartParser]
    serializer_class = CaseSerializer
    pagination_class = AuditPagination

    def get_queryset(self):
        params, user = self.request.query_params, self.request.user
        wanted = params.get("queue") in ("1", "true", "yes")
        cases = service.case_queue(user) if wanted else service.cases_visible_to(user)
        if params.get("status"):
            if params["status"] not in CaseStatus.values:
                known = ", ".join(CaseStatus.values)
                raise BadRequest({"status": f"status must be one of {known}"})
            cases = cases.filter(status=params["status"])
        return cases.prefetch_related("findings", "deviations")

    @extend_schema(
        parameters=[
            OpenApiParameter("queue", bool, description="only the cases awaiting me"),
            OpenApiParameter(
                "status", str, enum=CaseStatus.values, description="only cases of this status"
            ),
        ],  # fmt: skip
    )
    def get(self, request, *args, **kwargs):
        return super().get(request, *args, **kwargs)

    @extend_schema(
        request=OpenSerializer,
        responses={201: CaseThreadSerializer, 400: ERROR, 403: ERROR, 404: ERROR},
    )
    def post(self, request):
        _before_the_body(service.case_opener_check, request.user)
        given = OpenSerializer(data=request.data)
        given.is_valid(raise_exception=True)
        data = given.validated_data
        try:
            case = service.case_open(
                request.user, title=data["title"], text=data["text"],
                finding_ids=data.get("findings", ()), deviation_ids=data.get("deviations", ()),
            )  # fmt: skip
        except service.CaseRefused as error:
            raise _refusal(error) from None
        return Response(CaseThreadSerializer(case).data, status=status.HTTP_201_CREATED)


class CaseDetailView(APIView):
    permission_classes = [HasAuditRole]

    @extend_schema(responses={200: CaseThreadSerializer, 404: ERROR})
    def get(self, request, pk: int):
        return Response(CaseThreadSerializer(_case(request, pk)).data)


class CaseAnswerView(APIView):
    permission_classes = [HasAuditRole]
    parser_classes = [MultiPartParser, FormParser, JSONParser]

    @extend_schema(
        request={"multipart/form-data": AnswerSerializer},
        responses={201: StepSerializer, 400: ERROR, 403: ERROR, 404: ERROR, 409: ERROR},
    )
    def post(self, request, pk: int):
        case = _case(request, pk)
        _before_the_body(service.case_answerer_check, request.user, case)
        fields = {k: request.data[k] for k in ("text", "cause", "corrective_action")
                  if k in request.data}  # fmt: skip
        given = AnswerSerializer(data={**fields, "evidence": request.FILES.getlist("evidence")})
        given.is_valid(raise_exception=True)
        data = given.validated_data
        try:
            step = service.case_answer(
                request.user, case, text=data["text"], cause=data["cause"],
                corrective_action=data.get("corrective_action", ""),
                files=data.get("evidence", ()),
            )  # fmt: skip
        except service.CaseRefused as error:
            raise _refusal(error) from None
        return Response(StepSerializer(step).data, status=status.HTTP_201_CREATED)


class CaseDecideView(APIView):
    permission_classes = [HasAuditRole]

    @extend_schema(
        request=DecideSerializer,
        responses={201: StepSerializer, 400: ERROR, 403: ERROR, 404: ERROR, 409: ERROR},
    )
    def post(self, request, pk: int):
        case = _case(request, pk)
        _before_the_body(service.case_decider_check, request.user, case)
        given = DecideSerializer(data=request.data)
        given.is_valid(raise_exception=True)
        data = given.validated_data
        try:
            step = service.case_decide(
                request.user, case, decision=data["decision"], text=data["text"],
                outcome=data.get("outcome", ""),
            )  # fmt: skip
        except service.CaseRefused as error:
            raise _refusal(error) from None
        return Response(StepSerializer(step).data, status=status.HTTP_201_CREATED)


class CaseEvidenceView(APIView):
    permission_classes = [HasAuditRole]

    @extend_schema(responses={(200, "application/octet-stream"): OpenApiTypes.BINARY,
                              404: OpenApiResponse(ERROR)})  # fmt: skip
    def get(self, request, pk: int, evidence: int):
        return evidence_response(_case(request, pk), evidence)


def _case(request, pk) -> Case:
    try:
        return service.case_get(request.user, pk)
    except service.CaseNotFound as error:
        raise NotFound(str(error)) from None
