"""A submitted hand log, stored unchanged, and the chunks it is validated in."""

from __future__ import annotations

import uuid

from django.conf import settings
from django.db import models


class SubmissionStatus(models.TextChoices):
    QUEUED = "queued"
    VALIDATING = "validating"
    DONE = "done"
    FAILED = "failed"


class Submission(models.Model):
    """One file of one licensee, identified by its SHA-256: the same file submitted twice for
    the same licensee is one submission; another licensee's identical file is its own."""

    uuid = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    sha256 = models.CharField(max_length=64, db_index=True)
    raw_file = models.CharField(max_length=300, help_text="path under MEDIA_ROOT, never modified")
    original_name = models.CharField(max_length=255)
    size_bytes = models.BigIntegerField()
    compressed = models.BooleanField(default=False)
    licensee = models.ForeignKey(
        "games.Licensee", on_delete=models.PROTECT, related_name="submissions"
    )
    submitted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    submitted_via = models.CharField(max_length=20, default="api")  # api, web, command
    submitted_at = models.DateTimeField(auto_now_add=True)
    status = models.CharField(
        max_length=20, choices=SubmissionStatus.choices, default=SubmissionStatus.QUEUED
    )
    failure_reason = models.TextField(blank=True)
    lines_total = models.BigIntegerField(default=0)
    rounds_total = models.BigIntegerField(default=0)
    rounds_done = models.BigIntegerField(default=0)
    rejected_lines = models.BigIntegerField(default=0)
    clean_rounds = models.BigIntegerField(default=0)
    finding_count = models.BigIntegerField(default=0, help_text="stored and counted only")
    findings_stored = models.BigIntegerField(default=0)
    findings_unstored = models.JSONField(
        default=dict, blank=True,
        help_text="findings over AUDITS_FINDINGS_STORED, counted by code and not stored",
    )  # fmt: skip
    chunk_count = models.IntegerField(default=0)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    first_played_at = models.DateTimeField(null=True, blank=True, help_text="earliest round")
    last_played_at = models.DateTimeField(null=True, blank=True, help_text="latest round")
    withdrawn_at = models.DateTimeField(
        null=True, blank=True,
        help_text="withdrawn by its licensee: kept, out of later reports and monitoring",
    )  # fmt: skip
    withdrawal_reason = models.TextField(blank=True)
    withdrawal_requested_at = models.DateTimeField(
        null=True, blank=True,
        help_text="its withdrawal asked for and waiting for a reviewer: it still counts",
    )  # fmt: skip
    findings_cap_group = models.CharField(
        max_length=80, blank=True, db_index=True,
        help_text="submissions that share AUDITS_FINDINGS_STORED (a licensee's live gaming "
        "day, across its venues' posts and late parts); empty: this one alone",
    )  # fmt: skip

    class Meta:
        db_table = "audits_submission"
        ordering = ["-submitted_at"]
        constraints = [
            models.UniqueConstraint(
                fields=["licensee", "sha256"], name="uniq_submission_file_per_licensee"
            )
        ]

    def __str__(self) -> str:
        return f"{self.original_name} ({self.sha256[:12]}, {self.status})"

    @property
    def unstored_count(self) -> int:
        """Findings counted by code past the cap, not stored one by one."""
        return sum((self.findings_unstored or {}).values())

    @property
    def findings_capped(self) -> bool:
        """More findings than the service stores: the rest are counted by code only; its
        rounds count in monitoring, where it is marked incomplete."""
        return bool(self.findings_unstored)

    @property
    def withdrawn(self) -> bool:
        return self.withdrawn_at is not None

    @property
    def verdict(self) -> str:
        """In a word or two, for lists: clean, findings, rejected lines, or not yet known."""
        if self.withdrawn:
            return "withdrawn"
        if self.status != SubmissionStatus.DONE:
            return "failed" if self.status == SubmissionStatus.FAILED else "not yet known"
        if not self.finding_count and not self.rejected_lines:
            return "clean"
        return f"{self.finding_count:,} finding{'' if self.finding_count == 1 else 's'}"


class Chunk(models.Model):
    """A byte range of lines, validated as one unit: all its results are stored or none."""

    submission = models.ForeignKey(Submission, on_delete=models.CASCADE, related_name="chunks")
    index = models.IntegerField()
    first_line = models.BigIntegerField()
    start_offset = models.BigIntegerField()
    end_offset = models.BigIntegerField()
    line_marks = models.BinaryField(
        default=b"",
        help_text="where every 64th line of the file starts, of the chunk's lines (int64 "
        "little-endian): a line is found without reading the chunk from its start",
    )
    done = models.BooleanField(default=False)
    lines = models.IntegerField(default=0)
    rounds = models.IntegerField(default=0)
    rejected = models.IntegerField(default=0)
    findings_unstored = models.JSONField(default=dict, blank=True, help_text="code -> count")
    rounds_with_findings = models.IntegerField(default=0, help_text="not counting duplicates")
    attempts = models.IntegerField(default=0)
    done_at = models.DateTimeField(null=True, blank=True)
    first_played_at = models.DateTimeField(null=True, blank=True)
    last_played_at = models.DateTimeField(null=True, blank=True)
    validated_in = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="+",
        help_text="the chunk whose run validated this one with others (live posts): that "
        "chunk keeps the run's counts, totals and rounds read; this one only its findings",
    )  # fmt: skip

    class Meta:
        db_table = "audits_chunk"
        ordering = ["submission", "index"]
        constraints = [
            models.UniqueConstraint(fields=["submission", "index"], name="uniq_chunk_index")
        ]

    def __str__(self) -> str:
        return f"{self.submission_id}#{self.index}"


class SubmissionEventKind(models.TextChoices):
    WITHDRAWN = "withdrawn"
    REQUESTED = "requested", "withdrawal requested"
    ACCEPTED = "accepted", "withdrawal accepted"
    REFUSED = "refused", "withdrawal refused"
    REINSTATED = "reinstated"
    CORRECTED = "corrected", "rounds sent again"


class SubmissionEvent(models.Model):
    """A change of a submission's standing: withdrawn by its licensee's staff, a withdrawal
    requested and accepted or refused by a reviewer, reinstated, or its rounds sent again in
    a later submission (``other``): who, when and why, kept for good (the submission's own
    fields say only where it stands now)."""

    submission = models.ForeignKey(Submission, on_delete=models.PROTECT, related_name="events")
    kind = models.CharField(max_length=20, choices=SubmissionEventKind.choices)
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT,
        related_name="+", help_text="empty: the service (a table system's live day)",
    )  # fmt: skip
    at = models.DateTimeField(auto_now_add=True)
    reason = models.TextField()
    other = models.ForeignKey(
        Submission, null=True, blank=True, on_delete=models.PROTECT, related_name="+",
        help_text="corrected: the later submission that sent its rounds again",
    )  # fmt: skip

    class Meta:
        ordering = ["submission", "at", "pk"]

    def __str__(self) -> str:
        return f"{self.submission_id} {self.kind} at {self.at:%Y-%m-%d %H:%M}"
