"""Manufacturers, games, immutable rule versions and paytables, and their par sheets."""

from __future__ import annotations

from django.db import models
from simple_history.models import HistoricalRecords

from .immutability import AppendOnly, Freezable


class Manufacturer(models.Model):
    name = models.CharField(max_length=200, unique=True)
    address = models.TextField(blank=True)
    history = HistoricalRecords()

    def __str__(self) -> str:
        return self.name


class Game(models.Model):
    """A game as hand logs name it; ``code`` is also the rules engine's game code."""

    code = models.SlugField(max_length=60, unique=True, help_text="e.g. toss-one-21")
    name = models.CharField(max_length=200)
    manufacturer = models.ForeignKey(
        Manufacturer, null=True, blank=True, on_delete=models.PROTECT, related_name="games"
    )
    history = HistoricalRecords()

    def __str__(self) -> str:
        return self.name


class RuleVersion(Freezable):
    """The numbered rules, engine parameters, options and deck counts of one version.

    Frozen when submitted for approval: from then on a change is a new version.
    """

    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="rule_versions")
    version = models.PositiveIntegerField()
    title = models.CharField(max_length=200)
    rules = models.JSONField(help_text='numbered rules: [{"number": "1", "text": "..."}, ...]')
    parameters = models.JSONField(
        default=dict, blank=True, help_text="rules-engine parameters (all resolved)"
    )
    options = models.JSONField(
        default=dict,
        blank=True,
        help_text="declared options and their allowed values, e.g. blackjack_pays",
    )
    decks_allowed = models.JSONField(default=list, help_text="deck counts allowed, e.g. [6, 8]")
    source_document = models.CharField(max_length=200, blank=True)
    side_wagers = models.JSONField(
        default=list,
        blank=True,
        help_text="side wagers defined as data (docs/registry-format.md): the cards each reads "
        "and its outcomes, first match wins",
    )
    note = models.TextField(blank=True)
    content_hash = models.CharField(max_length=64, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)
    history = HistoricalRecords()

    class Meta:
        ordering = ["game", "version"]
        constraints = [
            models.UniqueConstraint(fields=["game", "version"], name="uniq_rule_version")
        ]

    def __str__(self) -> str:
        return f"{self.game.code} v{self.version}"


class Paytable(Freezable):
    """One version of the pays of one wager, by outcome, each with its source.

    A paytable is paid under a rule version (its par sheet depends on the
    rules); a new paytable version can be added to a frozen rule version.
    """

    rule_version = models.ForeignKey(
        RuleVersion, on_delete=models.PROTECT, related_name="paytables"
    )
    wager_key = models.CharField(max_length=40, help_text="e.g. lucky3")
    code = models.CharField(max_length=20, help_text='the code options name, e.g. "1"')
    version = models.PositiveIntegerField()
    entries = models.JSONField(help_text='outcome -> odds, e.g. {"suited_blackjack": "40 to 1"}')
    entry_sources = models.JSONField(default=dict, blank=True)
    source = models.CharField(max_length=300)
    illustrative = models.BooleanField(
        default=False, help_text="figures not taken from any rule document (demo data)"
    )
    content_hash = models.CharField(max_length=64, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)
    history = HistoricalRecords()

    class Meta:
        ordering = ["rule_version", "wager_key", "code", "version"]
        constraints = [
            models.UniqueConstraint(
                fields=["rule_version", "wager_key", "code", "version"],
                name="uniq_paytable_version",
            )
        ]

    def __str__(self) -> str:
        return f"{self.rule_version} {self.wager_key} #{self.code} v{self.version}"


class ParSheet(AppendOnly):
    """A par sheet computed by the engine when a rule version or paytable is created."""

    rule_version = models.ForeignKey(
        RuleVersion, on_delete=models.PROTECT, related_name="par_sheets"
    )
    paytable = models.ForeignKey(
        Paytable, null=True, blank=True, on_delete=models.PROTECT, related_name="par_sheets"
    )
    decks = models.PositiveSmallIntegerField()
    options = models.JSONField(default=dict)
    wager_key = models.CharField(max_length=40)
    house_edge = models.FloatField()
    sheet = models.JSONField(help_text="the engine's par sheet of this wager, exact fractions too")
    computed_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["rule_version", "wager_key", "decks"]

    def __str__(self) -> str:
        return f"{self.rule_version} {self.wager_key} {self.decks} deck(s)"
