"""Findings, and the rounds seen (for duplicates within a file and across submissions)."""

from __future__ import annotations

from django.db import models


class Finding(models.Model):
    submission = models.ForeignKey(
        "audits.Submission", on_delete=models.CASCADE, related_name="findings"
    )
    chunk = models.ForeignKey("audits.Chunk", null=True, on_delete=models.CASCADE, related_name="+")
    line = models.BigIntegerField()
    round_id = models.CharField(max_length=200, blank=True)
    venue = models.CharField(max_length=40, blank=True)
    table = models.CharField(max_length=40, blank=True)
    game = models.CharField(max_length=60, blank=True)
    played_at = models.DateTimeField(null=True, blank=True)
    seat = models.SmallIntegerField(null=True, blank=True)
    wager_key = models.CharField(max_length=40, blank=True)
    code = models.CharField(max_length=60)
    group = models.CharField(max_length=20)
    severity = models.CharField(max_length=20)
    message = models.TextField()
    rule = models.TextField()
    expected = models.DecimalField(max_digits=14, decimal_places=2, null=True, blank=True)
    recorded = models.DecimalField(max_digits=14, decimal_places=2, null=True, blank=True)

    class Meta:
        ordering = ["submission", "line", "seat", "wager_key", "code"]
        indexes = [
            models.Index(fields=["submission", "code"]),
            models.Index(fields=["submission", "line"]),
            models.Index(fields=["submission", "group"]),
        ]

    def __str__(self) -> str:
        return f"line {self.line}: {self.code}"


class RoundSeen(models.Model):
    """One row per round read: millions per month, so written by COPY and kept narrow.

    ``key`` is a 64-bit hash of (venue, table, round id) and the only indexed
    column besides the submission: duplicates are looked up by it and then
    compared in full.  The foreign keys are not database constraints, whose
    deferred per-row checks would cost more than the rest of the write; the
    rows are written only by the chunk that owns them and deleted with it.
    """

    submission = models.ForeignKey(
        "audits.Submission",
        on_delete=models.CASCADE,
        related_name="rounds_seen",
        db_constraint=False,
    )
    chunk = models.ForeignKey(
        "audits.Chunk",
        on_delete=models.CASCADE,
        related_name="+",
        db_constraint=False,
        db_index=False,
    )
    key = models.BigIntegerField(help_text="64-bit hash of venue, table and round id")
    venue = models.CharField(max_length=40)
    table = models.CharField(max_length=40)
    round_id = models.CharField(max_length=200)
    line = models.BigIntegerField()
    played_at = models.DateTimeField()
    game = models.CharField(max_length=60)

    class Meta:
        indexes = [models.Index(fields=["key"], name="audits_roundseen_key")]

    def __str__(self) -> str:
        return f"{self.venue}/{self.table}/{self.round_id}"
