"""The reader alone: a log's lines read into columns, a batch at a time, as a chunk reads them.

No database opened and no screen: the file split into lines as a chunk splits it
(:func:`~audits.submissions.run.lines.read_blocks`), each batch of ``BATCH`` lines
(``chunk_run.BATCH``) is read by
:func:`~audits.validation.screen.reader.read_lines` into the same columns, as the fast path
does, every wager key of every game read.  The kernel is loaded (or compiled) first, untimed;
the log is then read through ``--repeat`` times and the best and median times printed, beside
the lines per second of the best.  Two versions of the reader compare by running this on
each (their kernels are cached in a folder per version of the sources).

    .venv/bin/python bench/reader.py var/bench/tie-bonus-any-300000-7days.jsonl --repeat 5
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("log", type=Path)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "compliance.settings")
    import django

    django.setup()  # (the chunk's module reads its models; no database is opened)
    from audits.submissions.run.chunk_run import BATCH
    from audits.submissions.run.lines import read_blocks
    from audits.validation.screen import reader as rd
    from audits.validation.screen.keys import WagerKeys

    # the file's lines as a chunk finds them (untimed): blocks of its pages, then batches
    batches = [(np.frombuffer(block.data, np.uint8), block.starts[at : at + BATCH],
                block.ends[at : at + BATCH])
               for block in read_blocks(args.log, 0, args.log.stat().st_size)
               for at in range(0, len(block), BATCH)]  # fmt: skip
    lines = sum(len(starts) for _, starts, _ in batches)
    columns, keys = rd.Columns(), WagerKeys.with_defined([])
    rd.read_lines(*batches[0], columns, keys)  # the kernel loaded
    times = []
    for _ in range(args.repeat):
        start = time.perf_counter()
        for data, starts, ends in batches:
            rd.read_lines(data, starts, ends, columns, keys)
        times.append(time.perf_counter() - start)
    best = min(times)
    print(f"{args.log.name}: {lines:,} lines read in {best:.3f} s at best, "
          f"{statistics.median(times):.3f} s the median of {args.repeat} "
          f"({lines / best:,.0f} lines/s at best)")  # fmt: skip


if __name__ == "__main__":
    main()
