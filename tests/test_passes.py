"""``make test``'s two passes (scripts/test.sh, conftest.py ``--database-buckets``) run every
test: together they collect what one pass alone collects, and only the tests marked
``both_databases`` twice; a test that needs PostgreSQL is the PostgreSQL pass's alone."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: folders with every kind: no database, database, PostgreSQL only, both databases (and quick
#: to collect: tests/compliance, with test_odd_values marked for both, takes twice as long)
FOLDERS = ["tests/audits/live", "tests/audits/tasks"]


def _collected(database_url: str, *options: str) -> set[str]:
    env = {**os.environ, "DATABASE_URL": database_url}
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--collect-only",
         *options, *FOLDERS],
        cwd=ROOT, env=env, capture_output=True, text=True, check=True, timeout=300,
    )  # fmt: skip
    return {line for line in done.stdout.splitlines() if "::" in line}


def test_the_two_passes_run_every_test_once_but_those_marked_for_both():
    sqlite, postgres = "sqlite:////tmp/passes.sqlite3", "postgresql://nobody@127.0.0.1:1/none"
    every = _collected(sqlite)
    first = _collected(sqlite, "--database-buckets=0-4")
    second = _collected(postgres, "--database-tests-only", "--database-buckets=5-9")
    assert first | second == every
    twice = first & second
    assert twice and all("test_round_times" in t for t in twice)
    only_postgres = [t for t in every if "tests/audits/tasks/test_worker.py" in t]
    assert only_postgres and not set(only_postgres) & first
    assert first - second and second - first  # both share the work
