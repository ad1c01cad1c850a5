"""Rounds per dealer: what each chunk read of the rounds a log says who dealt, and per gaming
day in the ledger once the submission finishes (a round counted once, as in the ledger)."""

from __future__ import annotations

from django.db import models


class DealerPlaceFields(models.Model):
    venue = models.CharField(max_length=40)
    table = models.CharField(max_length=40)
    game = models.CharField(max_length=60)
    gaming_day = models.DateField()
    dealer = models.CharField(max_length=64)
    rounds = models.BigIntegerField(default=0)

    class Meta:
        abstract = True


class ChunkDealer(DealerPlaceFields):
    """One chunk's rounds dealt by one dealer at one (venue, table, game) and gaming day."""

    chunk = models.ForeignKey("audits.Chunk", on_delete=models.CASCADE, related_name="dealers")

    def __str__(self) -> str:
        return f"{self.dealer} at {self.venue}/{self.table} {self.gaming_day}: {self.rounds}"


class DealerDay(DealerPlaceFields):
    """What one finished submission adds to a dealer's rounds on a gaming day, less rounds
    counted in an earlier submission (:func:`audits.services.ledger.ledger_record`)."""

    submission = models.ForeignKey(
        "audits.Submission", on_delete=models.CASCADE, related_name="dealer_days"
    )
    licensee = models.ForeignKey("games.Licensee", on_delete=models.PROTECT, related_name="+")

    class Meta:
        indexes = [models.Index(fields=["licensee", "venue", "gaming_day"])]

    def __str__(self) -> str:
        return f"{self.dealer} at {self.venue}/{self.table} {self.gaming_day}: {self.rounds}"
