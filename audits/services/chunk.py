"""Validating one chunk: parse, resolve the rules in force, check, and store it all at once.

A chunk's findings, seen rounds and totals are written in one transaction
together with its ``done`` flag, so a worker that dies mid-chunk leaves
nothing behind and the chunk is simply validated again (idempotent).
"""

from __future__ import annotations

from collections import defaultdict
from decimal import Decimal

from django.db import transaction
from django.db.models import F
from django.utils import timezone

from audits.models import Chunk, ChunkTotal, Submission
from audits.validation.findings import HANDLOG_FORMAT, Finding
from audits.validation.parse import ParsedRound, Rejected, parse_line
from audits.validation.rounds import check_round
from games.selectors import RulesResolver

from .bulk import write_findings, write_rounds_seen
from .lines import TOO_LONG, read_lines
from .rules_context import GameRulesCache
from .storage import plain_path

ZERO = Decimal(0)
MAX_ATTEMPTS = 5  # a chunk that keeps killing its worker is not tried for ever


class ChunkGaveUp(Exception):
    """A chunk was started too many times without finishing."""


class ChunkRun:
    """The state of validating one chunk: what it found, saw and summed."""

    def __init__(self, submission: Submission, resolver=None, rules_cache=None):
        self.submission = submission
        self.licensee_id = submission.licensee_id
        self.resolver = resolver or RulesResolver()
        self.rules = rules_cache or GameRulesCache()
        #: each finding with its round's place (venue, table, game, played_at), None if rejected
        self.findings: list[tuple[Finding, tuple | None]] = []
        #: (venue, table, round, line, played_at, game) of every round read
        self.seen: list[tuple] = []
        self.totals: dict[tuple, list] = defaultdict(lambda: [0, 0, ZERO, ZERO, ZERO])
        self.lines = self.rounds = self.rejected = 0

    def line(self, number: int, raw) -> None:
        self.lines += 1
        if raw is TOO_LONG:
            self._reject(Finding(number, "", "line_too_long", "line exceeds 1 MiB", HANDLOG_FORMAT))
            return
        if not raw.strip():
            self.lines -= 1  # blank lines are ignored
            return
        try:
            parsed = parse_line(raw, number)
        except Rejected as rejected:
            self._reject(rejected.finding)
            return
        self.rounds += 1
        place = (parsed.venue, parsed.table, parsed.game, parsed.played_at)
        self.seen.append(place + (parsed.round, parsed.line))
        self._count(parsed)
        for finding in self._check(parsed):
            self.findings.append((finding, place))

    def _reject(self, finding: Finding) -> None:
        self.rejected += 1
        self.findings.append((finding, None))

    def _check(self, parsed: ParsedRound) -> list[Finding]:
        answer = self.resolver.resolve(
            venue=parsed.venue,
            table=parsed.table,
            game=parsed.game,
            options=parsed.options,
            at=parsed.played_at,
        )
        if answer.venue is not None and answer.venue.licensee_id != self.licensee_id:
            return [
                Finding(
                    parsed.line,
                    parsed.round,
                    "venue_not_of_licensee",
                    f"{parsed.venue} is not a venue of the submitting licensee",
                    "registry: licensee venues",
                )
            ]
        if not answer.in_force:
            return [
                Finding(
                    parsed.line,
                    parsed.round,
                    answer.reason_code,
                    answer.reason,
                    _approval_rule(answer),
                )
            ]
        return check_round(parsed, self.rules.for_answer(answer))

    def _count(self, parsed: ParsedRound) -> None:
        where = (parsed.venue, parsed.table, parsed.game)
        self.totals[(*where, "")][0] += 1  # rounds
        for seat in parsed.seats:
            results = dict(seat.results)
            if seat.hands is not None:
                results["main"] = sum((h.result for h in seat.hands), ZERO)
            for key, stake in seat.wagers.items():
                row = self.totals[(*where, key)]
                row[1] += 1
                row[2] += stake
                result = results.get(key, ZERO)
                row[3] += result
                if result > 0:
                    row[4] += result


def _approval_rule(answer) -> str:
    if answer.approval is not None:
        return answer.approval.reference
    return "registry: approvals and authorizations in force"


def chunk_validate(chunk: Chunk, run: ChunkRun | None = None) -> bool:
    """Validate ``chunk`` unless already done; True when this call did the work."""
    if Chunk.objects.filter(pk=chunk.pk, done=True).exists():
        return False
    Chunk.objects.filter(pk=chunk.pk).update(attempts=F("attempts") + 1)
    attempts = Chunk.objects.filter(pk=chunk.pk).values_list("attempts", flat=True).get()
    if attempts > MAX_ATTEMPTS:
        raise ChunkGaveUp(
            f"started {attempts - 1} times without finishing (lines from {chunk.first_line})"
        )
    submission = chunk.submission
    run = run or ChunkRun(submission)
    path = plain_path(submission)
    number = chunk.first_line
    for _, raw in read_lines(path, chunk.start_offset, chunk.end_offset):
        run.line(number, raw)
        number += 1
    _store(chunk, run)
    return True


@transaction.atomic
def _store(chunk: Chunk, run: ChunkRun) -> None:
    locked = Chunk.objects.select_for_update().get(pk=chunk.pk)
    if locked.done:  # another worker finished it first
        return
    write_findings(chunk, run.findings)
    write_rounds_seen(chunk, run.seen)
    _write_totals(chunk, run)
    Chunk.objects.filter(pk=chunk.pk).update(
        done=True,
        lines=run.lines,
        rounds=run.rounds,
        rejected=run.rejected,
        done_at=timezone.now(),
    )
    Submission.objects.filter(pk=chunk.submission_id).update(
        rounds_done=F("rounds_done") + run.rounds
    )


def _write_totals(chunk: Chunk, run: ChunkRun) -> None:
    over, under = defaultdict(lambda: ZERO), defaultdict(lambda: ZERO)
    for finding, place in run.findings:
        if place is not None and finding.code in ("overpaid", "underpaid"):
            key = (*place[:3], finding.key)
            target = over if finding.code == "overpaid" else under
            target[key] += abs(finding.recorded - finding.expected)
    ChunkTotal.objects.bulk_create(
        ChunkTotal(
            chunk=chunk,
            venue=v,
            table=t,
            game=g,
            wager_key=k,
            rounds=row[0],
            wagers=row[1],
            wagered=row[2],
            net_result=row[3],
            paid_out=row[4],
            overpaid=over[(v, t, g, k)],
            underpaid=under[(v, t, g, k)],
        )
        for (v, t, g, k), row in run.totals.items()
    )
