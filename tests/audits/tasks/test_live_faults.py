"""Live rounds through faults, on the production-shaped stack: gunicorn (DJANGO_DEBUG=false),
real Celery workers on Redis, PostgreSQL. A table system posts a day's rounds over HTTP,
sending a post again until it is acknowledged (as it must). During the stream a worker is
killed, PostgreSQL is restarted and Redis (the broker, which keeps nothing on disk: every
message in it is lost) is restarted. Beat (every 2 s here, not every minute) has the
workers send again what never reached one.

Every acknowledged round is validated exactly once, every receipt chain verifies, and the
closed day is what the same rounds uploaded as one file are.

Needs PostgreSQL (its local cluster, restarted with pg_ctlcluster) and Redis (restarted
with redis-cli and redis-server, as .ci/run starts it); skipped, saying why, without them.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import threading
import time
import urllib.error
import urllib.request
from datetime import UTC, datetime
from urllib.parse import urlsplit

import pytest
from django.db import connection
from django.db.models import Count

from audits.live.chain import chain_problems
from audits.live.close import live_days_close
from audits.live.heads import receipt_fields as receipt_dict
from audits.live.models import Receipt
from audits.live.receipt_keys import receipt_verify_keys
from audits.live.receipts_check import receipts_check
from audits.live.tokens import table_token_create
from audits.samples import generate_toss_one
from audits.submissions.models import Chunk, Finding, SubmissionStatus
from audits.submissions.storage import submission_store
from audits.submissions.submissions import submission_validate_now
from audits.submissions.withdrawal import submission_withdraw, submission_withdrawal_decide
from games.models import Venue
from tests.audits import worker_support as ws
from tests.audits.live.support import judged, routable
from tests.audits.report_support import dev_identity_dir, signing  # noqa: F401  (fixtures)
from tests.audits.tasks.test_db_restart import restart_command
from tests.audits.tasks.test_load import gunicorn  # noqa: F401  (fixture)
from tests.audits.worker_support import database_url, redis_broker  # noqa: F401  (fixtures)

pytestmark = pytest.mark.django_db(transaction=True)
BATCH = 10
URL = "/api/live/venues/WA-CR-0042/tables/T1/rounds/"


def test_a_stream_through_a_killed_worker_and_restarted_database_and_broker(
    gunicorn,  # noqa: F811
    wa,
    tmp_path,
    django_user_model,
):
    restart_postgres = restart_command()
    restart_redis = redis_restart(tmp_path)
    base, env = gunicorn
    env = {**env, "LIVE_SWEEP_SECONDS": "2", "LIVE_RESEND_AFTER_SECONDS": "2",
           "LIVE_CLOSE_AFTER_SECONDS": str(10**9)}  # the test closes the day itself  # fmt: skip
    path = tmp_path / "day.jsonl"
    generate_toss_one(path, rounds=1800, start="2026-10-10", days=1, fault_rate=0.05, seed=41)
    lines = [x for x in path.read_bytes().splitlines() if routable(x) and _table(x) == "T1"]
    batches = [lines[i : i + BATCH] for i in range(0, len(lines), BATCH)]
    secret = table_token_create(Venue.objects.get(code="WA-CR-0042"), "pit")[1]
    answers: list[list[int]] = []  # each post: every status it was answered, last 200/201
    receipts: list[dict] = []
    stop = threading.Event()  # the test failed: the table system stops too

    def table_system():
        for batch in batches:
            statuses, receipt = post_until_acknowledged(base + URL, secret, batch, stop)
            answers.append(statuses)
            receipts.extend(receipt)
            time.sleep(0.05)

    stream = threading.Thread(target=table_system)
    beat = None
    try:
        with ws.celery_app_on(env["CELERY_BROKER_URL"], env["CELERY_BROKER_URL"],
                              env["CELERY_TASK_DEFAULT_QUEUE"], tmp_path) as session:  # fmt: skip
            first = session.start_worker("a", env)
            first.wait_ready(session.app)
            beat = ws.Beat(env, tmp_path)
            ws.wait_for(lambda: "Sending due task" in beat.log_path.read_text(),
                        what="beat to send its first task", timeout=60,
                        details=beat.log_tail)  # fmt: skip
            stream.start()
            ws.wait_for(lambda: len(answers) >= len(batches) // 5, what="a fifth of the posts",
                        timeout=120)  # fmt: skip
            first.kill()  # with posts in its hands and in the queue
            with ws.waited("PostgreSQL to restart (pg_ctlcluster restart -m fast)"):
                done = subprocess.run(restart_postgres, capture_output=True, text=True,
                                      timeout=120)  # fmt: skip
            assert done.returncode == 0, done.stderr
            with ws.waited("Redis to restart, every message in it lost"):
                restart_redis()
            ws.reset_app_caches(session.app)  # this process's connections died with it
            second = session.start_worker("b", env)
            second.wait_ready(session.app)
            with ws.waited("the table system's posts to end"):
                stream.join(timeout=300)
            assert not stream.is_alive()
            connection.close()  # this process's connection died with the restart
            ws.wait_for(lambda: not Chunk.objects.filter(done=False).exists(),
                        timeout=ws.RUN_TIMEOUT, interval=0.5,
                        what="every acknowledged post validated (beat sending the lost again)",
                        details=lambda: f"{Chunk.objects.filter(done=False).count()} waiting\n"
                        f"{first.log_tail()}\n{second.log_tail()}\n{beat.log_tail()}")  # fmt: skip
    finally:
        stop.set()
        if beat is not None:
            beat.stop()
        if stream.is_alive():
            stream.join(timeout=30)
        connection.close()

    assert len(answers) == len(batches) and all(a[-1] in (200, 201) for a in answers)
    assert {s for a in answers for s in a[:-1]} <= {503, 0}  # a clear "try again", or no answer
    repeated = (
        Finding.objects.values("submission", "line", "seat", "wager_key", "code", "rule")
        .annotate(n=Count("id"))
        .filter(n__gt=1)
    )
    assert not repeated.exists()  # validated once, whoever validated it and how often sent
    (closed,) = live_days_close(datetime(2027, 1, 1, tzinfo=UTC))
    live = closed.submission
    live.refresh_from_db()
    assert live.status == SubmissionStatus.DONE, live.failure_reason
    assert live.rounds_total == len(lines)  # every round once, retries stored once
    stored = [receipt_dict(r) for r in Receipt.objects.order_by("seq")]
    assert chain_problems(stored) == [] and chain_problems(_unique(receipts)) == []
    signed = receipts_check(_unique(receipts), receipt_verify_keys())  # every head signed
    assert signed.ok, signed.problems
    upload_path = tmp_path / "upload.jsonl"
    upload_path.write_bytes(b"".join(line + b"\n" for line in lines))
    live_view = judged([live])
    someone = django_user_model.objects.create_user("compliance-officer")
    why = "compared with the same rounds uploaded"
    submission_withdraw(live, user=someone, reason=why)  # a closed day: a request, accepted
    submission_withdrawal_decide(live, user=someone, accept=True, reason=why)
    with open(upload_path, "rb") as stream_file:
        upload, _ = submission_store(stream_file, original_name="upload.jsonl", licensee=wa)
    upload = submission_validate_now(upload)
    assert judged([upload], besides=("resent_after_withdrawal",)) == live_view
    retried = sum(len(a) > 1 for a in answers)
    sweeps = beat.log_path.read_text().count("Sending due task resend-live-chunks")
    print(f"\nlive faults: {len(batches)} posts, {retried} sent more than once; beat swept "
          f"{sweeps} times; attempts per chunk "
          f"{sorted(set(Chunk.objects.values_list('attempts', flat=True)))}")  # fmt: skip


def post_until_acknowledged(url: str, secret: str, batch: list[bytes], stop: threading.Event):
    """Post ``batch`` until it is acknowledged (200 or 201), as a table system does; every
    status answered (0: no answer) and the receipts."""
    body = b"\n".join(batch) + b"\n"
    statuses = []
    deadline = time.monotonic() + 180
    while time.monotonic() < deadline and not stop.is_set():
        request = urllib.request.Request(url, data=body, method="POST")
        request.add_header("Authorization", f"Table {secret}")
        request.add_header("Content-Type", "application/x-ndjson")
        try:
            with urllib.request.urlopen(request, timeout=60) as response:
                statuses.append(response.status)
                return statuses, json.loads(response.read())["receipts"]
        except urllib.error.HTTPError as exc:
            statuses.append(exc.code)
            if exc.code < 500:
                raise AssertionError(f"refused {exc.code}: {exc.read()[:300]!r}") from exc
        except OSError:
            statuses.append(0)
        time.sleep(0.3)
    raise AssertionError(f"never acknowledged: {statuses}")


def redis_restart(tmp_path):
    """A function that stops the tests' Redis (keeping nothing) and starts it again as .ci/run
    does; skipped unless that Redis is this machine's, with its programs here."""
    broker = urlsplit(ws.REDIS_URL)
    local = broker.hostname in ("127.0.0.1", "localhost")
    if not (local and shutil.which("redis-cli") and shutil.which("redis-server")):
        pytest.skip(f"no local Redis to restart at {ws.safe_url(ws.REDIS_URL)}")
    port = str(broker.port or 6379)

    def answers() -> bool:
        done = subprocess.run(["redis-cli", "-p", port, "ping"], capture_output=True, text=True)
        return done.stdout.strip() == "PONG"

    def restart():
        subprocess.run(["redis-cli", "-p", port, "shutdown", "nosave"], capture_output=True,
                       timeout=30)  # fmt: skip
        ws.wait_for(lambda: not answers(), what="Redis to stop", timeout=30)
        started = subprocess.run(
            ["redis-server", "--daemonize", "yes", "--bind", "127.0.0.1", "-::1", "--port",
             port, "--save", "", "--appendonly", "no", "--dir", str(tmp_path),
             "--logfile", str(tmp_path / "redis.log")],
            capture_output=True, text=True, timeout=30,
        )  # fmt: skip
        assert started.returncode == 0, started.stderr
        ws.wait_for(answers, what="Redis to answer a ping", timeout=30)

    return restart


def _unique(receipts: list[dict]) -> list[dict]:
    return list({r["hash"]: r for r in receipts}.values())


def _table(line: bytes) -> str | None:
    try:
        return json.loads(line).get("table")
    except (ValueError, AttributeError):
        return None
