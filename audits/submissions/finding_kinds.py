"""A submission's findings by kind, in words: each group with its codes' plain titles, what
each means and what to check, severity, count and the money at stake (what was paid wrong,
for the payout codes)."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from django.db.models import F, Sum
from django.db.models.functions import Abs

from audits.submissions.models import Submission
from audits.submissions.summary import submission_summary
from audits.validation.finding_words import FINDING_WORDS
from audits.validation.findings import CODES

GROUP_TITLES = {
    "format": "The file's format (lines rejected)",
    "integrity": "Integrity of the record",
    "approval": "Approval and authorization",
    "wager": "Wagers",
    "procedure": "Procedure at the table",
    "payout": "Payouts",
}
SEVERITY_ORDER = {"critical": 0, "error": 1, "warning": 2}
#: the order a reviewer reads the kinds in: money first, the file's format last
READING_ORDER = ("payout", "wager", "approval", "procedure", "integrity", "format")


@dataclass(frozen=True)
class FindingKind:
    code: str
    title: str
    meaning: str
    check: str
    severity: str
    count: int
    money: Decimal | None  # paid wrong in all (payouts); None where no money is recorded


@dataclass(frozen=True)
class FindingGroup:
    group: str
    title: str
    kinds: list[FindingKind]

    @property
    def count(self) -> int:
        return sum(k.count for k in self.kinds)


def submission_findings_by_kind(submission: Submission) -> tuple[list[FindingGroup], int]:
    """The groups with findings, their codes most severe then most frequent first; and the
    largest count (the chart's scale)."""
    counts = submission_summary(submission)["findings_by_code"]
    money = dict(
        submission.findings.filter(expected__isnull=False, recorded__isnull=False)
        .values("code")
        .annotate(wrong=Sum(Abs(F("recorded") - F("expected"))))
        .values_list("code", "wrong")
    )
    groups = []
    for group in READING_ORDER:
        kinds = [
            FindingKind(
                code,
                FINDING_WORDS[code].title,
                FINDING_WORDS[code].meaning,
                FINDING_WORDS[code].check,
                CODES[code][1],
                counts[code],
                money.get(code),
            )  # fmt: skip
            for code in counts
            if CODES.get(code, ("",))[0] == group
        ]
        kinds.sort(key=lambda k: (SEVERITY_ORDER[k.severity], -k.count, k.code))
        if kinds:
            groups.append(FindingGroup(group, GROUP_TITLES[group], kinds))
    return groups, max(counts.values(), default=0)
