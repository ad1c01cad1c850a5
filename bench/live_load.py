"""Live rounds under load: many tables posting rounds at a set rate to the production-shaped
stack (gunicorn, one Celery worker of two processes on Redis, PostgreSQL, all on this
machine), and how long each round waits, once its post is answered, for its findings to be
stored (issue 41's goal: 2,000 rounds/s across 500 tables, 99% within 5 s).

    .venv/bin/python bench/live_load.py [--rate 2000] [--tables 500] [--seconds 30]

A fresh PostgreSQL database (``compliance_bench_load``) is migrated and loaded, with
``--tables`` tables at the demo venue WA-CR-0042, where Toss One 21 is authorized at every
table.  The sample generator deals the rounds (about 1% faulty; stakes any whole dollar within
the limits).  Every table is playing when the stream starts and plays until its end, each
at ``rate / tables`` rounds a second, posting in batches of 1 to 50 (seeded), each post due
when its last round has been played: all the tables together send ``--rate`` rounds a
second from the first second to the last.  Client threads (each with its own tables, a post
at a time per table, as a table system sends) post over HTTP and retry a 503.

Prints the rate asked and the rate answered from the fifth second to the fifth before the
end (every table has posted by then; the rounds played after a table's last post are not
sent), each post's answer time and how long after it was due it was answered (a server that keeps up
answers each post soon after), and for every round the time from its post's answer to its
chunk being done (findings, totals and rounds read stored): median, 99% and worst.  The
stack is started and stopped by :mod:`bench.live_load_stack`, the figures printed by
:mod:`bench.live_load_report`.
"""

from __future__ import annotations

import argparse
import http.client
import json
import math
import os
import random
import secrets
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.live_load_report import report_results  # noqa: E402
from bench.live_load_stack import (  # noqa: E402
    BROKER,
    DATABASE,
    PG_ADMIN,
    PORT,
    QUEUE,
    StackRunning,
    cpu_seconds,
    stack_unavailable,
    wait_for,
)

VENUE = "WA-CR-0042"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rate", type=int, default=2000, help="rounds a second, all tables")
    parser.add_argument("--tables", type=int, default=500)
    parser.add_argument("--seconds", type=int, default=30)
    parser.add_argument("--clients", type=int, default=32, help="client threads")
    parser.add_argument("--worker-processes", type=int, default=2)
    parser.add_argument("--web-processes", type=int, default=5, help="gunicorn workers")
    parser.add_argument("--web-threads", type=int, default=1, help="threads of each")
    args = parser.parse_args()
    missing = stack_unavailable()
    if missing:
        print(f"live load not measured: {missing}")
        return
    work = Path(tempfile.mkdtemp(prefix="bench-live-load-"))
    env = _environment(work)
    env.update(GUNICORN_WORKERS=str(args.web_processes), GUNICORN_THREADS=str(args.web_threads))
    os.environ.update(env)
    import django

    django.setup()
    secret = _database(args.tables)
    posts = _posts(work, args)
    rounds = sum(p["rounds"] for p in posts)
    print(f"{rounds:,} rounds in {len(posts):,} posts to {args.tables} tables: "
          f"{rounds / args.seconds:,.0f} rounds/s asked for {args.seconds} s")  # fmt: skip
    with StackRunning(env, args.worker_processes, work):
        before = cpu_seconds()
        started = time.time()
        _send(posts, secret, args.clients, started)
        answered = time.time() - started
        streaming = sum(cpu_seconds().values()) - sum(before.values())
        done = _wait_done(timeout=300)
        used = {k: v - before.get(k, 0.0) for k, v in cpu_seconds().items()}
    report_results(posts, args.seconds, answered, done, started)
    busy = streaming / (answered * (os.cpu_count() or 1))
    print(f"  the machine's processors busy with these processes: {busy:.0%} of the stream")
    per_post = ", ".join(f"{k} {1000 * v / len(posts):.1f}" for k, v in sorted(used.items()))
    print(f"  processor time a post (ms): {per_post}")


def _environment(work: Path) -> dict:
    import psycopg

    with psycopg.connect(PG_ADMIN, autocommit=True) as conn:
        conn.execute("DROP DATABASE IF EXISTS compliance_bench_load WITH (FORCE)")
        conn.execute("CREATE DATABASE compliance_bench_load")
    return {
        "DATABASE_URL": DATABASE, "MEDIA_ROOT": str(work / "media"),
        "DJANGO_SETTINGS_MODULE": "compliance.settings", "DJANGO_DEBUG": "false",
        "DJANGO_SECRET_KEY": secrets.token_urlsafe(64), "DJANGO_ALLOWED_HOSTS": "127.0.0.1",
        "CELERY_BROKER_URL": BROKER, "CELERY_RESULT_BACKEND": BROKER,
        "CELERY_TASK_DEFAULT_QUEUE": QUEUE, "LIVE_ALERTS_QUEUE": QUEUE,
        "CELERY_TASK_ALWAYS_EAGER": "false",
        "LOG_LEVEL": "WARNING", "GUNICORN_BIND": f"127.0.0.1:{PORT}",
        "LIVE_CLOSE_AFTER_SECONDS": str(10**9),  # the load's day stays open
        # the service's capacity is measured, not the door's limits (500 tables, one token)
        "LIVE_RATE_TOKEN_POSTS": "10000000/minute", "LIVE_RATE_TOKEN_ROUNDS": "10000000/minute",
        "LIVE_RATE_VENUE_POSTS": "10000000/minute", "LIVE_RATE_VENUE_ROUNDS": "10000000/minute",
    }  # fmt: skip


