"""Submitting a hand log, following its validation, and fetching the file as stored."""

from __future__ import annotations

import base64

from django.http import FileResponse
from django.utils import timezone
from django.utils.http import parse_header_parameters
from django_filters.rest_framework import DjangoFilterBackend
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema, extend_schema_view
from rest_framework import mixins, status, viewsets
from rest_framework.decorators import action
from rest_framework.exceptions import NotFound, PermissionDenied, UnsupportedMediaType
from rest_framework.exceptions import ValidationError as BadRequest
from rest_framework.parsers import MultiPartParser
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response

from audits.doors.api import (
    BAD_QUERY,
    ERROR,
    NOT_FOUND,
    AuditPagination,
    ExportNegotiation,
    HasAuditRole,
)
from audits.submissions import access
from audits.submissions.api import serializers
from audits.submissions.api.filters import SubmissionFilter
from audits.submissions.api.permissions import SubmittersWrite
from audits.submissions.api.serializers import submission_url
from audits.submissions.api.submission_acts import SubmissionActs
from audits.submissions.api.uploads import (
    MULTIPART,
    MULTIPART_OVERHEAD,
    RAW_MEDIA_TYPES,
    STREAM_PARSERS,
    content_length,
    install_upload_handlers,
    multipart_file,
)
from audits.submissions.intake import (
    LicenseeRequired,
    NotAllowedToSubmit,
    submission_licensee,
    submission_submit,
)
from audits.submissions.models import Submission
from audits.submissions.run import media_path
from audits.submissions.storage import SubmissionRefused, SubmissionTooLarge, max_upload_bytes
from compliance.throttles import AnonymousRate, UploadRate, UserRate
from compliance.timezones import zone
from games.user_zones import user_zone_name

UPLOAD_ERRORS = {
    400: OpenApiResponse(ERROR, description="no file, an empty file, or a malformed parameter"),
    403: OpenApiResponse(ERROR, description="not allowed to submit for that licensee"),
    413: OpenApiResponse(
        ERROR,
        description="the file is over the size limit, expands past the limits (gzip), or "
        "would pass the licensee's storage limit",
    ),
    415: OpenApiResponse(ERROR, description="neither multipart nor one of the raw types"),
}


def too_large(max_bytes: int, why: str = "") -> Response:
    return Response(
        {"message": why or f"the file exceeds the limit of {max_bytes:,} bytes", "field": "file"},
        status=status.HTTP_413_REQUEST_ENTITY_TOO_LARGE,
    )


