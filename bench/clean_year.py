"""A clean year of the demo venue, dealt by the project's generator and validated month by
month as a licensee would send it: how many deviations monitoring keeps (issue 53: at most
two).

``.venv/bin/python bench/clean_year.py [--year 2025] [--seed 53] [--months 12]``

Runs on its own SQLite database (``var/clean-year.sqlite3``, made afresh): migrates, loads
the Washington and demo registry files, then for each month deals 28 gaming days of every
authorization of the demo venue (all three games) with ``--fault-rate 0`` (nothing planted)
and validates the file.  Prints each month's standing and, at the end, every deviation kept
in the months' latest tests.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VAR = ROOT / "var" / "clean-year"


def _manage(*args: str, env: dict) -> None:
    done = subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True)  # fmt: skip
    if done.returncode not in (0, 1):  # 1: findings (none expected, but not a failure here)
        sys.exit(f"manage.py {' '.join(args)} failed:\n{done.stdout}\n{done.stderr}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--year", type=int, default=2025)
    parser.add_argument("--seed", type=int, default=53)
    parser.add_argument("--months", type=int, default=12)
    args = parser.parse_args()
    VAR.mkdir(parents=True, exist_ok=True)
    database = VAR / "db.sqlite3"
    database.unlink(missing_ok=True)
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{database}",
           "DJANGO_LOG_LEVEL": "WARNING"}  # fmt: skip
    _manage("migrate", "--noinput", env=env)
    _manage("load_registry", "data/registry/washington.yaml", "data/registry/demo.yaml", env=env)
    start = time.perf_counter()
    for month in range(1, args.months + 1):
        path = VAR / f"{args.year}-{month:02d}.jsonl"
        first = f"{args.year}-{month:02d}-01"
        seed = str(args.seed + month)
        _manage("generate_handlog", str(path), "--start", first, "--days", "28",
                "--fault-rate", "0", "--seed", seed, env=env)  # fmt: skip
        _manage("validate_handlog", str(path), env=env)
        took = time.perf_counter() - start
        print(f"{args.year}-{month:02d} validated ({took:.0f} s)", flush=True)
    os.environ.update(env)
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "compliance.settings")
    import django

    django.setup()
    from audits.monitoring.deviations import latest_month_tests
    from audits.monitoring.models import Deviation

    tests = list(latest_month_tests().order_by("month"))
    kept = Deviation.objects.filter(test__in=[t.pk for t in tests]).order_by("last_day")
    for test in tests:
        print(f"{test.month:%Y-%m}: {test.tests:,} holds tested, {test.flagged} flagged")
    for d in kept:
        print(f"  {d.period} {d.first_day}..{d.last_day} {d.table or 'venue'} {d.game} "
              f"{d.wager_key}: hold {d.observed_hold:.2%} par {d.theoretical_hold:.2%} "
              f"p {d.p_value:.3g} ({d.method})")  # fmt: skip
    print(f"deviations in the clean year: {kept.count()} "
          f"({time.perf_counter() - start:.0f} s)")  # fmt: skip


if __name__ == "__main__":
    main()
