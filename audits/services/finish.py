"""After every chunk: duplicate rounds, per-submission totals, the ledger's gaming days and
the final counts."""

from __future__ import annotations

import logging
from collections import Counter, defaultdict

from django.db import transaction
from django.db.models import Max, Min, Sum
from django.utils import timezone

from audits.models import (
    Chunk,
    ChunkTotal,
    Finding,
    Submission,
    SubmissionStatus,
    SubmissionTotal,
)

from .deviations import deviations_record
from .duplicates import duplicate_findings
from .ledger import ledger_record
from .storage import discard_work_copy

log = logging.getLogger(__name__)

SUMS = ("wagers", "wagered", "net_result", "paid_out", "stake_squares", "overpaid", "underpaid")


@transaction.atomic
def submission_finish(submission: Submission) -> Submission:
    """Merge the chunks of a fully validated submission (idempotent)."""
    submission = Submission.objects.select_for_update().get(pk=submission.pk)
    if submission.status == SubmissionStatus.DONE:
        return submission
    _duplicates(submission)
    rounds_with_findings = _merge_totals(submission)
    ledger_record(submission)
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
    deviations_record(submission)
    discard_work_copy(submission)
    log.info(
        "submission finished: %d rounds, %d clean, %d finding(s), %d rejected line(s)",
        rounds, submission.clean_rounds, submission.finding_count, submission.rejected_lines,
    )  # fmt: skip
    return submission


def _duplicates(submission: Submission) -> None:
    """A round seen twice in this file, or in a finished submission of the same licensee, is
    a finding (:mod:`.duplicates`)."""
    Finding.objects.filter(submission=submission, code__startswith="duplicate_round").delete()
    Finding.objects.bulk_create(duplicate_findings(submission), batch_size=5000)


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
