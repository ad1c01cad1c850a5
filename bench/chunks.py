"""A log's chunks validated in memory, again and again in one process: the chunk pipeline's
steady state (the reader, the screen, its counting, the exact path), nothing stored and no
finish, each step's least time over the runs.

    export DATABASE_URL=postgresql://postgres@127.0.0.1:5432/compliance_bench
    .venv/bin/python manage.py flush --noinput
    .venv/bin/python manage.py load_registry data/registry/washington.yaml data/registry/demo.yaml
    .venv/bin/python bench/chunks.py var/bench/toss-one-3-any-300000-7days.jsonl --runs 5

The log is stored as a new submission of the demo licensee DEMO-0001 and split into chunks as
a run splits it; after what a worker does as it starts, each run reads and judges every chunk
with a fresh :class:`~audits.submissions.run.chunk_run.ChunkRun` sharing the run's registry
answers, as :func:`~audits.submissions.submissions.submission_validate_now` does.  The first
run learns what a worker learns once (the classes' verdicts, the engine's answers); the least
of the runs is the cost of a chunk to a worker that has validated such logs before.  The
steps nest as in ``bench/steps.py``.  Two versions of the code compare by running this on each
in turn, the same log, several times.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("log", type=Path)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT))
    from bench.workload_process import _django, worker_started

    _django()
    from audits.submissions import storage
    from audits.submissions.run import chunk, chunk_run, submission_prepare
    from audits.submissions.run.files import plain_path
    from audits.submissions.run.rules_context import run_reading
    from audits.validation.screen import game
    from bench.steps import SPENT, _timed, chunk_steps_timed
    from games.models import Licensee

    chunk_steps_timed()
    _timed(game.GameScreen, "screen", "the game's screen (classes, checks, amounts)")
    licensee = Licensee.objects.get(license_number="DEMO-0001")
    with open(args.log, "rb") as stream:
        submission, _ = storage.submission_store(stream, original_name=f"chunks-{time.time()}",
                                                 licensee=licensee)  # fmt: skip
    submission_prepare(submission)
    submission.refresh_from_db()
    chunks, path = list(submission.chunks.order_by("index")), plain_path(submission)
    worker_started()
    reading, least = run_reading(submission), defaultdict(lambda: float("inf"))
    for run in range(args.runs):
        SPENT.clear()
        start = time.perf_counter()
        for part in chunks:
            chunk._read(part, chunk_run.ChunkRun(submission, *reading), path)
        SPENT["every chunk, in all"] = time.perf_counter() - start
        print(f"run {run + 1}: {SPENT['every chunk, in all']:.3f} s")
        for label, seconds in SPENT.items():
            least[label] = min(least[label], seconds)
    print(f"the least of {args.runs} runs, {sum(c.end_offset - c.start_offset for c in chunks):,} "
          f"bytes in {len(chunks)} chunks:")  # fmt: skip
    for label, seconds in sorted(least.items(), key=lambda item: -item[1]):
        print(f"{label:48} {seconds:6.3f} s")


if __name__ == "__main__":
    main()
