"""Jurisdictions, their operator classes, regulations and dated wager limits."""

from __future__ import annotations

from datetime import time
from decimal import Decimal

from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from simple_history.models import HistoricalRecords


class Jurisdiction(models.Model):
    code = models.SlugField(max_length=40, unique=True, help_text="e.g. wa-wsgc")
    name = models.CharField(max_length=200)
    currency = models.CharField(max_length=3, default="USD")
    timezone = models.CharField(
        max_length=60,
        default="UTC",
        help_text="local dates of limits and approvals, e.g. America/Los_Angeles",
    )
    gaming_day_start = models.TimeField(
        default=time(6, 0),
        help_text="local time a gaming day begins: a round before it belongs to the day before",
    )
    deviation_confidence = models.DecimalField(
        max_digits=5,
        decimal_places=4,
        default=Decimal("0.95"),
        validators=[MinValueValidator(Decimal("0.5")), MaxValueValidator(Decimal("0.9999"))],
        help_text="a hold is a deviation when outside the interval holding this share of "
        "holds over as many wagers under the par sheet (COMAR 36.05.03.25: 95%)",
    )
    deviation_tails = models.CharField(
        max_length=4,
        choices=[
            ("both", "hold above or below par's band"),
            ("low", "only hold below par's band (the house won less than par allows)"),
        ],
        default="both",
        db_default="both",
        help_text="which holds are flagged: both sides of par's band, or only below it (players "
        "who play worse than the par sheet's strategy raise the hold; only a low one is then "
        "a reason to look)",
    )
    deviation_min_wagers = models.PositiveIntegerField(
        default=400, help_text="fewer wagers in a period are not tested for deviations"
    )
    case_overdue_days = models.PositiveSmallIntegerField(
        default=30, help_text="an investigation open longer than this many days is overdue"
    )
    paper_size = models.CharField(
        max_length=10,
        choices=[("letter", "US Letter"), ("a4", "A4")],
        default="letter",
        db_default="letter",  # rows written by code that predates the field get it too
        help_text="the paper its signed reports are laid out on",
    )
    history = HistoricalRecords()

    def __str__(self) -> str:
        return self.name


class OperatorClass(models.Model):
    """A class of operator with its own approval conditions and limits."""

    jurisdiction = models.ForeignKey(
        Jurisdiction, on_delete=models.PROTECT, related_name="operator_classes"
    )
    code = models.SlugField(max_length=60, help_text="e.g. commercial-card-room")
    name = models.CharField(max_length=200)
    history = HistoricalRecords()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["jurisdiction", "code"], name="uniq_operator_class")
        ]

    def __str__(self) -> str:
        return self.name


class Regulation(models.Model):
    jurisdiction = models.ForeignKey(
        Jurisdiction, on_delete=models.PROTECT, related_name="regulations"
    )
    citation = models.CharField(max_length=80, help_text="e.g. WAC 230-15-140")
    title = models.CharField(max_length=300)
    url = models.URLField(blank=True)
    history = HistoricalRecords()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["jurisdiction", "citation"], name="uniq_regulation")
        ]

    def __str__(self) -> str:
        return self.citation


class LimitKind(models.TextChoices):
    MAX_SINGLE_WAGER = "max_single_wager", "maximum single wager"
    MIN_SINGLE_WAGER = "min_single_wager", "minimum single wager"
    MAX_AGGREGATE_PAYOUT = "max_aggregate_payout", "maximum aggregate payout per round"


class WagerLimit(models.Model):
    """One dated value of a limit, with its legal source and the scope it applies to.

    Scope narrows from the whole jurisdiction: an operator class, a game, a
    wager key (``lucky3``), a venue's table.  An empty scope field means "any".
    """

    regulation = models.ForeignKey(Regulation, on_delete=models.PROTECT, related_name="limits")
    kind = models.CharField(max_length=30, choices=LimitKind.choices)
    amount = models.DecimalField(max_digits=12, decimal_places=2)
    effective_from = models.DateField()
    effective_to = models.DateField(null=True, blank=True, help_text="last day in force")
    operator_class = models.ForeignKey(
        OperatorClass, null=True, blank=True, on_delete=models.PROTECT, related_name="limits"
    )
    game = models.ForeignKey(
        "games.Game", null=True, blank=True, on_delete=models.PROTECT, related_name="limits"
    )
    wager_key = models.CharField(max_length=40, blank=True)
    table = models.ForeignKey(
        "games.Table", null=True, blank=True, on_delete=models.PROTECT, related_name="limits"
    )
    source = models.CharField(max_length=300, help_text="citation of the value's legal source")
    filing = models.CharField(max_length=80, blank=True, help_text="e.g. WSR 23-09-065")
    note = models.TextField(blank=True)
    history = HistoricalRecords()

    class Meta:
        ordering = ["regulation", "kind", "effective_from"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(amount__gte=0), name="wager_limit_amount_not_negative"
            ),
            models.CheckConstraint(
                condition=models.Q(effective_to__isnull=True)
                | models.Q(effective_to__gte=models.F("effective_from")),
                name="wager_limit_dates_in_order",
            ),
        ]

    def __str__(self) -> str:
        end = self.effective_to or "…"
        return f"{self.get_kind_display()} {self.amount} ({self.effective_from}–{end})"
