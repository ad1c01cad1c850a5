"""Storing an upload, again and again in one process: what the bench's "storing the upload"
is made of on this machine (the copy written, hashed and synced as written,
:func:`audits.submissions.storage._receive`), each time's wall clock and processor time,
user and system apart.

    .venv/bin/python bench/storing.py var/bench/toss-one-3-any-1000000.jsonl --times 3

The log is read through once first (from the page cache, as the bench's parse leaves it);
each copy is removed after it is timed, nothing is registered.  On the machine of
``docs/performance.md`` most of the first copy's time was the system's; the later copies are
written into the pages the copy before them freed.
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
        before, start = resource.getrusage(resource.RUSAGE_SELF), time.perf_counter()
        with open(args.log, "rb") as stream:
            name, *_ = storage._receive(stream, None)
        took, after = time.perf_counter() - start, resource.getrusage(resource.RUSAGE_SELF)
        os.unlink(name)
        print(f"copy {copy}: {size / 1e6:,.0f} MB in {took:.2f} s, user "
              f"{after.ru_utime - before.ru_utime:.2f} s, system "
              f"{after.ru_stime - before.ru_stime:.2f} s")  # fmt: skip


if __name__ == "__main__":
    main()
