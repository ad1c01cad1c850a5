"""Who dealt and where players sat per gaming day: what each finished submission adds, a
round counted once, as in the ledger (:func:`audits.monitoring.ledger.ledger_record`)."""

from __future__ import annotations

from django.db import models

from audits.submissions.models.places import DealerPlaceFields, SeatPlaceFields


class DealerDay(DealerPlaceFields):
    """What one finished submission adds to a dealer's rounds and wagers on a gaming day,
    less rounds counted in an earlier submission
    (:func:`audits.monitoring.ledger.ledger_record`)."""

    submission = models.ForeignKey(
        "submissions.Submission", on_delete=models.CASCADE, related_name="dealer_days"
    )
    licensee = models.ForeignKey("games.Licensee", on_delete=models.PROTECT, related_name="+")

    class Meta:
        db_table = "audits_dealerday"
        indexes = [models.Index(fields=["licensee", "venue", "gaming_day"])]

    def __str__(self) -> str:
        return f"{self.dealer} at {self.venue}/{self.table} {self.gaming_day}: {self.rounds}"


class SeatDay(SeatPlaceFields):
    """What one finished submission adds to the rounds played at each seat of a table on a
    gaming day, less rounds counted in an earlier submission."""

    submission = models.ForeignKey(
        "submissions.Submission", on_delete=models.CASCADE, related_name="seat_days"
    )
    licensee = models.ForeignKey("games.Licensee", on_delete=models.PROTECT, related_name="+")

    class Meta:
        db_table = "audits_seatday"
        indexes = [models.Index(fields=["licensee", "venue", "gaming_day"])]

    def __str__(self) -> str:
        return f"seats at {self.venue}/{self.table} {self.gaming_day}: {self.played()}"
