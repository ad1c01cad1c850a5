"""The project's own records: the rate limits' counters (:mod:`compliance.rates`)."""

from __future__ import annotations

from django.db import models


class RateCount(models.Model):
    """How many requests one client made to one limit in one window of its period."""

    key = models.CharField(max_length=200)
    window = models.BigIntegerField(help_text="the window's start, seconds since 1970 UTC")
    count = models.IntegerField(default=0)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["key", "window"], name="uniq_rate_window")]

    def __str__(self) -> str:
        return f"{self.key} @ {self.window}: {self.count}"
