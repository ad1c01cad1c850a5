"""``make bench`` part 2: a 1-million-round Toss One 21 log, validated end to end.

Generates the log (3 seats, about 1% faulty rounds), then measures in one
process, as one worker would: file on disk -> stored submission -> findings
and totals in the database (PostgreSQL when reachable, else SQLite), and the
same file's bare parse time (orjson, no validation).  Prints rounds per
second, the ratio to the bare parse, and the peak resident memory.

With ``--workers N`` (PostgreSQL and Redis needed) the same file is then
validated again as production does it: a real ``celery worker`` with N
processes takes the chunks from Redis, from the submission's task to its
finish; this shows what adding worker processes adds.

    .venv/bin/python bench/validation.py [--rounds N] [--workers N] [--database-url URL]
"""

from __future__ import annotations

import argparse
import os
import resource
import secrets
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PG_ADMIN = "postgresql://postgres@127.0.0.1:5432/postgres"
PG_BENCH = "postgresql://postgres@127.0.0.1:5432/compliance_bench"
PRODUCTION = {
    "DJANGO_DEBUG": "false",
    "DJANGO_SECRET_KEY": secrets.token_urlsafe(64),
    "DJANGO_ALLOWED_HOSTS": "localhost",
}


def manage(*args: str, env: dict) -> None:
    subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=env, check=True)


def fresh_database(url: str | None, workdir: Path) -> str:
    if url is None:
        ok = subprocess.run([sys.executable, "scripts/pg_available.py", PG_ADMIN], cwd=ROOT)
        url = PG_BENCH if ok.returncode == 0 else f"sqlite:///{workdir}/bench.sqlite3"
    if url.startswith("postgres"):
        import psycopg

        name = url.rsplit("/", 1)[1]
        with psycopg.connect(PG_ADMIN, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}"')
            conn.execute(f'CREATE DATABASE "{name}"')
    return url


def bare_parse_seconds(path: Path) -> float:
    import orjson

    start = time.perf_counter()
    with open(path, "rb") as f:
        for line in f:
            try:
                orjson.loads(line)
            except orjson.JSONDecodeError:
                pass
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=1_000_000)
    parser.add_argument("--database-url")
    parser.add_argument("--workers", type=int, default=0, help="also run N Celery processes")
    parser.add_argument("--log", type=Path, help="validate this log instead of generating one")
    args = parser.parse_args()
    workdir = Path(tempfile.mkdtemp(prefix="bench-validation-"))
    url = fresh_database(args.database_url, workdir)
    env = {
        **os.environ,
        "DATABASE_URL": url,
        "MEDIA_ROOT": str(workdir / "media"),
        **PRODUCTION,  # as a worker runs: no query log, no debug
    }
    print(f"database: {url.split('@')[-1]}; work folder: {workdir}")
    manage("migrate", "-v0", env=env)
    manage("load_registry", "data/registry/washington.yaml", "data/registry/demo.yaml", env=env)
    log = args.log or workdir / "bench.jsonl"
    if args.log is None:
        manage("generate_handlog", str(log), "--rounds", str(args.rounds), "--start",
               "2026-10-01", env=env)  # fmt: skip
    parse = bare_parse_seconds(log)
    os.environ.update(DATABASE_URL=url, MEDIA_ROOT=env["MEDIA_ROOT"], **PRODUCTION)
    rounds, seconds, findings = validate(log)
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"bare parse (orjson):  {parse:8.1f} s  {rounds / parse:>10,.0f} lines/s")
    print(
        f"end to end (1 proc):  {seconds:8.1f} s  {rounds / seconds:>10,.0f} rounds/s  "
        f"({seconds / parse:.1f} x the bare parse)"
    )
    print(f"findings stored: {findings:,}; peak resident memory {peak_mb:,.0f} MB")
    if args.workers:
        from bench.celery_run import unavailable, validate_with_workers

        reason = unavailable(url)
        if reason:
            print(f"SKIPPED: the Celery run ({reason})")
            return
        seconds = validate_with_workers(log, args.workers, env)
        print(
            f"end to end ({args.workers} Celery worker processes): {seconds:8.1f} s  "
            f"{rounds / seconds:>10,.0f} rounds/s"
        )


def validate(log: Path) -> tuple[int, float, int]:
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "compliance.settings")
    import django

    django.setup()
    from audits.services.storage import submission_store
    from audits.services.submissions import submission_validate_now
    from games.models import Licensee

    licensee = Licensee.objects.get(license_number="DEMO-0001")
    start = time.perf_counter()
    with open(log, "rb") as stream:
        submission, _ = submission_store(stream, original_name=log.name, licensee=licensee)
    submission = submission_validate_now(submission)
    seconds = time.perf_counter() - start
    return submission.rounds_total, seconds, submission.finding_count


if __name__ == "__main__":
    main()
