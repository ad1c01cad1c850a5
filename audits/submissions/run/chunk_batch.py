"""Validating the waiting chunks of one submission together: a live gaming day's posts.

A post of one round costs a worker nearly what a post of fifty does: the run's start (the
rules in force), the screen's fixed work, the store's queries and its commit.  So a task
names one post's chunk and claims it with the day's other chunks still waiting (at most
``most``), reads their lines as one run, and stores them in one transaction: each finding
with the chunk of its line, the counts, totals and rounds read on the first chunk
(:func:`~audits.submissions.run.chunk.chunks_run_store`).  A task that finds its chunk done,
or held by another worker, still takes the posts waiting.

Exactly once, whatever dies: a claim counts an attempt on each chunk and commits; the
chunks are then locked, those done meanwhile left out, validated and stored in one
transaction.  A worker killed mid-run leaves its chunks undone and unlocked, each with an
attempt counted: such a chunk is never taken into another run, but validated alone by its
own task (or by the beat's resend) under the cap on attempts (:func:`chunk_validate`).
"""

from __future__ import annotations

import gc

from django.db import connection, transaction
from django.db.models import F

from audits.submissions.models import Chunk
from audits.submissions.run.chunk import (
    chunk_validate,
    chunks_run_store,
    commit_without_waiting_for_the_disk,
)
from audits.submissions.run.chunk_run import ChunkRun
from audits.submissions.run.files import plain_path
from audits.submissions.run.lines import read_blocks
from audits.submissions.run.rules_context import run_reading
from audits.validation.screen.readiness import compiling_refused


def chunks_validate_together(chunk: Chunk, most: int) -> list[Chunk]:
    """Validate ``chunk`` and the other chunks of its submission waiting for a worker, at
    most ``most`` in one run; the chunks this call validated.  When ``chunk`` itself cannot
    join the run (done, tried before, or held by another worker now), the others still
    do, and it is validated alone unless done or held.  Runs follow one another while
    ``most`` were waiting: no message is needed for the posts left over."""
    claimed, named = _claim(chunk, most)
    validated = [] if named or chunk.done else _alone(chunk)
    while claimed:
        validated += _validate_claimed(chunk, claimed)
        claimed = _claim(chunk, most)[0] if len(claimed) == most else []
    return validated


def _claim(chunk: Chunk, most: int) -> tuple[list[int], bool]:
    """The chunk (first) and the submission's other chunks never tried and free (no other
    worker holds them), in index order, an attempt counted on each and committed; and
    whether the chunk itself is among them."""
    with transaction.atomic():
        commit_without_waiting_for_the_disk()  # an attempt lost in a crash is not needed
        free = Chunk.objects.select_for_update(skip_locked=True).filter(
            submission_id=chunk.submission_id, done=False, attempts=0
        )
        named = list(free.filter(pk=chunk.pk).values_list("pk", flat=True))
        others = free.exclude(pk=chunk.pk).order_by("index").values_list("pk", flat=True)
        claimed = named + list(others[: most - len(named)])
        Chunk.objects.filter(pk__in=claimed).update(attempts=F("attempts") + 1)
    return claimed, bool(named)


def _alone(chunk: Chunk) -> list[Chunk]:
    """A chunk that is not free for a run: nothing while another worker holds it (it is
    validating it now); else alone, under the cap on attempts (done: nothing)."""
    if _held_elsewhere(chunk):
        return []
    return [chunk] if chunk_validate(chunk) else []


def _held_elsewhere(chunk: Chunk) -> bool:
    if connection.vendor != "postgresql":
        return False  # the embedded database: one writer at a time
    with transaction.atomic():
        free = Chunk.objects.select_for_update(skip_locked=True).filter(pk=chunk.pk)
        return not list(free.values_list("pk", flat=True))


def _validate_claimed(chunk: Chunk, claimed: list[int]) -> list[Chunk]:
    with transaction.atomic():
        commit_without_waiting_for_the_disk()
        locked = Chunk.objects.select_for_update().filter(pk__in=claimed, done=False)
        chunks = list(locked.order_by("index"))  # those done meanwhile (alone) left out
        if not chunks:
            return []
        submission = chunk.submission
        run = ChunkRun(submission, *run_reading(submission))
        with compiling_refused():  # a validation compiles no kernel (readiness)
            _read_into(run, chunks, plain_path(submission))
            run.close()
            chunks_run_store(chunks, run)
    return chunks


def _read_into(run: ChunkRun, chunks: list[Chunk], path) -> None:
    """The chunks' lines, each stretch of chunks that follow one another in the file read as
    one range (a post's lines follow the previous post's, in bytes and in numbers)."""
    collecting = gc.isenabled()
    gc.disable()  # as a chunk's own run: many small objects, none in cycles
    try:
        for first, start, end in _stretches(chunks):
            number = first
            for block in read_blocks(path, start, end):
                run.feed(number, block)
                number += len(block)
    finally:
        if collecting:
            gc.enable()


def _stretches(chunks: list[Chunk]) -> list[tuple[int, int, int]]:
    """``(first line, start, end)`` of each run of chunks, in index order, where one chunk
    ends where the next starts."""
    stretches: list[list[int]] = []
    for chunk in chunks:
        if stretches and stretches[-1][2] == chunk.start_offset:
            stretches[-1][2] = chunk.end_offset
        else:
            stretches.append([chunk.first_line, chunk.start_offset, chunk.end_offset])
    return [tuple(s) for s in stretches]
