"""What the live tests share: which lines a post can route, and what validation said of a
set of submissions whatever the lines its rounds sit on (to compare a closed live day with
the same rounds uploaded as one file)."""

from __future__ import annotations

import json
from collections import Counter
from datetime import datetime

from audits.submissions.models import Finding, SubmissionTotal


def routable(line: bytes) -> bool:
    try:
        record = json.loads(line)
        datetime.fromisoformat(record["played_at"])
        return isinstance(record.get("round"), str) and record.get("table") is not None
    except (ValueError, KeyError, TypeError):
        return False


def judged(submissions, besides: tuple[str, ...] = ()) -> dict:
    """What validation said of the rounds, whatever their lines: findings (but the codes
    ``besides``) and totals."""
    findings = Counter(
        Finding.objects.filter(submission__in=submissions)
        .exclude(code__in=besides)
        .values_list("round_id", "seat", "wager_key", "code", "expected", "recorded")
    )
    totals = Counter()
    for t in SubmissionTotal.objects.filter(submission__in=submissions):
        key = (t.venue, t.table, t.game, t.wager_key)
        totals[key + ("rounds",)] += t.rounds
        totals[key + ("wagered",)] += t.wagered
        totals[key + ("net",)] += t.net_result
        totals[key + ("clean",)] += t.clean_rounds
    return {"findings": findings, "totals": totals,
            "rounds": sum(s.rounds_total for s in submissions),
            "clean": sum(s.clean_rounds for s in submissions)}  # fmt: skip
