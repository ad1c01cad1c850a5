"""Serializers of the audits API: output shapes and the shape of the upload's parameters.

The findings are produced by :func:`audits.submissions.summary.finding_dicts`
(the same dicts as the command line's and the exports'); their serializer
documents that shape.
"""

from __future__ import annotations

from .findings import FindingSerializer, FindingsQuerySerializer
from .reports import ReportRequestSerializer, ReportSerializer, VerificationSerializer
from .submissions import (
    LicenseeRefSerializer,
    SubmissionAcceptedSerializer,
    SubmissionDetailSerializer,
    SubmissionListSerializer,
    SubmissionProgressSerializer,
    SubmissionSummarySerializer,
    SubmissionTotalSerializer,
    SubmissionUploadFormSerializer,
    SubmissionUploadQuerySerializer,
)

__all__ = [
    "FindingSerializer",
    "FindingsQuerySerializer",
    "LicenseeRefSerializer",
    "ReportRequestSerializer",
    "ReportSerializer",
    "SubmissionAcceptedSerializer",
    "SubmissionDetailSerializer",
    "SubmissionListSerializer",
    "SubmissionProgressSerializer",
    "SubmissionSummarySerializer",
    "SubmissionTotalSerializer",
    "SubmissionUploadFormSerializer",
    "SubmissionUploadQuerySerializer",
    "VerificationSerializer",
]
