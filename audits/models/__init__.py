"""Submissions, their chunks, findings, seen rounds and totals."""

from .findings import Finding, RoundSeen
from .submissions import Chunk, Submission, SubmissionStatus
from .totals import ChunkTotal, SubmissionTotal

__all__ = [
    "Chunk",
    "ChunkTotal",
    "Finding",
    "RoundSeen",
    "Submission",
    "SubmissionStatus",
    "SubmissionTotal",
]