def _database(tables: int) -> str:
    """Migrated and loaded, ``tables`` tables at the venue; a table token's secret."""
    from django.core.management import call_command

    from audits.live.tokens import table_token_create
    from games.models import Table, Venue
    from games.registry_io import load_registry

    call_command("migrate", verbosity=0)
    load_registry([ROOT / "data/registry/washington.yaml", ROOT / "data/registry/demo.yaml"])
    venue = Venue.objects.get(code=VENUE)
    have = set(venue.tables.values_list("code", flat=True))
    Table.objects.bulk_create(
        Table(venue=venue, code=f"T{k}") for k in range(1, tables + 1) if f"T{k}" not in have
    )
    return table_token_create(venue, "load")[1]


def _posts(work: Path, args) -> list[dict]:
    """Every post: its table, body, rounds and when it is due (seconds from the start).

    Every table is already playing when the stream starts (its rounds before that were
    posted before) and plays until ``--seconds``: at every moment of the stream all the
    tables post, ``--rate`` rounds a second together.  A post is due when its last round
    has been played."""
    from audits.samples import generate_toss_one

    path = work / "day.jsonl"
    table_rate = args.rate / args.tables  # rounds a second at each table
    total = args.rate * args.seconds + args.tables * 50  # a table's last post may be longer
    generate_toss_one(path, rounds=total, start="2026-10-10", days=1, fault_rate=0.01, seed=41,
                      stakes="any")  # fmt: skip
    lines = iter(x for x in path.read_bytes().splitlines() if _routable(x))
    rng, posts = random.Random(7), []
    for k in range(args.tables):
        played = -rng.uniform(0, 50 / table_rate)  # when its last round before the start ended
        while True:
            size = rng.randint(1, 50)
            played += size / table_rate
            if played > args.seconds:  # the stream ends (the rounds since, posted after)
                break
            if played < 0:
                continue  # posted before the stream started
            size = min(size, math.ceil(played * table_rate))  # those played since it started
            if size < 1:
                continue
            batch = [_at_table(next(lines), k + 1) for _ in range(size)]
            posts.append({"table": f"T{k + 1}", "body": b"\n".join(batch) + b"\n",
                          "rounds": size, "due": played})  # fmt: skip
    return posts


def _at_table(line: bytes, table: int) -> bytes:
    record = json.loads(line)
    record["table"] = f"T{table}"
    return json.dumps(record, separators=(",", ":")).encode()


def _routable(line: bytes) -> bool:
    try:
        record = json.loads(line)
        return isinstance(record, dict) and bool(record.get("table") and record.get("played_at"))
    except ValueError:
        return False


def _send(posts: list[dict], secret: str, clients: int, started: float) -> None:
    """Each client thread posts its tables' posts, each when due (or as soon as it can),
    and records when each was answered and its receipt."""
    mine: list[list[dict]] = [[] for _ in range(clients)]
    for post in posts:
        mine[int(post["table"][1:]) % clients].append(post)
    threads = [threading.Thread(target=_client, args=(sorted(m, key=lambda p: p["due"]),
                                                      secret, started)) for m in mine]  # fmt: skip
    for t in threads:
        t.start()
    for t in threads:
        t.join()


def _client(posts: list[dict], secret: str, started: float) -> None:
    conn = http.client.HTTPConnection("127.0.0.1", PORT, timeout=60)
    headers = {"Content-Type": "application/x-ndjson", "Authorization": f"Table {secret}"}
    for post in posts:
        pause = started + post["due"] - time.time()
        if pause > 0:
            time.sleep(pause)
        url = f"/api/live/venues/{VENUE}/tables/{post['table']}/rounds/"
        sent = time.time()
        while True:  # a table system sends a post again until it is answered (stored once)
            try:
                conn.request("POST", url, body=post["body"], headers=headers)
                answer = conn.getresponse()
                body = answer.read()
            except (OSError, http.client.HTTPException):  # the server closed an idle one
                conn.close()
                conn = http.client.HTTPConnection("127.0.0.1", PORT, timeout=60)
                continue
            if answer.status != 503:
                break
            time.sleep(0.2)
        if answer.status not in (200, 201):
            raise RuntimeError(f"{answer.status}: {body[:300]!r}")
        post["answered"], post["took"] = time.time(), time.time() - sent
        post["receipt"] = json.loads(body)["receipts"][0]["hash"]


def _wait_done(timeout: float) -> dict[str, float]:
    """Once every chunk is done: each receipt's hash -> when its chunk was done."""
    from audits.live.models import Receipt
    from audits.submissions.models import Chunk

    wait_for(lambda: not Chunk.objects.filter(done=False).exists(), "every post validated",
          timeout)  # fmt: skip
    done = {
        (c.submission_id, c.index): c.done_at.timestamp()
        for c in Chunk.objects.only("submission_id", "index", "done_at")
    }
    receipts = Receipt.objects.values_list("hash", "live_day__submission_id", "chunk_index")
    return {h: done[(s, i)] for h, s, i in receipts}


if __name__ == "__main__":
    main()
