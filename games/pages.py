"""Selectors the registry pages read: the limit timeline, a rule version's diff, the queue.

Each takes what the caller may already see (a queryset from :mod:`games.access`)
so that visibility stays decided in one place.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal
from typing import Any

from django.db.models import QuerySet

from .limits import limit_scope
from .models import OPEN_STATUSES, Approval, RuleVersion, WagerLimit


@dataclass
class LimitPeriod:
    limit: WagerLimit
    amount: Decimal
    effective_from: date
    effective_to: date | None
    in_force: bool


@dataclass
class LimitLine:
    """One limit (kind and scope) and its values over time, oldest first."""

    kind: str
    scope: str
    applies_to: str
    periods: list[LimitPeriod] = field(default_factory=list)


def limit_timeline(limits: QuerySet[WagerLimit], today: date) -> list[LimitLine]:
    """The limits grouped by what they limit, each with its dated values."""
    lines: dict[tuple, LimitLine] = {}
    rows = limits.select_related("regulation", "operator_class", "game", "table__venue")
    for limit in rows.order_by("kind", "effective_from", "pk"):
        applies = _applies_to(limit)
        key = (limit.kind, limit_scope(limit), applies)
        line = lines.setdefault(key, LimitLine(limit.get_kind_display(), key[1], applies))
        current = limit.effective_from <= today and (
            limit.effective_to is None or today <= limit.effective_to
        )
        line.periods.append(
            LimitPeriod(limit, limit.amount, limit.effective_from, limit.effective_to, current)
        )
    return list(lines.values())


def _applies_to(limit: WagerLimit) -> str:
    parts = [
        str(limit.operator_class) if limit.operator_class_id else "every operator",
        limit.game.name if limit.game_id else "every game",
    ]
    if limit.table_id:
        parts.append(f"{limit.table.venue.code} table {limit.table.code}")
    return ", ".join(parts)


def rule_version_previous(rule_version: RuleVersion) -> RuleVersion | None:
    return (
        RuleVersion.objects.filter(game=rule_version.game_id, version__lt=rule_version.version)
        .order_by("-version")
        .first()
    )


@dataclass
class RuleVersionDiff:
    """What changed from one rule version to the next: rule lines and settings."""

    rules: list[tuple[str, str]]  # ("added" | "removed" | "same", "number. text")
    settings: list[tuple[str, Any, Any]]  # (name, before, after), changed ones only

    @property
    def changed(self) -> bool:
        return bool(self.settings) or any(kind != "same" for kind, _ in self.rules)


def rule_version_diff(before: RuleVersion, after: RuleVersion) -> RuleVersionDiff:
    marks = {"+ ": "added", "- ": "removed", "  ": "same"}
    rules = [
        (marks[line[:2]], line[2:])
        for line in difflib.ndiff(_rule_lines(before), _rule_lines(after))
        if line[:2] in marks
    ]
    return RuleVersionDiff(rules, _settings_diff(before, after))


def _rule_lines(rule_version: RuleVersion) -> list[str]:
    return [f"{rule.get('number', '')}. {rule.get('text', '')}" for rule in rule_version.rules]


def _settings_diff(before: RuleVersion, after: RuleVersion) -> list[tuple[str, Any, Any]]:
    changes = []
    for group in ("parameters", "options"):
        old, new = getattr(before, group) or {}, getattr(after, group) or {}
        for name in sorted(set(old) | set(new)):
            if old.get(name) != new.get(name):
                changes.append((f"{group}: {name}", old.get(name), new.get(name)))
    if before.decks_allowed != after.decks_allowed:
        changes.append(("decks allowed", before.decks_allowed, after.decks_allowed))
    return changes


def approvals_awaiting_action(approvals: QuerySet[Approval]) -> QuerySet[Approval]:
    """Approvals still in the pipeline (submitted or under review), oldest first."""
    return (
        approvals.filter(status__in=OPEN_STATUSES)
        .select_related("rule_version__game", "jurisdiction")
        .order_by("pk")
    )
