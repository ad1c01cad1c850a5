"""Where one validation's time goes: each step's wall time, for one log, in this process.

    export DATABASE_URL=postgresql://postgres@127.0.0.1:5432/compliance_bench
    .venv/bin/python manage.py flush --noinput
    .venv/bin/python manage.py load_registry data/registry/washington.yaml data/registry/demo.yaml
    .venv/bin/python bench/steps.py var/bench/toss-one-3-any-1000000.jsonl

On a database with the registry and none of the log's rounds (else the finish reports each
as submitted before, and its time is theirs), the log is stored as a new submission of the
demo licensee DEMO-0001 and validated as ``make bench`` does (after what a worker does as it
starts, :setting:`AUDITS_WORKER_WARM`, timed apart), each step's function wrapped in a
timer.  The steps nest: the screen includes the reader and the counting.  With ``--again``
the same rounds are then sent again as another file (one byte more), every round a
duplicate: what a careless resend costs the finish.
"""

from __future__ import annotations

import argparse
import collections
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SPENT: collections.Counter = collections.Counter()


def _wrapped(step, label: str):
    """``step``, its time added to ``SPENT[label]`` at each call."""

    def timed(*args, **kwargs):
        start = time.perf_counter()
        try:
            return step(*args, **kwargs)
        finally:
            SPENT[label] += time.perf_counter() - start

    return timed


def _timed(owner, name: str, label: str) -> None:
    setattr(owner, name, _wrapped(getattr(owner, name), label))


def chunk_steps_timed() -> None:
    """The steps of reading a chunk, each timed into :data:`SPENT` (Django set up)."""
    from audits.submissions.run import chunk_run, fast_path

    _timed(fast_path, "_batch", "the reader (lines into columns)")
    _timed(fast_path.FastPath, "screen", "the screen, reader and counting included")
    _timed(fast_path.FastPath, "_count", "counting the clean rounds")
    _timed(chunk_run.ChunkRun, "_exact", "the exact path (the lines left to it)")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("log", type=Path)
    parser.add_argument("--again", action="store_true",
                        help="then the same rounds sent again (one byte more), every one a "
                             "duplicate, in the same process")  # fmt: skip
    args = parser.parse_args()
    log = args.log
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "compliance.settings")
    import django

    django.setup()
    from audits.submissions import storage, submissions
    from audits.submissions.run import chunk
    from bench.workload_process import worker_started
    from games.models import Licensee

    chunk_steps_timed()
    _timed(chunk, "write_findings", "writing findings")
    _timed(chunk, "write_objects", "writing totals, dealers and seats")
    _timed(chunk, "write_round_keys", "writing round keys")
    _timed(submissions, "submission_finish", "the finish")
    from audits.monitoring import day_checks, deviations, month_tests
    from audits.submissions import finish

    _timed(finish, "_duplicates", "  finish: duplicates across the file")
    _timed(month_tests, "days_checks", "  finish: each gaming day's hold checks")
    _timed(month_tests, "hold_checks", "  finish: the month's and year's hold checks")
    _timed(day_checks, "hold_checks", "    of which computed afresh")
    _timed(deviations, "pooled_check", "  finish: a period's tables pooled")
    for hooks in (finish.FINISH_HOOKS.merged, finish.FINISH_HOOKS.done):
        hooks[:] = [_wrapped(hook, f"  finish: {hook.__name__}") for hook in hooks]
    licensee = Licensee.objects.get(license_number="DEMO-0001")
    warmed = worker_started()  # as a worker starts, timed apart (as the bench does)
    with open(log, "rb") as stream:
        _validate(storage, submissions, licensee, stream, log.name)
    print(f"{'(the worker start before it, not counted)':44} {warmed:6.2f} s")
    _report()
    if args.again:
        print("-- the same rounds sent again (one byte more: another file), every one a duplicate")
        with open(log, "rb") as stream:
            _validate(storage, submissions, licensee, _Then(stream, b"\n"), f"again-{log.name}")
        _report()


class _Then:
    """A stream's bytes, then ``more``: a file one byte longer, not copied."""

    def __init__(self, stream, more: bytes):
        self.stream, self.more = stream, more

    def read(self, size: int = -1) -> bytes:
        block = self.stream.read(size)
        if not block:
            block, self.more = self.more, b""
        return block


def _validate(storage, submissions, licensee, stream, name: str) -> None:
    SPENT.clear()
    start = time.perf_counter()
    submission, _ = storage.submission_store(stream, original_name=name, licensee=licensee)
    SPENT["storing the upload"] = time.perf_counter() - start
    start = time.perf_counter()
    submission = submissions.submission_validate_now(submission)
    SPENT["validating, in all"] = time.perf_counter() - start
    SPENT[f"{submission.rounds_total:,} rounds"] = 0.0


def _report() -> None:
    for label, seconds in SPENT.most_common():
        print(f"{label:44} {seconds:6.2f} s" if seconds else label)


if __name__ == "__main__":
    main()
