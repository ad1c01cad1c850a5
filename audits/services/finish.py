"""After every chunk: duplicate rounds, per-submission totals and the final counts."""

from __future__ import annotations

from collections import Counter, defaultdict

from django.db import transaction
from django.db.models import Count, OuterRef, Subquery, Sum
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
from audits.validation.findings import CODES, HANDLOG_FORMAT

from .storage import discard_work_copy

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
    submission.status = SubmissionStatus.DONE
    submission.finished_at = timezone.now()
    submission.save()
    discard_work_copy(submission)
    return submission


def _duplicates(submission: Submission) -> None:
    """A round seen twice in this file, or seen in an earlier submission, is a finding."""
    Finding.objects.filter(submission=submission, code__startswith="duplicate_round").delete()
    mine = RoundSeen.objects.filter(submission=submission)
    repeated = mine.values("venue", "table", "round_id").annotate(n=Count("id")).filter(n__gt=1)
    rows = []
    for key in repeated.iterator():
        lines = list(
            mine.filter(**{k: key[k] for k in ("venue", "table", "round_id")})
            .order_by("line")
            .values_list("line", "played_at", "game")
        )
        first = lines[0][0]
        for line, played_at, game in lines[1:]:
            rows.append(
                _duplicate(
                    submission,
                    key,
                    line,
                    played_at,
                    game,
                    "duplicate_round",
                    f"round {key['round_id']} already appears at line {first}",
                )
            )
    earlier = RoundSeen.objects.filter(
        venue=OuterRef("venue"),
        table=OuterRef("table"),
        round_id=OuterRef("round_id"),
        submission__submitted_at__lt=submission.submitted_at,
    ).order_by("submission__submitted_at", "line")
    again = mine.annotate(
        prior_line=Subquery(earlier.values("line")[:1]),
        prior_file=Subquery(earlier.values("submission__original_name")[:1]),
    ).filter(prior_line__isnull=False)
    for seen in again.iterator():
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
        rule=HANDLOG_FORMAT,
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
