"""Load on the production-shaped stack: gunicorn (as `make serve` runs it, DJANGO_DEBUG=false),
a real Celery worker on Redis, PostgreSQL.  20 clients submit a log each at once while 50
read findings at once: every submission is accounted for and validated, and nothing
answers 5xx.  The figures are printed (and recorded in docs/performance.md).

PostgreSQL and Redis only (the server and the worker are other processes).
"""

from __future__ import annotations

import json
import secrets
import socket
import statistics
import subprocess
import time
import urllib.error
import urllib.request
import uuid
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from knox.models import AuthToken

from audits.reports.models import Report
from audits.samples import generate_toss_one
from audits.submissions.models import Submission
from audits.submissions.storage import submission_store
from audits.submissions.submissions import submission_validate_now
from games.models import Membership, Role
from tests.audits import worker_support as ws
from tests.audits.report_support import dev_identity_dir, signing  # noqa: F401  (fixtures)
from tests.audits.tasks.test_report_worker import SIGNING_SETTINGS, _setting
from tests.audits.worker_support import database_url, redis_broker  # noqa: F401  (fixtures)

pytestmark = pytest.mark.django_db(transaction=True)
REPO = Path(__file__).resolve().parents[3]
SUBMITTERS, READERS, READS_EACH, ROUNDS_EACH = 20, 50, 10, 300


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def fetch(url: str, token: str) -> bytes:
    request = urllib.request.Request(url, headers={"Authorization": f"Token {token}"})
    with urllib.request.urlopen(request, timeout=60) as response:
        return response.read()


def call(method: str, url: str, token: str, body: bytes | None = None) -> tuple[int, float]:
    request = urllib.request.Request(url, data=body, method=method)
    request.add_header("Authorization", f"Token {token}")
    if body is not None:
        request.add_header("Content-Type", "application/x-ndjson")
    started = time.perf_counter()
    try:
        with urllib.request.urlopen(request, timeout=120) as response:
            response.read()
            status = response.status
    except urllib.error.HTTPError as exc:
        status = exc.code
    return status, time.perf_counter() - started


@pytest.fixture
def gunicorn(database_url, redis_broker, media, signing, tmp_path):  # noqa: F811
    port = free_port()
    env = ws.worker_env(
        database_url=database_url, broker_url=redis_broker, result_backend=redis_broker,
        queue=f"load-{uuid.uuid4().hex[:8]}", media_root=str(media),
    )  # fmt: skip
    env.update(
        DJANGO_DEBUG="false", DJANGO_SECRET_KEY=secrets.token_urlsafe(64),
        DJANGO_ALLOWED_HOSTS="127.0.0.1", DJANGO_SECURE_COOKIES="false",
        GUNICORN_BIND=f"127.0.0.1:{port}", GUNICORN_WORKERS="4", GUNICORN_THREADS="4",
        API_RATE_USER="100000/minute", API_RATE_UPLOADS="100000/hour", LOG_LEVEL="WARNING",
    )  # fmt: skip
    env.update({name: _setting(name) for name in SIGNING_SETTINGS})
    log = open(tmp_path / "gunicorn.log", "wb")  # noqa: SIM115 (closed below)
    server = subprocess.Popen(
        [str(REPO / ".venv/bin/gunicorn"), "compliance.wsgi", "-c", "deploy/gunicorn.conf.py"],
        cwd=REPO, env=env, stdout=log, stderr=subprocess.STDOUT,
    )  # fmt: skip
    base = f"http://127.0.0.1:{port}"

    def healthy():
        try:
            with urllib.request.urlopen(f"{base}/healthz", timeout=2) as r:
                return r.status == 200
        except OSError:
            return False

    try:
        ws.wait_for(healthy, what="gunicorn to answer /healthz", timeout=60,
                    details=lambda: (tmp_path / "gunicorn.log").read_text()[-3000:])  # fmt: skip
        yield base, env
    finally:
        server.terminate()
        with ws.waited("gunicorn to stop after SIGTERM"):
            server.wait(timeout=30)
        log.close()


