"""Licensees, venues, tables, and what each venue is authorized to run from when."""

from __future__ import annotations

from django.db import models
from simple_history.models import HistoricalRecords


class Licensee(models.Model):
    jurisdiction = models.ForeignKey(
        "games.Jurisdiction", on_delete=models.PROTECT, related_name="licensees"
    )
    name = models.CharField(max_length=200)
    license_number = models.CharField(max_length=60)
    history = HistoricalRecords()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["jurisdiction", "license_number"], name="uniq_licensee")
        ]

    def __str__(self) -> str:
        return self.name


class Venue(models.Model):
    licensee = models.ForeignKey(Licensee, on_delete=models.PROTECT, related_name="venues")
    code = models.CharField(max_length=40, unique=True, help_text="as in hand logs: WA-CR-0042")
    name = models.CharField(max_length=200)
    operator_class = models.ForeignKey(
        "games.OperatorClass", on_delete=models.PROTECT, related_name="venues"
    )
    history = HistoricalRecords()

    def __str__(self) -> str:
        return f"{self.code} {self.name}"


class Table(models.Model):
    venue = models.ForeignKey(Venue, on_delete=models.PROTECT, related_name="tables")
    code = models.CharField(max_length=40, help_text="as in hand logs: T3")
    history = HistoricalRecords()

    class Meta:
        constraints = [models.UniqueConstraint(fields=["venue", "code"], name="uniq_table")]

    def __str__(self) -> str:
        return f"{self.venue.code}/{self.code}"


class Authorization(models.Model):
    """A venue may run an approved variant of a game, at one table or all, from a date.

    It takes effect on ``effective_from`` or, if later, the day the last of
    the approval's venue conditions for the venue's operator class was met.
    """

    venue = models.ForeignKey(Venue, on_delete=models.PROTECT, related_name="authorizations")
    table = models.ForeignKey(
        Table,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="authorizations",
        help_text="empty: every table of the venue",
    )
    approval = models.ForeignKey(
        "games.Approval", on_delete=models.PROTECT, related_name="authorizations"
    )
    options = models.JSONField(
        default=dict, help_text="the variant: option -> value, e.g. lucky3_paytable: 1"
    )
    decks = models.JSONField(default=list, help_text="deck counts used; empty: any approved")
    effective_from = models.DateField()
    effective_to = models.DateField(null=True, blank=True)
    history = HistoricalRecords()

    class Meta:
        ordering = ["venue", "effective_from", "pk"]

    def __str__(self) -> str:
        where = self.table.code if self.table else "all tables"
        return f"{self.venue.code} {where}: {self.approval.rule_version} from {self.effective_from}"


class ConditionMet(models.Model):
    """The day a venue met one of its approval's conditions (e.g. internal controls approved)."""

    authorization = models.ForeignKey(
        Authorization, on_delete=models.PROTECT, related_name="conditions_met"
    )
    condition = models.ForeignKey(
        "games.ApprovalCondition", on_delete=models.PROTECT, related_name="+"
    )
    met_on = models.DateField()
    evidence = models.CharField(max_length=300, help_text="e.g. the commission's letter")
    history = HistoricalRecords()

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["authorization", "condition"], name="uniq_condition_met"
            )
        ]

    def __str__(self) -> str:
        return f"{self.condition} met on {self.met_on}"
