"""Approvals of rule versions, their conditions per operator class, and their history."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from simple_history.models import HistoricalRecords

from .immutability import AppendOnly, ImmutableRecordError


class ApprovalStatus(models.TextChoices):
    SUBMITTED = "submitted"
    UNDER_REVIEW = "under_review", "under review"
    APPROVED = "approved"
    DENIED = "denied"
    REVOKED = "revoked"
    SUPERSEDED = "superseded"


#: The status pipeline: from each status, the statuses it may move to.
TRANSITIONS: dict[str, tuple[str, ...]] = {
    ApprovalStatus.SUBMITTED: (ApprovalStatus.UNDER_REVIEW, ApprovalStatus.DENIED),
    ApprovalStatus.UNDER_REVIEW: (ApprovalStatus.APPROVED, ApprovalStatus.DENIED),
    ApprovalStatus.APPROVED: (ApprovalStatus.REVOKED, ApprovalStatus.SUPERSEDED),
    ApprovalStatus.DENIED: (),
    ApprovalStatus.REVOKED: (),
    ApprovalStatus.SUPERSEDED: (),
}
#: Statuses in which an approval's content is still open to change.
OPEN_STATUSES = (ApprovalStatus.SUBMITTED, ApprovalStatus.UNDER_REVIEW)


class Approval(models.Model):
    """A jurisdiction's approval of a rule version, its allowed options and paytables.

    ``content_hash`` binds the approval to exactly what was approved (rule
    version, paytables, options, conditions, date); it is set when the
    approval is granted and never changes after.
    """

    jurisdiction = models.ForeignKey(
        "games.Jurisdiction", on_delete=models.PROTECT, related_name="approvals"
    )
    rule_version = models.ForeignKey(
        "games.RuleVersion", on_delete=models.PROTECT, related_name="approvals"
    )
    reference = models.CharField(max_length=120, help_text="e.g. the approval letter")
    allowed_options = models.JSONField(
        default=dict, help_text='option -> allowed values, e.g. {"blackjack_pays": ["3:2", "6:5"]}'
    )
    decision_date = models.DateField(null=True, blank=True)
    status = models.CharField(
        max_length=20, choices=ApprovalStatus.choices, default=ApprovalStatus.SUBMITTED
    )
    source_document = models.CharField(max_length=200, blank=True)
    content_hash = models.CharField(max_length=64, blank=True, editable=False)
    history = HistoricalRecords()

    class Meta:
        ordering = ["jurisdiction", "rule_version", "pk"]

    def __str__(self) -> str:
        return f"{self.reference} ({self.get_status_display()})"

    def save(self, *args, **kwargs):
        if self.pk:
            _check_change(self)
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        stored = Approval._base_manager.filter(pk=self.pk).values_list("status", flat=True).first()
        if stored and stored not in OPEN_STATUSES:
            raise ImmutableRecordError(f"approval {self} is {stored}: it can never be deleted")
        return super().delete(*args, **kwargs)


def _check_change(approval: Approval) -> None:
    """Once decided, only the status may move on, along the pipeline."""
    stored = Approval._base_manager.filter(pk=approval.pk).first()
    if stored is None or stored.status in OPEN_STATUSES:
        return
    changed = [
        f.attname
        for f in Approval._meta.concrete_fields
        if f.attname != "status" and getattr(stored, f.attname) != getattr(approval, f.attname)
    ]
    if changed:
        raise ImmutableRecordError(
            f"approval {stored} is {stored.status}: {', '.join(changed)} can never change"
        )
    if approval.status != stored.status and approval.status not in TRANSITIONS[stored.status]:
        raise ImmutableRecordError(
            f"approval {stored} cannot go from {stored.status} to {approval.status}"
        )


class ApprovalPaytable(models.Model):
    """A paytable version an approval covers (fixed once the approval is decided)."""

    approval = models.ForeignKey(Approval, on_delete=models.PROTECT, related_name="paytable_links")
    paytable = models.ForeignKey("games.Paytable", on_delete=models.PROTECT, related_name="+")
    history = HistoricalRecords()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["approval", "paytable"], name="uniq_approval_paytable")
        ]

    def __str__(self) -> str:
        return f"{self.approval} covers {self.paytable}"


class ConditionKind(models.TextChoices):
    INTERNAL_CONTROLS = "internal_controls", "internal controls approved before implementing"
    TRIBAL_AGENCY = "tribal_agency_approval", "tribal gaming agency approval"
    STATE_CONCURRENCE = "state_concurrence", "state concurrence with the tribal approval"
    SUPPLIER_LICENSED = "supplier_licensed", "equipment suppliers licensed or certified"
    COMPACT_SUBMISSION = "compact_submission", "supplemental information under the compact"
    RULES_AS_APPROVED = "rules_as_approved", "played under the approved rules"
    MODIFICATIONS = "modifications", "modifications may affect the approval"


class ApprovalCondition(models.Model):
    """A condition of an approval for one operator class.

    ``venue_must_meet`` marks the conditions a venue must show it met (with a
    date) before it may run the game.
    """

    approval = models.ForeignKey(Approval, on_delete=models.PROTECT, related_name="conditions")
    operator_class = models.ForeignKey(
        "games.OperatorClass", on_delete=models.PROTECT, related_name="conditions"
    )
    kind = models.CharField(max_length=40, choices=ConditionKind.choices)
    text = models.TextField()
    venue_must_meet = models.BooleanField(default=False)
    history = HistoricalRecords()

    class Meta:
        ordering = ["approval", "operator_class", "pk"]

    def __str__(self) -> str:
        return f"{self.operator_class}: {self.get_kind_display()}"


class ApprovalEvent(AppendOnly):
    """One step of an approval's pipeline: who moved it, when, from what to what, and why."""

    approval = models.ForeignKey(Approval, on_delete=models.PROTECT, related_name="events")
    from_status = models.CharField(max_length=20, blank=True)
    to_status = models.CharField(max_length=20, choices=ApprovalStatus.choices)
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    actor_label = models.CharField(max_length=150, help_text="who, as recorded at the time")
    at = models.DateTimeField()
    reason = models.TextField()

    class Meta:
        ordering = ["approval", "at", "pk"]

    def __str__(self) -> str:
        return f"{self.approval}: {self.from_status or '—'} → {self.to_status}"
