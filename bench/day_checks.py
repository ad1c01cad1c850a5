"""Every gaming day's hold checks of the ledger computed again, timed by the distribution's path.

    export DATABASE_URL=postgresql://postgres@127.0.0.1:5432/compliance_bench
    .venv/bin/python bench/steps.py var/bench/tie-bonus-any-300000.jsonl   # its ledger
    .venv/bin/python bench/day_checks.py --repeat 3

For each venue with ledger lines, each day's checks as a submission's finish computes them
(:func:`audits.monitoring.deviations.hold_checks`, the tested lines only), in this process,
best of ``--repeat`` rounds (the first also warms what a worker keeps: the sheets' spectra);
each distribution's time is added to its path's: a wager won or lost summed as its points
(``points``), the surviving frequencies (``sparse``), the grid whole (``whole``) or in its own
memory (``large``), by the grid's size.
"""

from __future__ import annotations

import argparse
import collections
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=3)
    repeat = parser.parse_args().repeat
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "compliance.settings")
    import django

    django.setup()
    from audits.monitoring import day_checks
    from audits.monitoring.deviations import hold_checks
    from audits.monitoring.models import LedgerDay
    from audits.par import lattice
    from games.models import Venue

    spent: collections.Counter = collections.Counter()
    counted: collections.Counter = collections.Counter()
    lattice_of = lattice.Lattice.of.__func__

    def timed_of(cls, groups):
        start = time.perf_counter()
        found = lattice_of(cls, groups)
        path = _path(lattice, found)
        spent[path] += time.perf_counter() - start
        counted[path] += 1
        return found

    lattice.Lattice.of = classmethod(timed_of)
    best = None
    for _ in range(repeat):
        spent.clear()
        counted.clear()
        start, checks = time.perf_counter(), 0
        for venue in Venue.objects.filter(code__in=LedgerDay.objects.values("venue")):
            days = sorted(set(LedgerDay.objects.filter(venue=venue.code)
                              .values_list("gaming_day", flat=True)))  # fmt: skip
            lines = day_checks._day_lines(venue, days[0], days[-1])
            shared: dict = {}
            for day in days:
                checks += len(hold_checks(venue, day, day, shared, tested_only=True,
                                          lines=lines.get(day, [])))  # fmt: skip
        took = time.perf_counter() - start
        if best is None or took < best[0]:
            best = (took, checks, dict(spent), dict(counted))
    took, checks, spent_best, counted_best = best
    print(f"{checks} checks in {took:.3f} s ({1000 * took / max(checks, 1):.2f} ms a check)")
    for path in sorted(spent_best):
        print(f"  {path:16} {counted_best[path]:5} distributions {spent_best[path]:7.3f} s")


def _path(lattice, found) -> str:
    if found is None:
        return "normal"
    if found.spectrum is None:
        kind = "large" if found.size >= lattice.LARGE_GRID else "whole"
    else:
        kind = "sparse" if isinstance(found.spectrum, lattice.Spectrum) else "points"
    return f"{kind} 2^{found.size.bit_length() - 1}" if kind != "points" else kind


if __name__ == "__main__":
    main()
