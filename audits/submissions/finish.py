"""After every chunk: duplicate rounds, per-submission totals and the final counts; then what
the rooms above record of a merged submission (monitoring's ledger and deviations), through
the hooks they register here (:class:`FinishHooks`), so that nothing here imports them."""

from __future__ import annotations

import logging
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import NamedTuple

from django.conf import settings
from django.db import transaction
from django.db.models import Max, Min, Q, Sum
from django.utils import timezone

from audits.submissions.duplicates import duplicate_findings
from audits.submissions.models import (
    Chunk,
    ChunkTotal,
    Finding,
    Submission,
    SubmissionStatus,
    SubmissionTotal,
)
from audits.submissions.resent import resent_findings
from audits.submissions.run import discard_work_copy, write_finding_rows
from audits.submissions.withdrawal import submission_corrected
from audits.validation.findings import ROUND_FORMAT_CODES
from audits.validation.screen.readiness import compiling_refused

log = logging.getLogger(__name__)


@dataclass
class FinishHooks:
    """What is recorded of a submission as it finishes, in the order registered, inside its
    finishing transaction: ``merged`` once its totals are merged (before its counts),
    ``done`` once it is done.  A submission past the findings cap is recorded too: every
    round was judged, only findings past the cap are counted by code (it says so, marked
    incomplete on the monitoring pages and the commission's first page).
    :mod:`audits.monitoring.hooks` registers the ledger and the deviations when the app is
    ready.  A ``merged`` hook is also given the lines of the submission's duplicates
    (``duplicate_lines``, every one, stored or past the cap), found a moment before under
    the same locks: the ledger takes their rounds out of its sums without seeking them
    again."""

    merged: list[Callable[..., None]] = field(default_factory=list)
    done: list[Callable[[Submission], None]] = field(default_factory=list)


FINISH_HOOKS = FinishHooks()

SUMS = ("wagers", "wagered", "net_result", "paid_out", "stake_squares", "stake_cubes", "overpaid",
        "underpaid")  # fmt: skip


def submission_finish(submission: Submission) -> Submission:
    """Merge the chunks of a fully validated submission (idempotent; compiling no kernel)."""
    with compiling_refused(), transaction.atomic():
        return _finish(submission)


def _finish(submission: Submission) -> Submission:
    submission = Submission.objects.select_for_update().get(pk=submission.pk)
    if submission.status == SubmissionStatus.DONE:
        return submission
    repeated = _duplicates(submission)
    submission.findings_unstored = _unstored(submission, repeated.unstored)
    rounds_with_findings = _merge_totals(submission)
    for record in FINISH_HOOKS.merged:  # past the cap too: every round was judged
        record(submission, duplicate_lines=repeated.lines)
    chunks = Chunk.objects.filter(submission=submission).aggregate(
        lines=Sum("lines"), rounds=Sum("rounds"), rejected=Sum("rejected"),
        dirty=Sum("rounds_with_findings"),
    )  # fmt: skip
    rounds = chunks["rounds"] or 0
    if submission.findings_capped:  # not every finding is stored: counted by the chunks
        rounds_with_findings = max(rounds_with_findings, (chunks["dirty"] or 0) + repeated.count)
    submission.lines_total = chunks["lines"] or 0
    submission.rounds_total = submission.rounds_done = rounds
    submission.rejected_lines = chunks["rejected"] or 0
    submission.clean_rounds = max(0, rounds - rounds_with_findings)
    submission.findings_stored = submission.findings.count()
    submission.finding_count = submission.findings_stored + sum(
        submission.findings_unstored.values()
    )
    played = Chunk.objects.filter(submission=submission).aggregate(
        first=Min("first_played_at"), last=Max("last_played_at")
    )
    submission.first_played_at, submission.last_played_at = played["first"], played["last"]
    submission.status = SubmissionStatus.DONE
    submission.finished_at = timezone.now()
    submission.save()
    for record in FINISH_HOOKS.done:
        record(submission)
    discard_work_copy(submission)
    log.info(
        "submission finished: %d rounds, %d clean, %d finding(s), %d rejected line(s)",
        rounds, submission.clean_rounds, submission.finding_count, submission.rejected_lines,
    )  # fmt: skip
    return submission


class Repeated(NamedTuple):
    count: int  # rounds read before, in the file or in an earlier submission
    unstored: Counter  # code -> those not stored (past the cap)
    lines: set[int]  # the line of every one (the ledger takes them out of its sums)


def _duplicates(submission: Submission) -> Repeated:
    """A round seen twice in this file, or in a finished submission of the same licensee, is
    a finding (:mod:`.duplicates`), stored while the submission holds fewer findings than
    it may store; the rest are counted by code."""
    derived = Finding.objects.filter(submission=submission)
    derived.filter(code__in=("duplicate_round", "duplicate_round_submitted",
                             "resent_after_withdrawal")).delete()  # fmt: skip
    resent, corrected = resent_findings(submission)
    for withdrawn in corrected:  # the commission sees which file corrected which
        submission_corrected(withdrawn, by=submission)
    stored = Finding.objects.filter(submission=submission).count()
    room = max(0, settings.AUDITS_FINDINGS_STORED - stored)
    duplicates = duplicate_findings(submission, most=room)  # past the room: counted
    found, unstored = duplicates.found + resent, duplicates.beyond
    unstored.update(f.code for f in found[room:])
    write_finding_rows(found[:room])  # one COPY on PostgreSQL
    return Repeated(min(len(found), room) + unstored.total(), unstored, duplicates.lines)


def _unstored(submission: Submission, repeated: Counter) -> dict[str, int]:
    """Every finding counted and not stored: the chunks' and the duplicates'."""
    total = Counter(repeated)
    for counted in Chunk.objects.filter(submission=submission).values_list(
        "findings_unstored", flat=True
    ):
        total.update(counted or {})
    return dict(sorted(total.items()))


def _merge_totals(submission: Submission) -> int:
    """Sum the chunks' totals per place and wager; the number of rounds with findings.

    Rejected lines (format findings but those of a read round's checks) are not rounds and
    do not count.
    """
    SubmissionTotal.objects.filter(submission=submission).delete()
    sums = (
        ChunkTotal.objects.filter(chunk__submission=submission)
        .values("venue", "table", "game", "wager_key")
        .annotate(rounds_sum=Sum("rounds"), **{f"{f}_sum": Sum(f) for f in SUMS})
    )
    dirty_lines: set[tuple] = set()  # (venue, table, game, line) of rounds with findings
    codes = defaultdict(Counter)
    for venue, table, game, key, code, severity, line in (
        Finding.objects.filter(submission=submission)
        .exclude(Q(group="format") & ~Q(code__in=ROUND_FORMAT_CODES))
        .values_list("venue", "table", "game", "wager_key", "code", "severity", "line")
    ):
        codes[(venue, table, game, key)][code] += 1
        if not (code == "resent_after_withdrawal" and severity == "warning"):
            dirty_lines.add((venue, table, game, line))  # a note of the same bytes: not dirty
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
