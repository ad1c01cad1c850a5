"""Submissions, their chunks, findings, seen rounds, totals and audit reports."""

from .findings import Finding, RoundSeen
from .reports import Report, ReportIssued, ReportKind, ReportStatus
from .submissions import Chunk, Submission, SubmissionStatus
from .totals import ChunkTotal, SubmissionTotal

__all__ = [
    "Chunk",
    "ChunkTotal",
    "Finding",
    "Report",
    "ReportIssued",
    "ReportKind",
    "ReportStatus",
    "RoundSeen",
    "Submission",
    "SubmissionStatus",
    "SubmissionTotal",
]
