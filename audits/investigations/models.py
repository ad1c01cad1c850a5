"""Investigations: a case opened on findings or deviations, answered by the licensee and
decided by the commission, every step kept (who, when, what) and nothing edited or deleted.

A :class:`Case` names what it is about and where it stands; its :class:`CaseStep` rows are
the thread, append-only; evidence files are stored unchanged with their SHA-256
(:class:`CaseEvidence`).  Only :mod:`audits.investigations.cases` changes a case, and only its
status, closing time and outcome, each change with the step that made it.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone

from games.models.immutability import AppendOnly


class CaseStatus(models.TextChoices):
    AWAITING_LICENSEE = "awaiting_licensee", "awaiting the licensee's answer"
    AWAITING_REVIEWER = "awaiting_reviewer", "awaiting the reviewer"
    ESCALATED = "escalated", "escalated, awaiting the reviewer"
    CLOSED = "closed", "closed"


class CaseCause(models.TextChoices):
    DEALER_ERROR = "dealer_error", "dealer error"
    MISREAD_CARD = "misread_card", "misread card"
    DATA_ERROR = "data_error", "data error in the table system"
    PROCEDURE = "procedure", "procedure not followed"
    NOT_AN_ERROR = "not_an_error", "not an error: the round was right"
    OTHER = "other", "other (explained)"


class CaseOutcome(models.TextChoices):
    CORRECTED = "corrected", "resolved: corrected by the licensee"
    DATA_ERROR = "data_error", "resolved: a data error, no player affected"
    NO_FAULT = "no_fault", "no fault found"
    VIOLATION = "violation", "violation: referred for enforcement"
    WITHDRAWN = "withdrawn", "withdrawn: opened in error"


class StepKind(models.TextChoices):
    OPENED = "opened", "opened"
    ANSWERED = "answered", "answered"
    ASKED_AGAIN = "asked_again", "asked again"
    ESCALATED = "escalated", "escalated"
    ACCEPTED = "accepted", "answer accepted and closed"
    CLOSED = "closed", "closed"


class Case(models.Model):
    licensee = models.ForeignKey("games.Licensee", on_delete=models.PROTECT, related_name="+")
    title = models.CharField(max_length=200)
    status = models.CharField(max_length=20, choices=CaseStatus.choices)
    outcome = models.CharField(max_length=20, choices=CaseOutcome.choices, blank=True)
    opened_at = models.DateTimeField(default=timezone.now)
    opened_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    closed_at = models.DateTimeField(null=True, blank=True)
    findings = models.ManyToManyField("submissions.Finding", related_name="cases", blank=True)
    deviations = models.ManyToManyField("monitoring.Deviation", related_name="cases", blank=True)

    class Meta:
        db_table = "audits_case"
        ordering = ["-opened_at"]
        indexes = [models.Index(fields=["licensee", "status"])]

    def __str__(self) -> str:
        return f"case {self.pk}: {self.title}"

    def open_days(self, now=None) -> int:
        end = self.closed_at or now or timezone.now()
        return (end - self.opened_at).days

    @property
    def overdue(self) -> bool:
        """Open longer than the jurisdiction allows (``case_overdue_days``)."""
        limit = self.licensee.jurisdiction.case_overdue_days
        return self.status != CaseStatus.CLOSED and self.open_days() > limit


class CaseStep(AppendOnly):
    """One step of a case's thread: who did what, when, in which role, with what words."""

    case = models.ForeignKey(Case, on_delete=models.PROTECT, related_name="steps")
    kind = models.CharField(max_length=20, choices=StepKind.choices)
    at = models.DateTimeField(default=timezone.now)
    by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    role = models.CharField(max_length=20)
    text = models.TextField(help_text="the explanation, question or decision in words")
    cause = models.CharField(max_length=20, choices=CaseCause.choices, blank=True)
    corrective_action = models.TextField(blank=True)
    outcome = models.CharField(max_length=20, choices=CaseOutcome.choices, blank=True)
    status_after = models.CharField(max_length=20, choices=CaseStatus.choices)

    class Meta:
        db_table = "audits_casestep"
        ordering = ["case", "at", "pk"]

    def __str__(self) -> str:
        return f"case {self.case_id} {self.kind} at {self.at:%Y-%m-%d %H:%M}"


class CaseEvidence(AppendOnly):
    """A file sent with an answer, stored unchanged; its SHA-256 proves it is the same."""

    step = models.ForeignKey(CaseStep, on_delete=models.PROTECT, related_name="evidence")
    name = models.CharField(max_length=255, help_text="the name it was sent under")
    path = models.CharField(max_length=300, help_text="under MEDIA_ROOT, named by its digest")
    size = models.BigIntegerField()
    sha256 = models.CharField(max_length=64)

    class Meta:
        db_table = "audits_caseevidence"
        ordering = ["step", "pk"]

    def __str__(self) -> str:
        return f"{self.name} ({self.sha256[:12]})"