@extend_schema_view(
    list=extend_schema(responses={200: serializers.SubmissionListSerializer, **BAD_QUERY}),
    retrieve=extend_schema(responses={200: serializers.SubmissionDetailSerializer, **NOT_FOUND}),
)
class SubmissionViewSet(  # retry, withdraw and reinstate: SubmissionActs
    SubmissionActs, mixins.ListModelMixin, mixins.RetrieveModelMixin, viewsets.GenericViewSet
):
    """Hand-log submissions: upload (POST), list, and the detail with progress and summary.

    A submission is identified by the SHA-256 of its bytes: the same file sent
    again is the same submission (``created: false``) and is not validated
    again.  Validation runs in the background; the detail tells how far it is
    (``queued``, ``validating``, ``done`` or ``failed`` with the reason).
    """

    permission_classes = [IsAuthenticated, HasAuditRole, SubmittersWrite]
    throttle_classes = [AnonymousRate, UserRate, UploadRate]
    throttle_scope = "uploads"  # uploads per user: API_THROTTLE_RATES["uploads"]
    pagination_class = AuditPagination
    filter_backends = [DjangoFilterBackend]
    filterset_class = SubmissionFilter
    parser_classes = [MultiPartParser, *STREAM_PARSERS]
    lookup_field = "uuid"
    lookup_value_converter = "uuid"
    serializer_classes = {
        "list": serializers.SubmissionListSerializer,
        "create": serializers.SubmissionUploadFormSerializer,
    }
    upload_limit = None

    # ----------------------------------------------------------------- reading

    def get_serializer_class(self):
        return self.serializer_classes.get(self.action, serializers.SubmissionDetailSerializer)

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):
            return Submission.objects.none()
        records = access.submissions_visible_to(self.request.user).select_related(
            "licensee__jurisdiction", "submitted_by"
        )
        if self.action == "retrieve":
            records = records.prefetch_related("totals")
        return records.order_by("-submitted_at", "-pk")

    def filter_queryset(self, queryset):
        """Filters are for the list (a date is the user's jurisdiction's local calendar); a
        detail is found by its id alone."""
        if self.action != "list":
            return queryset
        with timezone.override(zone(user_zone_name(self.request.user))):
            return super().filter_queryset(queryset)

    @extend_schema(
        responses={
            (200, "application/jsonl"): OpenApiTypes.BINARY,
            (200, "application/gzip"): OpenApiTypes.BINARY,
            **NOT_FOUND,
        }
    )
    @action(detail=True, methods=["get"], content_negotiation_class=ExportNegotiation)
    def raw(self, request, uuid=None):
        """The file exactly as it was uploaded (gzip stays gzip), for auditors.

        ``ETag`` and ``Repr-Digest`` carry its SHA-256.
        """
        submission = self.get_object()
        try:
            handle = open(media_path(submission.raw_file), "rb")  # noqa: SIM115 (FileResponse closes it)
        except FileNotFoundError as exc:
            raise NotFound("the stored file of this submission is missing") from exc
        response = FileResponse(
            handle,
            as_attachment=True,
            filename=submission.original_name,
            content_type="application/gzip" if submission.compressed else "application/jsonl",
        )
        digest = base64.b64encode(bytes.fromhex(submission.sha256)).decode()
        response["ETag"] = f'"{submission.sha256}"'
        response["Repr-Digest"] = f"sha-256=:{digest}:"
        return response

    # ----------------------------------------------------------------- uploading

    def initialize_request(self, request, *args, **kwargs):
        # before authentication, whose CSRF check may read the (multipart) body
        if request.method == "POST":
            self.upload_limit = install_upload_handlers(request, max_upload_bytes())
        return super().initialize_request(request, *args, **kwargs)

    @extend_schema(
        parameters=[serializers.SubmissionUploadQuerySerializer],
        request={
            MULTIPART: serializers.SubmissionUploadFormSerializer,
            **{media: OpenApiTypes.BINARY for media in RAW_MEDIA_TYPES},
        },
        responses={202: serializers.SubmissionAcceptedSerializer, **UPLOAD_ERRORS},
    )
    def create(self, request, *args, **kwargs):
        """Submit a hand log (.jsonl, or gzip-compressed .jsonl.gz).

        Either ``multipart/form-data`` with the file in ``file`` (and optionally
        ``licensee``), or the file itself as the body, typed
        ``application/x-ndjson``, ``application/jsonl``, ``application/gzip``
        or ``application/octet-stream``, with ``?licensee=ID&name=FILE``.

        Casino staff submit for their own licensee (the default); reviewers
        name a licensee of their jurisdiction.  The answer is 202: the file is
        stored unchanged and queued for validation; follow ``url`` (also the
        ``Location`` header).  Files over the size limit, and gzip files that
        expand past the limits, are refused with 413 and nothing is kept.  The
        same file sent again for the same licensee is the same submission
        (``created: false``); if that one failed, it is validated again
        (``retried: true``).
        """
        media = parse_header_parameters(request.META.get("CONTENT_TYPE", ""))[0].lower()
        if media != MULTIPART and media not in RAW_MEDIA_TYPES:
            raise UnsupportedMediaType(
                media or "(none)",
                detail=(
                    f"unsupported media type {media or '(none)'!r}: send multipart/form-data "
                    f"with the file in 'file', or the file as the body, typed one of "
                    f"{', '.join(RAW_MEDIA_TYPES)}"
                ),
            )
        max_bytes = max_upload_bytes()
        declared = content_length(request)
        if declared is not None and declared > max_bytes + (
            MULTIPART_OVERHEAD if media == MULTIPART else 0
        ):
            return too_large(max_bytes)

        query = serializers.SubmissionUploadQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        licensee_id = query.validated_data.get("licensee")
        name = query.validated_data.get("name")
        licensee = None
        if licensee_id is not None or media != MULTIPART:  # refuse before reading the body
            licensee = self._licensee(licensee_id)

        if media == MULTIPART:
            source, form_licensee_id = multipart_file(self.request, self.upload_limit)
            if source is None:
                return too_large(max_bytes)
            if form_licensee_id is not None:
                if licensee_id is not None and form_licensee_id != licensee_id:
                    raise BadRequest(
                        {"licensee": "the query string and the form name different licensees"}
                    )
                licensee = self._licensee(form_licensee_id)
            elif licensee is None:
                licensee = self._licensee(None)
            name = name or source.name or "upload.jsonl"
        else:
            source = request.stream
            if source is None:
                raise BadRequest({"file": "the body is empty: send the hand log as the body"})
            name = name or ("upload.jsonl.gz" if media == "application/gzip" else "upload.jsonl")

        try:
            submitted = submission_submit(
                source, name=name, licensee=licensee, user=request.user, via="api",
                max_bytes=max_bytes,
            )  # fmt: skip
        except SubmissionTooLarge as exc:
            return too_large(max_bytes, str(exc))
        except SubmissionRefused as exc:
            raise BadRequest({"file": str(exc)}) from exc
        submission = submitted.submission
        url = submission_url(submission, request)
        answer = {
            "id": str(submission.uuid),
            "url": url,
            "status": submission.status,
            "sha256": submission.sha256,
            "created": submitted.created,
            "retried": submitted.retried,
        }
        return Response(answer, status=status.HTTP_202_ACCEPTED, headers={"Location": url})

    def _licensee(self, licensee_id):
        try:
            return submission_licensee(self.request.user, licensee_id)
        except LicenseeRequired as exc:
            raise BadRequest({"licensee": str(exc)}) from exc
        except NotAllowedToSubmit as exc:
            raise PermissionDenied(str(exc)) from exc
