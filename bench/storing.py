"""Storing an upload, again and again in one process: what the bench's "storing the upload"
is made of on this machine (the copy written, hashed and synced as written,
:func:`audits.submissions.storage._receive`), each time's wall clock and processor time,
user and system apart.

    .venv/bin/python bench/storing.py var/bench/toss-one-3-any-1000000.jsonl --times 3
    .venv/bin/python bench/storing.py var/bench/toss-one-3-any-300000-7days.jsonl --pause 10

The log is read through once first (from the page cache, as the bench's parse leaves it);
each copy is removed after it is timed, nothing is registered.  On the machine of
``docs/performance.md`` most of the first copy's time was the system's; the later copies are
written into the pages the copy before them freed.  ``--pause`` waits that long between
copies, and prints how much free memory the machine gave back to its host meanwhile where
the kernel reports free pages (a virtual machine's ``page_reporting``): a copy into memory
given back costs the host's first touch of every page again.
"""

from __future__ import annotations

import argparse
import os
import resource
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("log", type=Path)
    parser.add_argument("--times", type=int, default=3)
    parser.add_argument("--pause", type=float, default=0.0,
                        help="seconds to wait between copies")  # fmt: skip
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT))
    from bench.workload_process import _django

    _django()
    from audits.submissions import storage

    with open(args.log, "rb") as f:
        while f.read(1 << 24):
            pass
    size = args.log.stat().st_size
    for copy in range(1, args.times + 1):
        if copy > 1 and args.pause:
            given_back = _reported_kib()
            time.sleep(args.pause)
            if given_back is not None:
                print(f"  paused {args.pause:g} s: {(_reported_kib() - given_back) / 1024:,.0f} "
                      "MB of free memory given back to the host meanwhile")  # fmt: skip
        before, start = resource.getrusage(resource.RUSAGE_SELF), time.perf_counter()
        with open(args.log, "rb") as stream:
            name, *_ = storage._receive(stream, None)
        took, after = time.perf_counter() - start, resource.getrusage(resource.RUSAGE_SELF)
        os.unlink(name)
        print(f"copy {copy}: {size / 1e6:,.0f} MB in {took:.2f} s, user "
              f"{after.ru_utime - before.ru_utime:.2f} s, system "
              f"{after.ru_stime - before.ru_stime:.2f} s")  # fmt: skip


REPORTED = Path("/sys/module/page_reporting/parameters/reported_kib")


def _reported_kib() -> int | None:
    """The free memory this machine's kernel has reported to its host so far, if it does."""
    try:
        return int(REPORTED.read_text())
    except (OSError, ValueError):
        return None


if __name__ == "__main__":
    main()
