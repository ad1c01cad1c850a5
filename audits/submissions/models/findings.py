"""Findings, and the rounds read (for duplicates within a file and across submissions)."""

from __future__ import annotations

from django.db import models


class Finding(models.Model):
    submission = models.ForeignKey(
        "submissions.Submission", on_delete=models.CASCADE, related_name="findings"
    )
    chunk = models.ForeignKey(
        "submissions.Chunk", null=True, on_delete=models.CASCADE, related_name="+"
    )
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
    dealer = models.CharField(max_length=64, blank=True, help_text="who dealt, if the log says")
    shift = models.CharField(max_length=64, blank=True)

    class Meta:
        db_table = "audits_finding"
        ordering = ["submission", "line", "seat", "wager_key", "code"]
        indexes = [
            models.Index(fields=["submission", "code"]),
            models.Index(fields=["submission", "line"]),
            models.Index(fields=["submission", "group"]),
        ]

    def __str__(self) -> str:
        return f"line {self.line}: {self.code}"


class RoundKeys(models.Model):
    """The rounds one chunk read at one (venue, table, game), as arrays: one row per chunk and
    place, not one per round (see :mod:`audits.submissions.run.round_keys`).

    ``keys`` are the rounds' 64-bit keys (a stable hash of the round id), sorted; ``lines``,
    ``played`` (microseconds since 1970 UTC) and ``ids`` (the round ids' UTF-8 bytes one
    after the other, compressed; ``id_ends`` where each ends) are in the same order.  The
    foreign keys are not database constraints: the rows are written only by the chunk that
    owns them, with it, and deleted with it.
    """

    submission = models.ForeignKey(
        "submissions.Submission",
        on_delete=models.CASCADE,
        related_name="round_keys",
        db_constraint=False,
    )
    chunk = models.ForeignKey(
        "submissions.Chunk",
        on_delete=models.CASCADE,
        related_name="+",
        db_constraint=False,
        db_index=False,
    )
    venue = models.CharField(max_length=40)
    table = models.CharField(max_length=40)
    game = models.CharField(max_length=60)
    count = models.IntegerField()
    keys = models.BinaryField(help_text="sorted 64-bit round keys, little-endian")
    lines = models.BinaryField(help_text="each round's line, 32-bit little-endian")
    played = models.BinaryField(help_text="each round's time, microseconds since 1970 UTC")
    ids = models.BinaryField(help_text="the round ids' UTF-8 bytes, one after the other (zlib)")
    id_ends = models.BinaryField(help_text="where each id ends in ids, 32-bit little-endian")

    class Meta:
        db_table = "audits_roundkeys"
        indexes = [models.Index(fields=["venue", "table"], name="audits_roundkeys_place")]

    def __str__(self) -> str:
        return f"{self.venue}/{self.table}: {self.count} round(s)"
