"""The findings of a submission: a page of them, or every one that matches, streamed."""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator

from django.http import StreamingHttpResponse
from django.utils import timezone
from django.utils.http import content_disposition_header
from django_filters.rest_framework import DjangoFilterBackend
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework import generics
from rest_framework.exceptions import NotFound
from rest_framework.permissions import IsAuthenticated

from audits.doors.api import BAD_QUERY, NOT_FOUND, AuditPagination, ExportNegotiation, HasAuditRole
from audits.submissions import access
from audits.submissions.api import finding_serializers as serializers
from audits.submissions.api.filters import FindingFilter
from audits.submissions.findings_csv import findings_csv_rows
from audits.submissions.models import Finding, Submission
from audits.submissions.summary import finding_dicts, findings_of, submission_zone
from compliance.timezones import zone

#: bytes gathered before a piece of the stream is sent
STREAM_PIECE = 64 * 1024


class SubmissionFindingsView(generics.ListAPIView):
    """The findings of a submission, in file order (line, seat, wager key, code).

    ``?format=jsonl`` or ``?format=csv`` streams every finding that matches
    the filters (no pagination) with the same fields as a page's results.
    """

    permission_classes = [IsAuthenticated, HasAuditRole]
    pagination_class = AuditPagination
    filter_backends = [DjangoFilterBackend]
    filterset_class = FindingFilter
    serializer_class = serializers.FindingSerializer
    content_negotiation_class = ExportNegotiation
    _submission = None

    def submission(self) -> Submission:
        if self._submission is None:
            found = (
                access.submissions_visible_to(self.request.user)
                .filter(uuid=self.kwargs["uuid"])
                .select_related("licensee__jurisdiction")
                .first()
            )
            if found is None:
                raise NotFound("no such submission that you may see")
            self._submission = found
        return self._submission

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):
            return Finding.objects.none()
        return findings_of(self.submission())

    @extend_schema(
        parameters=[serializers.FindingsQuerySerializer],
        responses={
            (200, "application/json"): serializers.FindingSerializer(many=True),
            (200, "application/jsonl"): OpenApiTypes.BINARY,
            (200, "text/csv"): OpenApiTypes.BINARY,
            **BAD_QUERY,
            **NOT_FOUND,
        },
    )
    def get(self, request, *args, **kwargs):
        return self.list(request, *args, **kwargs)

    def list(self, request, *args, **kwargs):
        findings = self.get_queryset()  # 404 before any complaint about the query
        query = serializers.FindingsQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        zone_name = submission_zone(self.submission())
        with timezone.override(zone(zone_name)):  # a day or a month is the local calendar's
            findings = self.filter_queryset(findings)
        export = query.validated_data["format"]
        if export == "jsonl":
            pieces = _jsonl(findings, zone_name)
            return self._stream(pieces, "application/jsonl; charset=utf-8", "jsonl")
        if export == "csv":
            return self._stream(
                findings_csv_rows(findings, zone_name), "text/csv; charset=utf-8", "csv"
            )
        page = self.paginate_queryset(findings.values_list("pk", flat=True))
        rows = list(finding_dicts(findings.filter(pk__in=list(page)), zone_name))
        return self.get_paginated_response(rows)

    def _stream(self, pieces: Iterable[str], content_type: str, extension: str):
        response = StreamingHttpResponse(_gathered(pieces), content_type=content_type)
        name = self.submission().original_name
        for suffix in (".gz", ".jsonl", ".ndjson"):
            name = name.removesuffix(suffix)
        response["Content-Disposition"] = content_disposition_header(
            True, f"{name or 'submission'}-findings.{extension}"
        )
        return response


def _jsonl(findings, zone_name: str) -> Iterator[str]:
    for row in finding_dicts(findings, zone_name):
        yield json.dumps(row, ensure_ascii=False) + "\n"


def _gathered(pieces: Iterable[str]) -> Iterator[bytes]:
    """UTF-8 pieces of about :data:`STREAM_PIECE` bytes, rather than one per finding."""
    buffer, size = [], 0
    for piece in pieces:
        data = piece.encode()
        buffer.append(data)
        size += len(data)
        if size >= STREAM_PIECE:
            yield b"".join(buffer)
            buffer, size = [], 0
    if buffer:
        yield b"".join(buffer)
