"""``make bench``: engine throughput and par-sheet timings.

Prints seats settled per second for each game and the time of a 6-deck Toss
One 21 par sheet, with the machine it ran on.  Each figure is the best of
several repeats on fixed, seeded deals.  Record them in docs/performance.md.
"""

from __future__ import annotations

import os
import platform
import random
import sys
import time
from decimal import Decimal
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.engine_cases import CASES  # noqa: E402
from games.engine.catalog import compute_parsheet  # noqa: E402

REPEATS = 3


def best_of(fn, repeats: int = REPEATS) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def machine() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo") as f:
            cpu = next(line.split(":", 1)[1].strip() for line in f if line.startswith("model name"))
    except (OSError, StopIteration):
        pass
    return f"{cpu}; {os.cpu_count()} cores; Python {platform.python_version()}"


def bench_settlement(seats: int = 100_000) -> None:
    rng = random.Random(2026)
    for name, (prepare, settle) in CASES.items():
        work = prepare(rng, seats)
        elapsed = best_of(lambda work=work, settle=settle: settle(work))
        print(
            f"  {name:<44} {seats / elapsed:>12,.0f} seats/s  {elapsed / seats * 1e6:6.2f} µs/seat"
        )


def bench_parsheets() -> None:
    for decks, sensitivity in ((6, False), (6, True), (1, False), (8, False)):
        elapsed = best_of(
            lambda d=decks, s=sensitivity: compute_parsheet("toss-one-21", d, sensitivity=s), 1
        )
        label = f"toss-one-21 par sheet, {decks} deck(s)" + (
            ", with open points" if sensitivity else ""
        )
        print(f"  {label:<44} {elapsed:>10.2f} s")


def main() -> None:
    print(f"machine: {machine()}")
    print("settlement (engine only, one seat against the dealer's hand):")
    bench_settlement()
    print("par sheets (exact):")
    bench_parsheets()
    _ = Decimal  # money stays Decimal throughout the benchmarks


if __name__ == "__main__":
    main()
