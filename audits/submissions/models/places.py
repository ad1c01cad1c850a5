"""Who dealt and where players sat: what each chunk read of the rounds per dealer (rounds,
and each wager's sums when the log says who dealt) and per seat number.  The same fields per
gaming day, once the submission finishes, are monitoring's
(:mod:`audits.monitoring.models.places`)."""

from __future__ import annotations

from django.db import models

from .totals import MONEY


class PlaceDayFields(models.Model):
    venue = models.CharField(max_length=40)
    table = models.CharField(max_length=40)
    game = models.CharField(max_length=60)
    gaming_day = models.DateField()

    class Meta:
        abstract = True


class DealerPlaceFields(PlaceDayFields):
    """One dealer's rounds (``wager_key`` ``""``) or one wager's sums over them."""

    dealer = models.CharField(max_length=64)
    wager_key = models.CharField(max_length=40, blank=True, default="")
    rounds = models.BigIntegerField(default=0)
    wagers = models.BigIntegerField(default=0)
    wagered = models.DecimalField(**MONEY)
    net_result = models.DecimalField(**MONEY, help_text="sum of recorded net results (player)")
    stake_squares = models.DecimalField(max_digits=28, decimal_places=4, default=0)
    stake_cubes = models.DecimalField(max_digits=40, decimal_places=6, default=0)

    class Meta:
        abstract = True


class ChunkDealer(DealerPlaceFields):
    """One chunk's rounds dealt by one dealer at one (venue, table, game) and gaming day."""

    chunk = models.ForeignKey("submissions.Chunk", on_delete=models.CASCADE, related_name="dealers")

    class Meta:
        db_table = "audits_chunkdealer"

    def __str__(self) -> str:
        return f"{self.dealer} at {self.venue}/{self.table} {self.gaming_day}: {self.rounds}"


SEATS = tuple(f"seat_{n}" for n in range(1, 8))  # rounds played at seats 1 to 7


class SeatPlaceFields(PlaceDayFields):
    """Rounds with a player at each seat (1 to 7) of one (venue, table, game), gaming day:
    one row, not one a seat, so that a chunk writes a few rows."""

    seat_1 = models.BigIntegerField(default=0)
    seat_2 = models.BigIntegerField(default=0)
    seat_3 = models.BigIntegerField(default=0)
    seat_4 = models.BigIntegerField(default=0)
    seat_5 = models.BigIntegerField(default=0)
    seat_6 = models.BigIntegerField(default=0)
    seat_7 = models.BigIntegerField(default=0)

    class Meta:
        abstract = True

    def played(self) -> dict[int, int]:
        """seat number -> rounds played there (the seats played)."""
        return {n: getattr(self, f) for n, f in enumerate(SEATS, 1) if getattr(self, f)}


class ChunkSeat(SeatPlaceFields):
    """One chunk's rounds played at each seat of a (venue, table, game) on a gaming day."""

    chunk = models.ForeignKey("submissions.Chunk", on_delete=models.CASCADE, related_name="seats")

    class Meta:
        db_table = "audits_chunkseat"

    def __str__(self) -> str:
        return f"seats at {self.venue}/{self.table} {self.gaming_day}: {self.played()}"
