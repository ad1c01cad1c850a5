"""Audit reports over HTTP: request one (202), follow it, fetch its signed PDF and its JSON
twin, and verify any PDF (open to anyone: a report is meant to be checked by its readers)."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied as NotAllowed
from django.core.exceptions import ValidationError
from django.http import FileResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema, extend_schema_view
from rest_framework import mixins, status, viewsets
from rest_framework.decorators import action
from rest_framework.exceptions import NotFound, PermissionDenied
from rest_framework.exceptions import ValidationError as BadRequest
from rest_framework.parsers import MultiPartParser
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from audits.doors.api import ERROR, NOT_FOUND, AuditPagination, HasAuditRole
from audits.reports import access as report_access
from audits.reports.api import serializers
from audits.reports.models import Report, ReportStatus
from audits.reports.requests import NotVisible, report_request_by
from audits.reports.verification import MAX_PDF_BYTES, report_check
from audits.submissions.run import media_path

NOT_ISSUED = {409: OpenApiResponse(ERROR, description="the report is not issued (yet)")}


@extend_schema_view(
    list=extend_schema(responses={200: serializers.ReportSerializer}),
    retrieve=extend_schema(responses={200: serializers.ReportSerializer, **NOT_FOUND}),
)
class ReportViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, viewsets.GenericViewSet):
    """Audit reports: ask for one (POST), then follow its status until ``done``.

    An issued report never changes; ``replaces`` asks for a new one that names
    the report it replaces.
    """

    permission_classes = [IsAuthenticated, HasAuditRole]
    pagination_class = AuditPagination
    serializer_class = serializers.ReportSerializer
    lookup_field = "uuid"
    lookup_value_converter = "uuid"

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):
            return Report.objects.none()
        records = report_access.reports_visible_to(self.request.user)
        records = records.select_related("submission", "venue", "jurisdiction", "replaces")
        return records.order_by("-requested_at", "-pk")

    @extend_schema(
        request=serializers.ReportRequestSerializer,
        responses={
            202: serializers.ReportSerializer,
            400: OpenApiResponse(ERROR, description="an incomplete or invalid request"),
            403: OpenApiResponse(ERROR, description="not allowed to ask for that report"),
            404: OpenApiResponse(ERROR, description="no such submission, venue or report"),
        },
    )
    def create(self, request, *args, **kwargs):
        """Ask for a report; it is generated and signed in the background.

        The same report (kind, scope and period) asked for again while it is queued, being
        made or issued is that report, not a second one; ``replaces`` asks for a newer one.
        """
        query = serializers.ReportRequestSerializer(data=request.data)
        query.is_valid(raise_exception=True)
        try:
            report = report_request_by(request.user, query.validated_data)
        except NotVisible as exc:
            raise NotFound(str(exc)) from exc
        except NotAllowed as exc:
            raise PermissionDenied(str(exc)) from exc
        except ValidationError as exc:
            detail = exc.message_dict if hasattr(exc, "error_dict") else exc.messages
            raise BadRequest(detail) from exc
        body = serializers.ReportSerializer(report, context={"request": request}).data
        return Response(body, status=status.HTTP_202_ACCEPTED, headers={"Location": body["url"]})

    @extend_schema(
        responses={(200, "application/pdf"): OpenApiTypes.BINARY, **NOT_FOUND, **NOT_ISSUED}
    )
    @action(detail=True, methods=["get"])
    def pdf(self, request, uuid=None):
        """The signed PDF, exactly as issued (``ETag``: its SHA-256)."""
        report = self._issued()
        try:
            handle = open(media_path(report.pdf_file), "rb")  # noqa: SIM115 (FileResponse closes it)
        except FileNotFoundError as exc:
            raise NotFound("the stored PDF of this report is missing") from exc
        response = FileResponse(
            handle,
            as_attachment=True,
            filename=f"report-{report.uuid}.pdf",
            content_type="application/pdf",
        )
        response["ETag"] = f'"{report.sha256}"'
        return response

    @extend_schema(responses={200: OpenApiTypes.OBJECT, **NOT_FOUND, **NOT_ISSUED})
    @action(detail=True, methods=["get"])
    def figures(self, request, uuid=None):
        """The report's JSON twin: every figure of the PDF (also attached inside it)."""
        return Response(self._issued().figures)

    def _issued(self) -> Report:
        report = self.get_object()
        if report.status != ReportStatus.DONE:
            raise _NotIssued(f"the report is {report.status}")
        return report


class _NotIssued(BadRequest):
    status_code = status.HTTP_409_CONFLICT


class ReportVerifyView(APIView):
    """Check any PDF: is it a report this service signed and issued, unchanged?

    Open to anyone (no sign-in): a commission's readers must be able to check
    what they are given.  Send the PDF as multipart ``file``.
    """

    permission_classes = [AllowAny]
    parser_classes = [MultiPartParser]

    @extend_schema(
        request={
            "multipart/form-data": {
                "type": "object",
                "properties": {"file": {"type": "string", "format": "binary"}},
            }
        },
        responses={
            200: serializers.VerificationSerializer,
            400: OpenApiResponse(ERROR, description="no file"),
            413: OpenApiResponse(ERROR, description="the file is too large"),
        },
    )
    def post(self, request):
        upload = request.FILES.get("file")
        if upload is None:
            raise BadRequest({"file": "send the PDF as multipart field 'file'"})
        if upload.size > MAX_PDF_BYTES:
            return Response(
                {"message": f"a report is at most {MAX_PDF_BYTES:,} bytes", "field": "file"},
                status=status.HTTP_413_REQUEST_ENTITY_TOO_LARGE,
            )
        verification = report_check(upload.read())
        return Response(serializers.VerificationSerializer(verification.to_dict()).data)
