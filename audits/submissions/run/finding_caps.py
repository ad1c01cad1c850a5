"""What one upload's findings can cost: at most so many a line, so many a submission.

A line yields at most ``per_line`` findings: the first ``per_line - 1`` as found, then one
``line_findings_truncated`` finding that says how many more there were, by code
(:func:`line_capped`).  A chunk keeps at most ``most`` findings in memory (a submission
stores no more than that in all); beyond it they are counted by code (:class:`ChunkFindings`).
Whatever the caps leave out, the money over- and underpaid is summed from every finding
first, so a chunk's totals stay exact.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from decimal import Decimal

from django.conf import settings

from audits.submissions.run.tally import RoundPlace, TotalKey
from audits.validation.findings import FORMAT, Finding, format_rule

ZERO = Decimal(0)
PAID_WRONG = ("overpaid", "underpaid")


def line_capped(found: list[Finding], per_line: int) -> list[Finding]:
    """``found`` with at most ``per_line`` findings, the last saying what was left out."""
    if len(found) <= per_line:
        return found
    kept, rest = found[: per_line - 1], found[per_line - 1 :]
    by_code = Counter(f.code for f in rest)
    counts = ", ".join(f"{code} {n:,}" for code, n in sorted(by_code.items()))
    first = found[0]
    message = (f"{len(rest):,} more findings on this line are counted, not listed one by one "
               f"(at most {per_line} a line): {counts}")  # fmt: skip
    rule = format_rule("line_findings_truncated")
    return [*kept, Finding(first.line, first.round, "line_findings_truncated", message, rule)]


class ChunkFindings:
    """A chunk's findings with their rounds' places, within the caps, and the money found paid
    wrong per (venue, table, game, gaming day, wager key), summed before any cap."""

    def __init__(self, per_line: int | None = None, most: int | None = None):
        self.per_line = per_line or settings.AUDITS_FINDINGS_PER_LINE
        self.most = most or settings.AUDITS_FINDINGS_STORED
        self.kept: list[tuple[Finding, RoundPlace | None]] = []
        self.unstored: Counter = Counter()  # code -> findings over ``most``, not kept
        self.paid_wrong: dict[str, dict[TotalKey, Decimal]] = {c: defaultdict(lambda: ZERO)
                                                            for c in PAID_WRONG}  # fmt: skip
        self.rounds_with_findings = 0  # rounds read with a finding of their own

    def add(self, found: list[Finding], place: RoundPlace | None) -> None:
        """One line's findings (all with the same place, or None for a line not read)."""
        if place is not None and any(f.group != FORMAT for f in found):
            self.rounds_with_findings += 1
        if place is not None:
            for f in found:
                if f.code in PAID_WRONG:
                    key = TotalKey(place.venue, place.table, place.game, place.gaming_day, f.key)
                    self.paid_wrong[f.code][key] += abs(f.recorded - f.expected)
        for f in line_capped(found, self.per_line):
            if len(self.kept) < self.most:
                self.kept.append((f, place))
            else:
                self.unstored[f.code] += 1

    def __len__(self) -> int:
        return len(self.kept) + sum(self.unstored.values())