def test_twenty_submitters_and_fifty_readers_at_once(gunicorn, wa, media, tmp_path):  # noqa: F811
    base, env = gunicorn
    user = get_user_model().objects.create_user("load-staff")
    Membership.objects.create(user=user, role=Role.STAFF, licensee=wa)
    token = AuthToken.objects.create(user=user)[1]
    read_log = tmp_path / "read.jsonl"
    generate_toss_one(read_log, rounds=2000, start="2026-09-01", days=2, fault_rate=0.05, seed=1)
    with open(read_log, "rb") as stream:
        readable, _ = submission_store(stream, original_name="read.jsonl", licensee=wa)
    readable = submission_validate_now(readable)
    pages = max(1, readable.finding_count // 50)
    logs = []
    for i in range(SUBMITTERS):
        path = tmp_path / f"load-{i}.jsonl"
        generate_toss_one(path, rounds=ROUNDS_EACH, start="2026-10-01", days=1, seed=100 + i)
        logs.append(path.read_bytes())

    with ws.celery_app_on(env["CELERY_BROKER_URL"], env["CELERY_BROKER_URL"],
                          env["CELERY_TASK_DEFAULT_QUEUE"], tmp_path) as session:  # fmt: skip
        worker = session.start_worker("load", env)
        worker.wait_ready(session.app)
        started = time.perf_counter()
        with ThreadPoolExecutor(SUBMITTERS + READERS) as pool:
            uploads = [
                pool.submit(
                    call, "POST", f"{base}/api/audits/submissions/?name=load-{i}.jsonl", token, body
                )  # fmt: skip
                for i, body in enumerate(logs)
            ]
            reads = [
                pool.submit(
                    call,
                    "GET",
                    f"{base}/api/audits/submissions/{readable.uuid}/findings/"
                    f"?page={1 + (r * READS_EACH + k) % pages}",
                    token,
                )  # fmt: skip
                for r in range(READERS)
                for k in range(READS_EACH)
            ]
            uploaded = [f.result() for f in uploads]
            read = [f.result() for f in reads]
        answered = time.perf_counter() - started

        def all_validated():
            done = Submission.objects.filter(original_name__startswith="load-", status="done")
            return done.count() == SUBMITTERS

        ws.wait_for(all_validated, what="every submission validated", timeout=300,
                    details=worker.log_tail)  # fmt: skip
        validated = time.perf_counter() - started

    assert sorted({s for s, _ in uploaded}) == [202], uploaded
    assert sorted({s for s, _ in read}) == [200], sorted({s for s, _ in read})
    loaded = Submission.objects.filter(original_name__startswith="load-")
    assert loaded.count() == SUBMITTERS
    assert sorted(loaded.values_list("rounds_total", flat=True)) == [ROUNDS_EACH] * SUBMITTERS
    figures = {
        "submissions": SUBMITTERS, "reads": len(read), "answered_s": round(answered, 2),
        "all_validated_s": round(validated, 2),
        "upload_p50_ms": round(statistics.median(t for _, t in uploaded) * 1000),
        "read_p50_ms": round(statistics.median(t for _, t in read) * 1000),
        "read_p95_ms": round(statistics.quantiles([t for _, t in read], n=20)[18] * 1000),
    }  # fmt: skip
    print("\nload:", json.dumps(figures))


def test_end_to_end_over_http_a_worker_validates_and_signs_the_report(gunicorn, wa, tmp_path):
    """Upload over the API; the worker validates it and, as AUDITS_REPORT_ON_FINISH asks,
    generates and signs its report; the API lists the report and serves the signed PDF."""
    from audits.reports.verification import report_check

    base, env = gunicorn
    env = {**env, "AUDITS_REPORT_ON_FINISH": "true"}
    user = get_user_model().objects.create_user("e2e-staff")
    Membership.objects.create(user=user, role=Role.STAFF, licensee=wa)
    token = AuthToken.objects.create(user=user)[1]
    log = tmp_path / "e2e.jsonl"
    generate_toss_one(log, rounds=500, start="2026-10-03", days=1, fault_rate=0.05, seed=21)
    with ws.celery_app_on(env["CELERY_BROKER_URL"], env["CELERY_BROKER_URL"],
                          env["CELERY_TASK_DEFAULT_QUEUE"], tmp_path) as session:  # fmt: skip
        worker = session.start_worker("e2e-http", env)
        worker.wait_ready(session.app)
        status, _ = call("POST", f"{base}/api/audits/submissions/?name=e2e.jsonl", token,
                         log.read_bytes())  # fmt: skip
        assert status == 202

        def issued():
            listing = json.loads(fetch(f"{base}/api/audits/reports/", token))["results"]
            done = [r for r in listing if r["status"] == "done"]
            return done[0] if done else None

        ws.wait_for(issued, what="the report to be issued", timeout=ws.RUN_TIMEOUT,
                    details=worker.log_tail)  # fmt: skip
        report = issued()
    submission = Submission.objects.get(original_name="e2e.jsonl")
    assert submission.status == "done" and submission.rounds_total == 500
    assert report["submission"] == str(submission.uuid)
    pdf = fetch(report["pdf_url"] if report["pdf_url"].startswith("http")
                else f"{base}{report['pdf_url']}", token)  # fmt: skip
    verification = report_check(pdf)
    assert verification.intact and verification.trusted
    issued = Report.objects.get(submission=submission)  # one report, the one the API listed
    assert verification.issued_report == str(issued.uuid) and issued.sha256 == report["sha256"]
