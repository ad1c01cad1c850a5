"""The ledger: money and counts per (venue, table, game, wager key) and gaming day, as each
finished submission adds them, rounds already counted in an earlier submission left out."""

from __future__ import annotations

from django.db import models

from audits.submissions.models.totals import TotalsFields


class LedgerDay(TotalsFields):
    """What one finished submission adds to one gaming day at one place and wager key
    (``wager_key`` ``""``: the rounds).  Written once, when the submission finishes; the
    ledger of any period is the sum of these rows (:mod:`audits.monitoring.ledger`)."""

    submission = models.ForeignKey(
        "submissions.Submission", on_delete=models.CASCADE, related_name="ledger_days"
    )
    licensee = models.ForeignKey("games.Licensee", on_delete=models.PROTECT, related_name="+")
    gaming_day = models.DateField()
    rounds = models.BigIntegerField(default=0)

    class Meta:
        db_table = "audits_ledgerday"
        ordering = ["gaming_day", "venue", "table", "game", "wager_key"]
        indexes = [models.Index(fields=["licensee", "venue", "gaming_day"])]

    def __str__(self) -> str:
        return f"{self.gaming_day} {self.venue}/{self.table} {self.game} {self.wager_key}"
