"""Deviations: a period's hold outside the interval its par sheet gives, kept as found."""

from __future__ import annotations

from django.db import models
from django.utils import timezone

from audits.submissions.models.totals import MONEY
from games.models.immutability import AppendOnly


class DeviationPeriod(models.TextChoices):
    DAY = "day", "gaming day"
    MONTH_TO_DATE = "month_to_date", "month to date"
    YEAR_TO_DATE = "year_to_date", "year to date"


class DeviationTest(AppendOnly):
    """One test of a venue's month: every table's and the whole venue's hold of each wager on
    each gaming day of the month, the month to date and the year to date, tested together
    (Benjamini–Hochberg at ``level``, the month's twelfth of the share of the jurisdiction's
    level for the year that monitoring spends, :func:`audits.par.many_tests.month_level`:
    the days at half ``level``, the longer periods at the other half,
    :mod:`audits.par.many_tests`).  Kept each time the
    month is tested again (a submission finished, was withdrawn or reinstated); the latest
    is the month's standing, and its deviations are the ones listed."""

    licensee = models.ForeignKey("games.Licensee", on_delete=models.PROTECT, related_name="+")
    venue = models.CharField(max_length=40)
    month = models.DateField(help_text="the month's first day")
    tests = models.PositiveIntegerField(help_text="holds tested (with enough wagers and a par)")
    flagged = models.PositiveIntegerField()
    level = models.DecimalField(
        max_digits=10,
        decimal_places=8,
        help_text="the month's share of the year's level (a twelfth of the share monitoring "
        "spends of the jurisdiction's): the false discovery rate held over the month",
    )
    threshold = models.FloatField(help_text="the gaming days': the largest p flagged (0: none)")
    longer_threshold = models.FloatField(
        default=0.0, help_text="the month and year to date's: the largest p flagged (0: none)"
    )
    tested_at = models.DateTimeField(default=timezone.now)
    asked_by = models.CharField(
        max_length=40,
        blank=True,
        help_text="the submission (its id) whose finish, withdrawal or reinstatement asked",
    )

    class Meta:
        ordering = ["-month", "venue", "-tested_at"]
        indexes = [models.Index(fields=["licensee", "venue", "month", "tested_at"])]


class Deviation(AppendOnly):
    """One (table or whole venue, game, wager key, period) whose observed hold was outside
    the interval holding the jurisdiction's confidence level of holds over as many wagers
    under the par sheets in force (:mod:`audits.monitoring.deviations`).  Written once with
    its figures and the date it was found; never edited.  A later test of the same period
    with more rounds is a record of its own."""

    licensee = models.ForeignKey("games.Licensee", on_delete=models.PROTECT, related_name="+")
    venue = models.CharField(max_length=40)
    table = models.CharField(max_length=40, blank=True, help_text="empty: the whole venue")
    game = models.CharField(max_length=60)
    wager_key = models.CharField(max_length=40)
    period = models.CharField(max_length=20, choices=DeviationPeriod.choices)
    first_day = models.DateField()
    last_day = models.DateField()
    wagers = models.BigIntegerField()
    wagered = models.DecimalField(**MONEY)
    house_won = models.DecimalField(**MONEY)
    observed_hold = models.FloatField()
    theoretical_hold = models.FloatField()
    interval_low = models.FloatField()
    interval_high = models.FloatField()
    p_value = models.FloatField(help_text="two-sided: a hold at least this far off")
    confidence = models.DecimalField(max_digits=5, decimal_places=4)
    method = models.CharField(max_length=20, help_text="exact distribution or normal")
    basis = models.JSONField(help_text="the par sheets: per table, rule version and variant")
    found_at = models.DateTimeField(default=timezone.now)
    test = models.ForeignKey(
        DeviationTest,
        null=True,
        on_delete=models.PROTECT,
        related_name="deviations",
        help_text="the month's test that flagged it (none: found before months were tested "
        "together)",
    )
    submission = models.ForeignKey(
        "submissions.Submission",
        null=True,
        on_delete=models.PROTECT,
        related_name="+",
        help_text="the submission whose finish found it",
    )

    class Meta:
        db_table = "audits_deviation"
        ordering = ["-last_day", "venue", "table", "game", "wager_key", "period"]
        constraints = [
            models.UniqueConstraint(
                fields=[
                    "licensee",
                    "venue",
                    "table",
                    "game",
                    "wager_key",
                    "period",
                    "last_day",
                    "wagers",
                    "wagered",
                    "house_won",
                    "test",
                ],
                name="uniq_deviation_figures",
            )  # fmt: skip
        ]
        indexes = [models.Index(fields=["licensee", "venue", "last_day"])]

    @property
    def percents(self) -> dict[str, str]:
        """The holds and interval as percentages, for pages and reports."""
        return {
            "observed": f"{self.observed_hold:.2%}",
            "theoretical": f"{self.theoretical_hold:.2%}",
            "low": f"{self.interval_low:.2%}",
            "high": f"{self.interval_high:.2%}",
        }

    def __str__(self) -> str:
        where = f"{self.venue}/{self.table}" if self.table else self.venue
        return f"{where} {self.game} {self.wager_key} {self.period} to {self.last_day}"


class DayChecks(models.Model):
    """A gaming day's hold checks at a venue as its month's last test computed them, with a
    digest of what they were computed from (the day's ledger lines and the registry's
    revision, :mod:`audits.monitoring.day_checks`): a later test of the month reads them
    again instead of computing them while neither has changed.  Derived, like the ledger:
    written again whenever its inputs change."""

    licensee = models.ForeignKey("games.Licensee", on_delete=models.PROTECT, related_name="+")
    venue = models.CharField(max_length=40)
    gaming_day = models.DateField()
    inputs = models.CharField(max_length=64, help_text="digest of the ledger lines and registry")
    checks = models.JSONField(default=list)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["licensee", "venue", "gaming_day"],
                                    name="day_checks_once_a_day")  # fmt: skip
        ]

    def __str__(self) -> str:
        return f"{self.gaming_day} {self.venue}: {len(self.checks)} checks"
