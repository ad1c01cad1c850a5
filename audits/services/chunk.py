"""Validating one chunk: parse, resolve the rules in force, check, and store it all at once.

A chunk's findings, seen rounds and totals are written in one transaction
together with its ``done`` flag, so a worker that dies mid-chunk leaves
nothing behind and the chunk is simply validated again (idempotent).
"""

from __future__ import annotations

import gc
import logging
from collections import defaultdict
from decimal import Decimal

from django.db import connection, transaction
from django.db.models import F
from django.utils import timezone

from audits.models import Chunk, ChunkDealer, ChunkSeat, ChunkTotal, Submission
from audits.models.dealers import SEATS

from .bulk import write_findings, write_objects, write_round_keys
from .chunk_run import ChunkRun
from .lines import read_blocks
from .rules_context import run_reading
from .storage import plain_path

log = logging.getLogger(__name__)

ZERO = Decimal(0)
MAX_ATTEMPTS = 5  # a chunk that keeps killing its worker is not tried for ever


class ChunkGaveUp(Exception):
    """A chunk was started too many times without finishing."""


def chunk_validate(chunk: Chunk, run: ChunkRun | None = None) -> bool:
    """Validate ``chunk`` unless already done; True when this call did the work."""
    if Chunk.objects.filter(pk=chunk.pk, done=True).exists():
        return False
    Chunk.objects.filter(pk=chunk.pk).update(attempts=F("attempts") + 1)
    attempts = Chunk.objects.filter(pk=chunk.pk).values_list("attempts", flat=True).get()
    if attempts > MAX_ATTEMPTS:
        log.error("chunk %d started %d times without finishing", chunk.index, attempts - 1)
        raise ChunkGaveUp(
            f"started {attempts - 1} times without finishing (lines from {chunk.first_line})"
        )
    submission = chunk.submission
    run = run or ChunkRun(submission, *run_reading(submission))
    path = plain_path(submission)
    number = chunk.first_line
    collecting = gc.isenabled()
    gc.disable()  # a chunk makes ~10 objects a line, none in cycles: no collection needed
    try:
        for lines in read_blocks(path, chunk.start_offset, chunk.end_offset):
            run.feed(number, lines)
            number += len(lines)
    finally:
        if collecting:
            gc.enable()
    run.close()
    _store(chunk, run)
    log.info(
        "chunk %d validated: %d lines, %d rounds, %d finding(s), %d rejected",
        chunk.index, run.lines, run.rounds, len(run.findings), run.rejected,
    )  # fmt: skip
    return True


@transaction.atomic
def _store(chunk: Chunk, run: ChunkRun) -> None:
    _commit_without_waiting_for_the_disk()
    locked = Chunk.objects.select_for_update().get(pk=chunk.pk)
    if locked.done:  # another worker finished it first
        return
    write_findings(chunk, run.findings)
    write_round_keys(chunk, run.read)
    _write_totals(chunk, run)
    first_played, last_played = run.read.played_range()
    Chunk.objects.filter(pk=chunk.pk).update(
        done=True,
        lines=run.lines,
        rounds=run.rounds,
        rejected=run.rejected,
        done_at=timezone.now(),
        first_played_at=first_played,
        last_played_at=last_played,
    )
    Submission.objects.filter(pk=chunk.submission_id).update(
        rounds_done=F("rounds_done") + run.rounds
    )


def _commit_without_waiting_for_the_disk() -> None:
    """A chunk's commit need not wait for the disk (PostgreSQL ``synchronous_commit=off``):
    should the server crash in the next moment and lose it, the chunk is simply not done and
    is validated again.  Nothing can be half stored: it is one transaction either way."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SET LOCAL synchronous_commit TO OFF")


def _write_totals(chunk: Chunk, run: ChunkRun) -> None:
    over, under = defaultdict(lambda: ZERO), defaultdict(lambda: ZERO)
    for finding, place in run.findings:
        if place is not None and finding.code in ("overpaid", "underpaid"):
            key = (place.venue, place.table, place.game, place.gaming_day, finding.key)
            target = over if finding.code == "overpaid" else under
            target[key] += abs(finding.recorded - finding.expected)
    write_objects(
        ChunkDealer,
        (
            ChunkDealer(chunk=chunk, venue=v[:40], table=t[:40], game=g[:60], gaming_day=day,
                        dealer=dealer, wager_key=k, **_sums(tally))  # fmt: skip
            for (v, t, g, day, dealer, k), tally in run.dealers.items()
            if day is not None
        ),
    )
    seated: dict[tuple, dict[str, int]] = defaultdict(dict)
    for (v, t, g, day, seat), played in run.seats.items():
        if day is not None:
            seated[(v[:40], t[:40], g[:60], day)][SEATS[seat - 1]] = played
    write_objects(
        ChunkSeat,
        (
            ChunkSeat(chunk=chunk, venue=v, table=t, game=g, gaming_day=day, **played)
            for (v, t, g, day), played in seated.items()
        ),
    )
    write_objects(
        ChunkTotal,
        (
            ChunkTotal(chunk=chunk, venue=v, table=t, game=g, gaming_day=day, wager_key=k,
                       paid_out=tally.paid_out, overpaid=over[(v, t, g, day, k)],
                       underpaid=under[(v, t, g, day, k)], **_sums(tally))  # fmt: skip
            for (v, t, g, day, k), tally in run.totals.items()
        ),
    )


def _sums(tally) -> dict:
    """The sums a chunk's totals and its dealers' rows both keep of a tally."""
    return {
        "rounds": tally.rounds,
        "wagers": tally.wagers,
        "wagered": tally.wagered,
        "net_result": tally.net_result,
        "stake_squares": tally.stake_squares,
    }
