"""Submissions, their chunks, findings, rounds read, totals and audit reports."""

from .cases import (
    Case,
    CaseCause,
    CaseEvidence,
    CaseOutcome,
    CaseStatus,
    CaseStep,
    StepKind,
)
from .dealers import ChunkDealer, ChunkSeat, DealerDay, SeatDay
from .deviations import Deviation, DeviationPeriod
from .findings import Finding, RoundKeys
from .ledger import LedgerDay
from .reports import Report, ReportIssued, ReportKind, ReportStatus
from .submissions import Chunk, Submission, SubmissionStatus
from .totals import ChunkTotal, SubmissionTotal

__all__ = [
    "Case",
    "CaseCause",
    "CaseEvidence",
    "CaseOutcome",
    "CaseStatus",
    "CaseStep",
    "StepKind",
    "Chunk",
    "ChunkDealer",
    "ChunkSeat",
    "ChunkTotal",
    "DealerDay",
    "Deviation",
    "DeviationPeriod",
    "Finding",
    "LedgerDay",
    "Report",
    "ReportIssued",
    "ReportKind",
    "ReportStatus",
    "RoundKeys",
    "SeatDay",
    "Submission",
    "SubmissionStatus",
    "SubmissionTotal",
]
