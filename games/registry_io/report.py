"""What a load did: records created, already present or updated, per kind."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

#: The kinds of record a load reports on, in the order of the report.
KINDS = (
    "jurisdiction",
    "operator_class",
    "regulation",
    "wager_limit",
    "manufacturer",
    "game",
    "rule_version",
    "paytable",
    "approval",
    "approval_event",
    "licensee",
    "venue",
    "table",
    "authorization",
    "condition_met",
)


@dataclass
class LoadReport:
    files: list[str] = field(default_factory=list)
    counts: dict[str, dict[str, int]] = field(
        default_factory=lambda: defaultdict(lambda: {"created": 0, "present": 0, "updated": 0})
    )
    updates: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)

    def count(self, kind: str, outcome: str) -> None:
        self.counts[kind][outcome] += 1

    def created(self, kind: str) -> int:
        return self.counts[kind]["created"] if kind in self.counts else 0

    def present(self, kind: str) -> int:
        return self.counts[kind]["present"] if kind in self.counts else 0

    def updated(self, kind: str) -> int:
        return self.counts[kind]["updated"] if kind in self.counts else 0

    @property
    def changed(self) -> bool:
        """Whether the load changed anything in the registry."""
        return any(c["created"] or c["updated"] for c in self.counts.values())

    def to_dict(self) -> dict:
        return {
            "files": list(self.files),
            "changed": self.changed,
            "counts": {k: dict(self.counts[k]) for k in KINDS if k in self.counts},
            "updates": list(self.updates),
            "warnings": list(self.warnings),
        }

    def __str__(self) -> str:
        lines = [f"Loaded {', '.join(self.files) or 'no files'}"]
        lines.append(f"{'kind':<16}{'created':>9}{'present':>9}{'updated':>9}")
        for kind in KINDS:
            if kind in self.counts:
                c = self.counts[kind]
                lines.append(f"{kind:<16}{c['created']:>9}{c['present']:>9}{c['updated']:>9}")
        lines.extend(f"updated: {u}" for u in self.updates)
        lines.extend(f"warning: {w}" for w in self.warnings)
        lines.append("changes made" if self.changed else "nothing changed: all records present")
        return "\n".join(lines)
