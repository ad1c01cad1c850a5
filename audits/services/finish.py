"""After every chunk: duplicate rounds, per-submission totals and the final counts."""

from __future__ import annotations

import logging
from collections import Counter, defaultdict

from django.db import connection, transaction
from django.db.models import Count, Exists, Max, Min, OuterRef, Subquery, Sum
from django.utils import timezone

from audits.models import (
    Chunk,
    ChunkTotal,
    Finding,
    RoundSeen,
    Submission,
    SubmissionStatus,
    SubmissionTotal,
)
from audits.validation.findings import CODES, format_rule

from .storage import discard_work_copy

log = logging.getLogger(__name__)

SUMS = ("wagers", "wagered", "net_result", "paid_out", "overpaid", "underpaid")


@transaction.atomic
def submission_finish(submission: Submission) -> Submission:
    """Merge the chunks of a fully validated submission (idempotent)."""
    submission = Submission.objects.select_for_update().get(pk=submission.pk)
    if submission.status == SubmissionStatus.DONE:
        return submission
    _duplicates(submission)
    rounds_with_findings = _merge_totals(submission)
    chunks = Chunk.objects.filter(submission=submission).aggregate(
        lines=Sum("lines"), rounds=Sum("rounds"), rejected=Sum("rejected")
    )
    rounds = chunks["rounds"] or 0
    submission.lines_total = chunks["lines"] or 0
    submission.rounds_total = submission.rounds_done = rounds
    submission.rejected_lines = chunks["rejected"] or 0
    submission.clean_rounds = rounds - rounds_with_findings
    submission.finding_count = submission.findings.count()
    played = Chunk.objects.filter(submission=submission).aggregate(
        first=Min("first_played_at"), last=Max("last_played_at")
    )
    submission.first_played_at, submission.last_played_at = played["first"], played["last"]
    submission.status = SubmissionStatus.DONE
    submission.finished_at = timezone.now()
    submission.save()
    discard_work_copy(submission)
    log.info(
        "submission finished: %d rounds, %d clean, %d finding(s), %d rejected line(s)",
        rounds, submission.clean_rounds, submission.finding_count, submission.rejected_lines,
    )  # fmt: skip
    return submission


def _duplicates(submission: Submission) -> None:
    """A round seen twice in this file, or in an earlier submission of the same licensee, is a
    finding."""
    _refresh_statistics()
    Finding.objects.filter(submission=submission, code__startswith="duplicate_round").delete()
    mine = RoundSeen.objects.filter(submission=submission)
    # one pass: every row whose key recurs, grouped by round in line order
    recurring = mine.values("key").annotate(n=Count("id")).filter(n__gt=1).values("key")
    rows, first_line = [], {}
    for key, venue, table, round_id, line, played_at, game in (
        mine.filter(key__in=recurring)
        .order_by("key", "venue", "table", "round_id", "line")
        .values_list("key", "venue", "table", "round_id", "line", "played_at", "game")
    ):  # few rows; a server-side cursor (iterator) would make PostgreSQL plan for many
        place = (key, venue, table, round_id)  # the key finds, the rest confirms
        if place not in first_line:
            first_line[place] = line
            continue
        rows.append(
            _duplicate(
                submission,
                {"venue": venue, "table": table, "round_id": round_id},
                line,
                played_at,
                game,
                "duplicate_round",
                f"round {round_id} already appears at line {first_line[place]}",
            )
        )
    # only this licensee's earlier files: another licensee's rounds are never compared, named
    # or disclosed (and a failed file's rounds were never accepted)
    earlier = RoundSeen.objects.filter(
        key=OuterRef("key"),
        venue=OuterRef("venue"),
        table=OuterRef("table"),
        round_id=OuterRef("round_id"),
        submission__licensee_id=submission.licensee_id,
        submission__submitted_at__lt=submission.submitted_at,
    ).exclude(submission__status=SubmissionStatus.FAILED)
    earlier = earlier.order_by("submission__submitted_at", "line")
    # EXISTS first lets the database semi-join on the key; the details only for the few found
    again = mine.filter(Exists(earlier)).annotate(
        prior_line=Subquery(earlier.values("line")[:1]),
        prior_file=Subquery(earlier.values("submission__original_name")[:1]),
    )
    for seen in again:
        key = {"venue": seen.venue, "table": seen.table, "round_id": seen.round_id}
        message = (
            f"round {seen.round_id} was already submitted in {seen.prior_file} "
            f"(line {seen.prior_line})"
        )
        rows.append(
            _duplicate(
                submission,
                key,
                seen.line,
                seen.played_at,
                seen.game,
                "duplicate_round_submitted",
                message,
            )
        )
    Finding.objects.bulk_create(rows)


def _refresh_statistics() -> None:
    """The chunks have just written this submission's rounds, which PostgreSQL's statistics
    do not know yet: without a fresh sample it plans the duplicate queries for a handful of
    rows and scans the table once per duplicate.  ANALYZE samples a fixed number of rows."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute(f"ANALYZE {RoundSeen._meta.db_table}")


def _duplicate(submission, key, line, played_at, game, code, message) -> Finding:
    group, severity = CODES[code]
    return Finding(
        submission=submission,
        line=line,
        round_id=key["round_id"],
        venue=key["venue"],
        table=key["table"],
        game=game,
        played_at=played_at,
        code=code,
        group=group,
        severity=severity,
        message=message,
        rule=format_rule(code),
    )


def _merge_totals(submission: Submission) -> int:
    """Sum the chunks' totals per place and wager; the number of rounds with findings.

    Rejected lines (format findings) are not rounds and do not count.
    """
    SubmissionTotal.objects.filter(submission=submission).delete()
    sums = (
        ChunkTotal.objects.filter(chunk__submission=submission)
        .values("venue", "table", "game", "wager_key")
        .annotate(rounds_sum=Sum("rounds"), **{f"{f}_sum": Sum(f) for f in SUMS})
    )
    dirty_lines: set[tuple] = set()  # (venue, table, game, line) of rounds with findings
    codes = defaultdict(Counter)
    for venue, table, game, key, code, line in (
        Finding.objects.filter(submission=submission)
        .exclude(group="format")
        .values_list("venue", "table", "game", "wager_key", "code", "line")
    ):
        codes[(venue, table, game, key)][code] += 1
        dirty_lines.add((venue, table, game, line))
    dirty = Counter(key[:3] for key in dirty_lines)  # per (venue, table, game)
    rows = []
    for s in sums:
        place = (s["venue"], s["table"], s["game"])
        rounds = s["rounds_sum"] or 0
        rows.append(
            SubmissionTotal(
                submission=submission,
                venue=s["venue"],
                table=s["table"],
                game=s["game"],
                wager_key=s["wager_key"],
                rounds=rounds,
                clean_rounds=rounds - dirty[place] if s["wager_key"] == "" else 0,
                findings_by_code=dict(codes[(*place, s["wager_key"])]),
                **{f: s[f"{f}_sum"] for f in SUMS},
            )
        )
    SubmissionTotal.objects.bulk_create(rows)
    return len(dirty_lines)
