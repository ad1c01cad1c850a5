"""Money and counts per (venue, table, game, wager key): per chunk and gaming day, then per
submission, and per gaming day in the ledger (:mod:`audits.monitoring.models.ledger`)."""

from __future__ import annotations

from django.db import models

MONEY = {"max_digits": 16, "decimal_places": 2, "default": 0}


class TotalsFields(models.Model):
    venue = models.CharField(max_length=40)
    table = models.CharField(max_length=40)
    game = models.CharField(max_length=60)
    wager_key = models.CharField(max_length=40)
    wagers = models.BigIntegerField(default=0, help_text="wagers placed")
    wagered = models.DecimalField(**MONEY)
    net_result = models.DecimalField(**MONEY, help_text="sum of recorded net results (player)")
    paid_out = models.DecimalField(**MONEY, help_text="sum of recorded wins")
    stake_squares = models.DecimalField(
        max_digits=28,
        decimal_places=4,
        default=0,
        help_text="sum of the stakes squared: how unequal the stakes are (the deviation test)",
    )
    stake_cubes = models.DecimalField(
        max_digits=40,
        decimal_places=6,
        default=0,
        help_text="sum of the stakes cubed: how skewed the stakes are (the deviation test's "
        "tails)",
    )
    overpaid = models.DecimalField(**MONEY)
    underpaid = models.DecimalField(**MONEY)

    class Meta:
        abstract = True


class ChunkTotal(TotalsFields):
    chunk = models.ForeignKey("submissions.Chunk", on_delete=models.CASCADE, related_name="totals")
    gaming_day = models.DateField(null=True, help_text="the venue's; none for an unknown venue")
    rounds = models.BigIntegerField(default=0)

    class Meta:
        db_table = "audits_chunktotal"

    def __str__(self) -> str:
        return f"{self.chunk} {self.venue}/{self.table} {self.wager_key}"


class SubmissionTotal(TotalsFields):
    """``rounds`` and ``clean_rounds`` count the rounds at that (venue, table, game)."""

    submission = models.ForeignKey(
        "submissions.Submission", on_delete=models.CASCADE, related_name="totals"
    )
    rounds = models.BigIntegerField(default=0)
    clean_rounds = models.BigIntegerField(default=0)
    findings_by_code = models.JSONField(default=dict)

    class Meta:
        db_table = "audits_submissiontotal"
        ordering = ["submission", "venue", "table", "game", "wager_key"]

    def __str__(self) -> str:
        return f"{self.submission_id} {self.venue}/{self.table} {self.game} {self.wager_key}"
