"""Validating a stored hand log with a real Celery worker of N processes, on Redis.

Used by ``bench/validation.py --workers N`` (``python -m bench.celery_run LOG N``): the
submission's task is sent to the broker, the worker fans its chunks out to its processes,
and the clock stops when the submission is done (its findings and totals merged).
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BROKER = os.environ.get("BENCH_BROKER_URL") or "redis://127.0.0.1:6379/14"
QUEUE = "bench-validation"


def unavailable(database_url: str) -> str | None:
    """Why the Celery run cannot take place here, or None."""
    if not database_url.startswith("postgres"):
        return "workers in other processes need PostgreSQL, not SQLite"
    from kombu import Connection

    try:
        with Connection(BROKER, connect_timeout=3) as conn:
            conn.ensure_connection(max_retries=1, timeout=3)
    except Exception as exc:  # any failure means "not here"
        return f"no broker at {BROKER}: {type(exc).__name__}"
    return None


def validate_with_workers(log: Path, workers: int, env: dict) -> float:
    """Seconds from storing ``log`` to its submission being done, with ``workers`` processes."""
    env = {**env, "CELERY_BROKER_URL": BROKER, "CELERY_TASK_DEFAULT_QUEUE": QUEUE}
    env["CELERY_RESULT_BACKEND"] = BROKER
    os.environ.update(env)
    from django.conf import settings

    from compliance.celery import app

    app.conf.update(
        broker_url=BROKER, result_backend=BROKER, task_always_eager=False, task_default_queue=QUEUE
    )
    settings.CELERY_TASK_ALWAYS_EAGER = False
    app.control.purge()
    worker = subprocess.Popen(
        [
            str(Path(sys.executable).with_name("celery")),
            "-A",
            "compliance",
            "worker",
            "-Q",
            QUEUE,
            "-c",
            str(workers),
            "--loglevel",
            "WARNING",
            "--without-heartbeat",
            "--without-gossip",
            "--without-mingle",
        ],
        cwd=ROOT,
        env=env,
    )
    try:
        _wait_ready(app)
        return _timed_run(log)
    finally:
        worker.terminate()
        worker.wait(timeout=60)


def _wait_ready(app, timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if app.control.ping(timeout=1.0):
            return
    raise RuntimeError("the Celery worker did not answer within a minute")


def _timed_run(log: Path) -> float:
    from audits.submissions.models import Submission, SubmissionStatus
    from audits.submissions.storage import submission_store
    from audits.tasks import validate_submission
    from games.models import Licensee

    Submission.objects.all().delete()  # the same bytes again would be the same submission
    licensee = Licensee.objects.get(license_number="DEMO-0001")
    start = time.perf_counter()
    with open(log, "rb") as stream:
        submission, _ = submission_store(stream, original_name=log.name, licensee=licensee)
    validate_submission.delay(submission.pk)
    while True:
        submission.refresh_from_db()
        if submission.status in (SubmissionStatus.DONE, SubmissionStatus.FAILED):
            break
        time.sleep(0.2)
    seconds = time.perf_counter() - start
    if submission.status != SubmissionStatus.DONE:
        raise RuntimeError(f"the submission failed: {submission.failure_reason}")
    return seconds


def main(log: str, workers: str) -> None:
    """``python -m bench.celery_run LOG N``: prints the seconds (the database is ready)."""
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "compliance.settings")
    import django

    django.setup()
    print(validate_with_workers(Path(log), int(workers), dict(os.environ)))


if __name__ == "__main__":
    main(*sys.argv[1:])
