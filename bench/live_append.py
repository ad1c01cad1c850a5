"""Live rounds: how many rounds a second one process appends over the HTTP stack, with and
without validating each post, against validating the same rounds uploaded as one file (the
baseline, measured in the same run).

A fresh database (PostgreSQL when reachable, else SQLite) is migrated and loaded; a day of
the demo venue's play (the sample generator's faults, every table) is posted table by
table in batches of 1 to 50 rounds (seeded) through Django's test client: the whole
request path (URL, authentication, parsing, the append, the receipt) but no socket.

    .venv/bin/python bench/live_append.py [--rounds N] [--sqlite]

Prints rounds/s and each post's answer time (median and 99th percentile) for: the append
alone (validation left to workers), the append with each post validated in the same
process (what one worker-less process sustains), a worker's rate on posts waiting for it
(the day's one message, its posts validated each alone and then together:
``LIVE_VALIDATE_MOST_POSTS`` 1 and 200), and the file of the same lines validated whole.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import tempfile
import time
from datetime import datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
PG_ADMIN = "postgresql://postgres@127.0.0.1:5432/postgres"
PG_BENCH = "postgresql://postgres@127.0.0.1:5432/compliance_bench_live"


def _database(sqlite: bool, work: Path) -> str:
    if not sqlite:
        try:
            import psycopg

            with psycopg.connect(PG_ADMIN, autocommit=True) as conn:
                conn.execute("DROP DATABASE IF EXISTS compliance_bench_live WITH (FORCE)")
                conn.execute("CREATE DATABASE compliance_bench_live")
            return PG_BENCH
        except Exception as exc:  # no server: SQLite
            print(f"PostgreSQL not reachable ({type(exc).__name__}): SQLite")
    return f"sqlite:///{work / 'bench.sqlite3'}"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=6000)
    parser.add_argument("--sqlite", action="store_true")
    parser.add_argument("--stakes", default="any", choices=("any", "distinct", "few"),
                        help="any amount within the limits (default), every wager different, "
                        "or the demo's few amounts")  # fmt: skip
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="bench-live-"))
    os.environ.update(DATABASE_URL=_database(args.sqlite, work), MEDIA_ROOT=str(work / "media"),
                      DJANGO_SETTINGS_MODULE="compliance.settings", LOG_LEVEL="WARNING",
                      EMBEDDED_VALIDATION_THREAD="false",
                      DJANGO_ALLOWED_HOSTS="testserver")  # fmt: skip
    import django

    django.setup()
    import logging

    logging.getLogger("celery.app.trace").setLevel(logging.WARNING)  # a line per task
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    from games.registry_io import load_registry

    load_registry([ROOT / "data/registry/washington.yaml", ROOT / "data/registry/demo.yaml"])
    print(
        f"database: {os.environ['DATABASE_URL'].split('@')[-1]}; {args.rounds:,} rounds, "
        f"stakes {args.stakes}"
    )
    lines = _day(work, args.rounds, args.stakes)
    append = _stream(lines, validate=False, day="2026-10-10")
    alone = _drain(most=1)
    _stream(_moved(lines, 1), validate=False, day="2026-10-11")
    together = _drain(most=200)
    both = _stream(_moved(lines, 2), validate=True, day="2026-10-12")
    whole = _file(_moved(lines, 3))
    _print("append alone (validation left to workers)", append)
    _print("append, each post validated in the same process", both)
    print(f"  {'a worker on the posts waiting, each post alone':<50} {alone:>9,.0f} rounds/s")
    print(f"  {'a worker on the posts waiting, together (<= 200)':<50} {together:>9,.0f} rounds/s")
    print(f"  {'the same lines as one file, validated whole':<50} {whole:>9,.0f} rounds/s")
    print(f"  ratio: append+validate / file = {both['rate'] / whole:.2f}; waiting posts "
          f"together / file = {together / whole:.2f}")  # fmt: skip


def _day(work: Path, rounds: int, stakes: str) -> list[bytes]:
    from audits.samples import generate_toss_one

    path = work / "day.jsonl"
    generate_toss_one(path, rounds=rounds, start="2026-10-10", days=1, seed=2026, stakes=stakes)
    routable = []
    for line in path.read_bytes().splitlines():
        try:
            record = json.loads(line)
            if isinstance(record, dict) and record.get("table") and record.get("played_at"):
                routable.append(line)
        except ValueError:
            pass
    return routable


def _moved(lines: list[bytes], days: int) -> list[bytes]:
    """The same rounds ``days`` later, under other ids (a fresh gaming day, no repeats)."""
    out = []
    for line in lines:
        record = json.loads(line)
        record["round"] = f"d{days}-" + record["round"]
        played = datetime.fromisoformat(record["played_at"]) + timedelta(days=days)
        record["played_at"] = played.isoformat()
        out.append(json.dumps(record, separators=(",", ":")).encode())
    return out


def _drain(most: int) -> float:
    """The posts waiting (every chunk not done) validated by the one message their day was
    sent (the first post's: the others found it on its way), with
    ``LIVE_VALIDATE_MOST_POSTS=most``: rounds validated a second."""
    from django.db.models import Sum
    from django.test import override_settings

    from audits.live.tasks import validate_live_chunk
    from audits.submissions.models import Chunk

    waiting = Chunk.objects.filter(done=False).order_by("submission_id", "index")
    tasks = list(waiting.values_list("submission_id", "index"))
    started = time.perf_counter()
    with override_settings(LIVE_VALIDATE_MOST_POSTS=most):
        validate_live_chunk.apply(args=tasks[0])
    elapsed = time.perf_counter() - started
    assert not waiting.exists()
    rounds = Chunk.objects.filter(submission_id__in={s for s, _ in tasks}).aggregate(
        n=Sum("rounds"))["n"]  # fmt: skip
    return rounds / elapsed


def _stream(lines: list[bytes], validate: bool, day: str) -> dict:
    from django.test import Client

    import audits.live.api.views as views
    from audits.live.tasks import validate_live_chunk
    from audits.live.tokens import table_token_create
    from games.models import Venue

    views.live_chunk_dispatch = (  # the view's dispatcher: run the task here, or leave it
        (lambda s, i: validate_live_chunk.apply(args=(s, i))) if validate else (lambda s, i: None)
    )
    secret = table_token_create(Venue.objects.get(code="WA-CR-0042"), f"bench {day}")[1]
    by_table: dict[str, list[bytes]] = {}
    for line in lines:
        by_table.setdefault(json.loads(line)["table"], []).append(line)
    client, rng, times, rounds = Client(), random.Random(7), [], 0
    started = time.perf_counter()
    for table, rest in sorted(by_table.items()):
        while rest:
            batch = rest[: rng.randint(1, 50)]
            rest = rest[len(batch) :]
            t = time.perf_counter()
            answer = client.post(f"/api/live/venues/WA-CR-0042/tables/{table}/rounds/",
                                 data=b"\n".join(batch), content_type="application/x-ndjson",
                                 HTTP_AUTHORIZATION=f"Table {secret}")  # fmt: skip
            times.append(time.perf_counter() - t)
            assert answer.status_code == 201, answer.content[:300]
            rounds += len(batch)
    elapsed = time.perf_counter() - started
    return {"rate": rounds / elapsed, "posts": len(times), "times": sorted(times)}


def _file(lines: list[bytes]) -> float:
    import io

    from audits.submissions.storage import submission_store
    from audits.submissions.submissions import submission_validate_now
    from games.models import Licensee

    data = b"".join(line + b"\n" for line in lines)
    licensee = Licensee.objects.get(license_number="DEMO-0001")
    started = time.perf_counter()
    submission, _ = submission_store(io.BytesIO(data), original_name="same.jsonl",
                                     licensee=licensee)  # fmt: skip
    submission_validate_now(submission)
    return len(lines) / (time.perf_counter() - started)


def _print(title: str, run: dict) -> None:
    times = run["times"]
    p99 = times[min(len(times) - 1, int(0.99 * len(times)))]
    median = 1000 * statistics.median(times)
    print(f"  {title:<50} {run['rate']:>9,.0f} rounds/s  {run['posts']:,} posts, answered in "
          f"{median:.1f} ms (median), {1000 * p99:.1f} ms (99%)")  # fmt: skip


if __name__ == "__main__":
    main()
