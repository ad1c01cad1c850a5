"""Submissions as stored, the chunks they are validated in, findings, rounds read, and what
each chunk counted (totals, dealers, seats)."""

from .findings import Finding, RoundKeys
from .places import ChunkDealer, ChunkSeat
from .submissions import (
    Chunk,
    Submission,
    SubmissionEvent,
    SubmissionEventKind,
    SubmissionStatus,
)
from .totals import ChunkTotal, SubmissionTotal

__all__ = [
    "Chunk",
    "ChunkDealer",
    "ChunkSeat",
    "ChunkTotal",
    "Finding",
    "RoundKeys",
    "Submission",
    "SubmissionEvent",
    "SubmissionEventKind",
    "SubmissionStatus",
    "SubmissionTotal",
]
