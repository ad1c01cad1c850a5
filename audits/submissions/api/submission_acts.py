"""What is done to a stored submission over the API: validated again, withdrawn, reinstated.

None of them stores a file: the per-user rate holds them, and they leave the uploads' quota
(``throttle_scope = "uploads"`` on :class:`~audits.submissions.api.views.SubmissionViewSet`)
to uploads.
"""

from __future__ import annotations

from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.decorators import action
from rest_framework.exceptions import PermissionDenied
from rest_framework.exceptions import ValidationError as BadRequest
from rest_framework.parsers import FormParser, JSONParser, MultiPartParser
from rest_framework.response import Response

from audits.doors.api import ERROR, NOT_FOUND
from audits.submissions import access
from audits.submissions.api import serializers
from audits.submissions.api.serializers import submission_url
from audits.submissions.intake import submission_retry
from audits.submissions.models import SubmissionStatus
from audits.submissions.withdrawal import (
    WithdrawalRefused,
    submission_reinstate,
    submission_withdraw,
    submission_withdrawal_decide,
)
from compliance.throttles import AnonymousRate, UserRate

NOT_AN_UPLOAD = {"throttle_classes": [AnonymousRate, UserRate]}
PLAIN_FORMS = [JSONParser, FormParser, MultiPartParser]


class Conflict(BadRequest):
    status_code = status.HTTP_409_CONFLICT


class SubmissionActs:
    """The viewset's actions on one submission (mixed into it: ``get_object`` is its)."""

    @extend_schema(
        request=None,
        responses={
            202: serializers.SubmissionAcceptedSerializer,
            409: OpenApiResponse(ERROR, description="the submission has not failed"),
            **NOT_FOUND,
        },
    )
    @action(detail=True, methods=["post"], **NOT_AN_UPLOAD)
    def retry(self, request, uuid=None):
        """Validate a failed submission again, from the file exactly as it was stored."""
        submission = self.get_object()
        if not access.user_can_submit_for(request.user, submission.licensee):
            raise PermissionDenied("you may not submit hand logs for this licensee")
        if submission.status != SubmissionStatus.FAILED:
            raise Conflict(f"only a failed submission is validated again (this one is "
                            f"{submission.status})")  # fmt: skip
        submission = submission_retry(submission)
        url = submission_url(submission, request)
        answer = {"id": str(submission.uuid), "url": url, "status": submission.status,
                  "sha256": submission.sha256, "created": False, "retried": True}  # fmt: skip
        return Response(answer, status=status.HTTP_202_ACCEPTED, headers={"Location": url})

    @extend_schema(
        request=serializers.WithdrawalSerializer,
        responses={
            200: serializers.SubmissionDetailSerializer,
            400: OpenApiResponse(ERROR, description="no reason given"),
            403: OpenApiResponse(ERROR, description="not staff of the submission's licensee"),
            409: OpenApiResponse(ERROR, description="already withdrawn, or not yet finished"),
            **NOT_FOUND,
        },
    )
    @action(detail=True, methods=["post"], parser_classes=PLAIN_FORMS, **NOT_AN_UPLOAD)
    def withdraw(self, request, uuid=None):
        """Withdraw a mistaken submission, saying why: it is kept and marked withdrawn, left
        out of later reports and of monitoring; reports already issued keep their figures.
        Once a signed report covers it or its live day has closed, this records a request
        (``withdrawal_requested_at``) a reviewer decides; until then it counts."""
        refusal = "only the licensee's staff withdraw its submissions"
        return self._withdrawal(request, access.user_can_withdraw, submission_withdraw, refusal)

    @extend_schema(
        request=serializers.WithdrawalSerializer,
        responses={
            200: serializers.SubmissionDetailSerializer,
            400: OpenApiResponse(ERROR, description="no reason given"),
            403: OpenApiResponse(ERROR, description="not a reviewer of its jurisdiction"),
            409: OpenApiResponse(ERROR, description="the submission is not withdrawn"),
            **NOT_FOUND,
        },
    )
    @action(detail=True, methods=["post"], parser_classes=PLAIN_FORMS, **NOT_AN_UPLOAD)
    def reinstate(self, request, uuid=None):
        """Bring a withdrawn submission back into later reports and monitoring, saying why."""
        refusal = "only the commission's reviewers reinstate a submission"
        return self._withdrawal(request, access.user_can_reinstate, submission_reinstate, refusal)

    @extend_schema(
        request=serializers.WithdrawalDecisionSerializer,
        responses={
            200: serializers.SubmissionDetailSerializer,
            400: OpenApiResponse(ERROR, description="no decision or no reason given"),
            403: OpenApiResponse(ERROR, description="not a reviewer of its jurisdiction"),
            409: OpenApiResponse(ERROR, description="no withdrawal is waiting for a decision"),
            **NOT_FOUND,
        },
    )
    @action(detail=True, methods=["post"], url_path="withdrawal", parser_classes=PLAIN_FORMS,
            **NOT_AN_UPLOAD)  # fmt: skip
    def withdrawal_decide(self, request, uuid=None):
        """Accept or refuse a requested withdrawal (a reported or closed submission), saying
        why: accepted, the submission is withdrawn; refused, it counts as it was."""
        submission = self.get_object()
        if not access.user_can_reinstate(request.user, submission):
            raise PermissionDenied("only the commission's reviewers decide a withdrawal")
        given = serializers.WithdrawalDecisionSerializer(data=request.data)
        given.is_valid(raise_exception=True)
        accept = given.validated_data["decision"] == "accept"
        try:
            submission = submission_withdrawal_decide(
                submission, user=request.user, accept=accept, reason=given.validated_data["reason"]
            )
        except WithdrawalRefused as exc:
            raise Conflict(str(exc)) from exc
        detail = serializers.SubmissionDetailSerializer(submission, context={"request": request})
        return Response(detail.data)

    def _withdrawal(self, request, allowed, act, refusal: str) -> Response:
        submission = self.get_object()
        if not allowed(request.user, submission):
            raise PermissionDenied(refusal)
        given = serializers.WithdrawalSerializer(data=request.data)
        given.is_valid(raise_exception=True)
        try:
            submission = act(submission, user=request.user, reason=given.validated_data["reason"])
        except WithdrawalRefused as exc:
            raise Conflict(str(exc)) from exc
        detail = serializers.SubmissionDetailSerializer(submission, context={"request": request})
        return Response(detail.data)
