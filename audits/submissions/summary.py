"""Selectors over a validated submission: its summary and its findings as plain data."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from django.conf import settings
from django.db.models import Count, Sum

from audits.submissions.models import Chunk, Finding, Submission
from compliance.timezones import local_iso

FINDING_FIELDS = (
    "line",
    "round_id",
    "seat",
    "wager_key",
    "code",
    "group",
    "severity",
    "message",
    "rule",
    "expected",
    "recorded",
    "venue",
    "table",
    "game",
    "played_at",
    "dealer",
    "shift",
)


def submission_summary(submission: Submission) -> dict:
    stored = submission.findings.values_list("code").annotate(n=Count("id")).order_by("code")
    by_code = Counter(dict(stored)) + Counter(submission.findings_unstored or {})
    money = submission.totals.exclude(wager_key="")
    return {
        "submission": str(submission.uuid),
        "id": submission.pk,
        "file": submission.original_name,
        "sha256": submission.sha256,
        "status": submission.status,
        "failure_reason": submission.failure_reason or None,
        "lines": submission.lines_total,
        "rounds": submission.rounds_total,
        "rejected_lines": submission.rejected_lines,
        "clean_rounds": submission.clean_rounds,
        "findings": submission.finding_count,
        "findings_by_code": dict(sorted(by_code.items())),
        "findings_stored": submission.findings_stored,
        "findings_cap_note": findings_cap_note(submission),
        "wagered": str(sum((t.wagered for t in money), 0)),
        "overpaid": str(sum((t.overpaid for t in money), 0)),
        "underpaid": str(sum((t.underpaid for t in money), 0)),
    }


def findings_cap_note(submission: Submission) -> str | None:
    """What a submission past the findings cap says of itself (None for any other)."""
    if not submission.findings_capped:
        return None
    unstored = sum(submission.findings_unstored.values())
    return (
        f"This file has more findings than the service stores for one submission "
        f"({settings.AUDITS_FINDINGS_STORED:,}): {unstored:,} are counted by code and not "
        "listed one by one. Its rounds, all judged, count in monitoring, where it is marked "
        "incomplete and the commission is told. Correct the file and submit it again."
    )


def finding_dicts(findings, zone_name: str) -> Iterator[dict]:
    """Findings as JSON-ready dicts with the contract's names (``round``, ``key``); times in
    the named zone (the submission's jurisdiction's), with the offset."""
    for row in findings.values(*FINDING_FIELDS).iterator():
        yield {
            "line": row["line"],
            "round": row["round_id"],
            "seat": row["seat"],
            "key": row["wager_key"],
            "code": row["code"],
            "group": row["group"],
            "severity": row["severity"],
            "message": row["message"],
            "rule": row["rule"],
            "expected": None if row["expected"] is None else str(row["expected"]),
            "recorded": None if row["recorded"] is None else str(row["recorded"]),
            "venue": row["venue"],
            "table": row["table"],
            "game": row["game"],
            "played_at": local_iso(row["played_at"], zone_name),
            "dealer": row["dealer"],
            "shift": row["shift"],
        }


def submission_zone(submission: Submission) -> str:
    """The time zone a submission's times are read in: its licensee's jurisdiction's."""
    return submission.licensee.jurisdiction.timezone


def findings_of(submission: Submission):
    return Finding.objects.filter(submission=submission).order_by(
        "line", "seat", "wager_key", "code"
    )


def submissions_so_far(submissions) -> list[Submission]:
    """The submissions as a list, each still being validated given ``so_far``: the rounds of
    its chunks validated so far and how many of them have findings (an open live day grows
    a chunk per post and is "validating" until it closes; a list shows what it holds)."""
    listed = list(submissions)
    open_ids = [s.pk for s in listed if s.status in ("queued", "validating")]
    sums = {}
    if open_ids:
        done = Chunk.objects.filter(submission__in=open_ids, done=True).order_by()
        sums = {row["submission"]: row for row in done.values("submission").annotate(
            rounds=Sum("rounds"), with_findings=Sum("rounds_with_findings"))}  # fmt: skip
    for s in listed:
        row = sums.get(s.pk)
        s.so_far = (row["rounds"], row["with_findings"]) if row else (0, 0)
    return listed
