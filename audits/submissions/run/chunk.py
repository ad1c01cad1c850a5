"""Validating one chunk: parse, resolve the rules in force, check, and store it all at once.

A chunk's findings, seen rounds and totals are written in one transaction
together with its ``done`` flag, so a worker that dies mid-chunk leaves
nothing behind and the chunk is simply validated again (idempotent).
"""

from __future__ import annotations

import gc
import logging
from collections import Counter

from django.db import connection, transaction
from django.db.models import F
from django.utils import timezone

from audits.submissions.models import Chunk, ChunkDealer, ChunkSeat, ChunkTotal, Submission
from audits.submissions.run.bulk import write_findings, write_objects, write_round_keys
from audits.submissions.run.chunk_run import ChunkRun
from audits.submissions.run.counted import counted_rows
from audits.submissions.run.files import plain_path
from audits.submissions.run.lines import read_blocks
from audits.submissions.run.rules_context import run_reading
from audits.validation.screen.readiness import compiling_refused

log = logging.getLogger(__name__)

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
    with compiling_refused():  # a validation compiles no kernel (readiness)
        _read(chunk, run, plain_path(submission))
        _store(chunk, run)
    log.info(
        "chunk %d validated: %d lines, %d rounds, %d finding(s), %d rejected",
        chunk.index, run.lines, run.rounds, len(run.found), run.rejected,
    )  # fmt: skip
    return True


def _read(chunk: Chunk, run: ChunkRun, path) -> None:
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


@transaction.atomic
def _store(chunk: Chunk, run: ChunkRun) -> None:
    commit_without_waiting_for_the_disk()
    locked = Chunk.objects.select_for_update().get(pk=chunk.pk)
    if locked.done:  # another worker finished it first
        return
    chunks_run_store([chunk], run)


def chunks_run_store(chunks: list[Chunk], run: ChunkRun) -> None:
    """What ``run`` found in ``chunks`` (of one submission, in line order, locked by the
    caller's transaction), stored and the chunks marked done.  Each finding goes to the
    chunk of its line; the counts, totals and rounds read go to the first chunk, and the
    others name it (``validated_in``)."""
    carrier = chunks[0]
    write_round_keys(carrier, run.read)
    _write_totals(carrier, run)
    unstored = _write_findings_within_the_cap(chunks, run)
    first_played, last_played = run.read.played_range()
    now = timezone.now()
    Chunk.objects.filter(pk=carrier.pk).update(
        done=True,
        lines=run.lines,
        rounds=run.rounds,
        rejected=run.rejected,
        findings_unstored=dict(unstored),
        rounds_with_findings=run.found.rounds_with_findings,
        done_at=now,
        first_played_at=first_played,
        last_played_at=last_played,
    )
    if len(chunks) > 1:
        Chunk.objects.filter(pk__in=[c.pk for c in chunks[1:]]).update(
            done=True, done_at=now, validated_in=carrier
        )


def _write_findings_within_the_cap(chunks: list[Chunk], run: ChunkRun) -> Counter:
    """Store the chunks' findings while the submission holds fewer than it may store
    (:setting:`AUDITS_FINDINGS_STORED`); the rest are counted by code.  The submission's row
    is locked from here to the commit, so chunks finishing at once share the room."""
    submission_id = chunks[0].submission_id
    stored = _findings_stored_in_the_cap(submission_id)
    room = max(0, run.found.most - stored)
    kept, over = run.found.kept[:room], run.found.kept[room:]
    write_findings(chunks, kept)
    Submission.objects.filter(pk=submission_id).update(
        rounds_done=F("rounds_done") + run.rounds,
        findings_stored=F("findings_stored") + len(kept),
    )
    return run.found.unstored + Counter(finding.code for finding, _ in over)


def _findings_stored_in_the_cap(submission_id: int) -> int:
    """The findings stored by the submissions sharing this one's cap (itself alone, or its
    ``findings_cap_group``), their rows locked in one order to the commit."""
    group = Submission.objects.filter(pk=submission_id).values_list("findings_cap_group",
                                                                    flat=True)  # fmt: skip
    group = group.first() or ""
    sharing = Submission.objects.filter(findings_cap_group=group) if group else (
        Submission.objects.filter(pk=submission_id))  # fmt: skip
    rows = sharing.select_for_update().order_by("pk").values_list("findings_stored", flat=True)
    return sum(rows)


def commit_without_waiting_for_the_disk() -> None:
    """A chunk's commit need not wait for the disk (PostgreSQL ``synchronous_commit=off``):
    should the server crash in the next moment and lose it, the chunk is simply not done and
    is validated again.  Nothing can be half stored: it is one transaction either way."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SET LOCAL synchronous_commit TO OFF")


def _write_totals(chunk: Chunk, run: ChunkRun) -> None:
    rows = counted_rows(run)
    write_objects(ChunkDealer, (ChunkDealer(chunk=chunk, **row) for row in rows.dealers))
    write_objects(ChunkSeat, (ChunkSeat(chunk=chunk, **row) for row in rows.seats))
    write_objects(ChunkTotal, (ChunkTotal(chunk=chunk, **row) for row in rows.totals))
