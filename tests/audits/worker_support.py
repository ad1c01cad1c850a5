"""Running a real Celery worker process against the test database, for tests/audits/tasks/.

The worker is ``celery -A compliance worker --pool=solo`` started as a subprocess with its own
environment (database, broker, result backend, media root, queue), exactly as in production
except for the names.  The test process's Celery app is pointed at the same broker and queue
for the duration of a test, then restored.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import threading
import uuid
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import quote

import pytest

from tests.waiting import wait_for, waited  # noqa: F401  (wait_for: used as ws.wait_for)

REPO = Path(__file__).resolve().parents[2]
CELERY = Path(sys.executable).with_name("celery")

RABBITMQ_URL = os.environ.get("WORKER_TEST_RABBITMQ_URL") or "amqp://guest:guest@127.0.0.1:5672//"
REDIS_URL = os.environ.get("WORKER_TEST_REDIS_URL") or "redis://127.0.0.1:6379/15"

READY_TIMEOUT = 60.0  # seconds for a worker to connect and answer a ping
RUN_TIMEOUT = 120.0  # seconds for a submission to be validated


def safe_url(url: str) -> str:
    """``url`` without its password, for messages."""
    from kombu.utils.url import maybe_sanitize_url

    return maybe_sanitize_url(url)


def postgres_url(connection) -> str | None:
    """The URL of the database ``connection`` uses (the test database), or None if not PostgreSQL.

    A worker in another process sees only committed rows of a database server it can reach:
    neither an in-memory SQLite database nor a test run inside a rolled-back transaction works.
    """
    if connection.vendor != "postgresql":
        return None
    s = connection.settings_dict
    user = quote(s.get("USER") or "", safe="")
    if s.get("PASSWORD"):
        user += ":" + quote(s["PASSWORD"], safe="")
    host = s.get("HOST") or "127.0.0.1"
    port = s.get("PORT") or 5432
    return f"postgresql://{user}@{host}:{port}/{quote(s['NAME'], safe='')}"


# The skipping fixtures (database_url, then the broker) come first in every test's arguments,
# so that a skipped test has loaded nothing: a transactional test's tables are emptied at
# teardown, which on SQLite means DELETE, refused by the registry's frozen-record triggers.
@pytest.fixture
def database_url(transactional_db):
    from django.db import connection

    url = postgres_url(connection)
    if url is None:
        pytest.skip(
            f"needs PostgreSQL: the Celery processes are other processes and must see the rows "
            f"this test commits in the test database, which is {connection.vendor} here "
            f"(run with DATABASE_URL=postgresql://...)"
        )
    return url


def usable_broker(url: str, service: str) -> str:
    problem = broker_problem(url, service)
    if problem:
        pytest.skip(problem)
    return url


@pytest.fixture
def redis_broker():
    return usable_broker(REDIS_URL, "Redis")


@pytest.fixture
def rabbitmq_broker():
    return usable_broker(RABBITMQ_URL, "RabbitMQ")


def broker_problem(url: str, service: str) -> str | None:
    """Why the broker at ``url`` cannot be used (a skip reason), or None when it answers."""
    from kombu import Connection

    try:
        with Connection(url, connect_timeout=3) as conn:
            conn.ensure_connection(max_retries=1, timeout=3)
    except Exception as exc:  # any failure means "not usable here"
        return (
            f"{service} is not reachable at {safe_url(url)} ({type(exc).__name__}: {exc}); "
            f"start {service} (or set WORKER_TEST_{service.upper()}_URL) to run this test"
        )
    return None


def reset_app_caches(app) -> None:
    """Forget the connections, queues, router and result backend built from the old config."""
    from kombu import pools

    # kombu keeps one pool per broker in a process-wide registry; closing a pool without
    # clearing the registry would hand the closed pool to the next user of that broker.
    pools.reset()
    app._pool = None
    app.__dict__.pop("amqp", None)  # a cached_property: queues, router, producer pool
    app._backend_cache = None
    app._local = threading.local()  # the thread-local result backend


class BrokerSession:
    """The test process's Celery app on a real broker, and the workers started on it."""

    def __init__(self, app, queue: str, log_dir: Path):
        self.app, self.queue, self.log_dir = app, queue, log_dir
        self.workers: list[Worker] = []

    def start_worker(self, name: str, env: dict[str, str]) -> Worker:
        worker = Worker(name, env, self.queue, self.log_dir)
        self.workers.append(worker)
        return worker

    def stop_workers(self) -> None:
        for worker in self.workers:
            worker.stop()


@contextlib.contextmanager
def celery_app_on(broker_url: str, result_backend: str, queue: str, log_dir: Path) -> Iterator:
    """Point the test process's Celery app at a real broker and ``queue`` (declared empty).

    On the way out, whatever happened: stop every worker started through the session, delete
    the queue (and the rpc:// reply queue), and restore the app's eager in-memory configuration.
    """
    from compliance.celery import app

    keys = ("broker_url", "result_backend", "task_always_eager", "task_default_queue")
    saved = {key: app.conf[key] for key in keys}
    app.conf.update(
        broker_url=broker_url,
        result_backend=result_backend,
        task_always_eager=False,
        task_default_queue=queue,
    )
    reset_app_caches(app)
    session = BrokerSession(app, queue, log_dir)
    try:
        task_queue = app.amqp.queues[queue]
        with app.connection_for_write() as conn:
            bound = task_queue(conn.default_channel)
            bound.declare()
            bound.purge()  # stray messages from an earlier run, if any
        yield session
    finally:
        session.stop_workers()
        try:
            with app.connection_for_write() as conn:
                bound = task_queue(conn.default_channel)
                # Redis keeps a binding table per queue; its transport removes the binding only
                # for queues declared on the same connection, hence declare, then delete.
                bound.declare()
                bound.delete()
                if result_backend.startswith("rpc://"):
                    app.backend.binding(conn.default_channel).delete()
        except Exception:  # the broker may be gone; the names are unique anyway
            pass
        app.conf.update(saved)
        reset_app_caches(app)


class Worker:
    """One ``celery worker`` subprocess; its output goes to a log file."""

    def __init__(self, name: str, env: dict[str, str], queue: str, log_dir: Path):
        self.nodename = f"{name}-{uuid.uuid4().hex[:8]}@{os.uname().nodename}"
        self.log_path = log_dir / f"worker-{name}.log"
        self._log = open(self.log_path, "wb")  # closed in stop()
        self.process = subprocess.Popen(
            [
                str(CELERY),
                "-A",
                "compliance",
                "worker",
                "--pool=solo",
                "--concurrency=1",
                "-l",
                "info",
                "-Q",
                queue,
                "-n",
                self.nodename,
                "--without-mingle",
                "--without-gossip",
            ],
            cwd=REPO,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=self._log,
            stderr=subprocess.STDOUT,
            start_new_session=True,  # a Ctrl-C in the test run does not reach it first
        )

    @property
    def pid(self) -> int:
        return self.process.pid

    def alive(self) -> bool:
        return self.process.poll() is None

    def log_text(self) -> str:
        try:
            return self.log_path.read_text(errors="replace")
        except OSError as exc:
            return f"(no log: {exc})"

    def log_tail(self, lines: int = 40) -> str:
        tail = "\n".join(self.log_text().splitlines()[-lines:])
        state = "running" if self.alive() else f"exited with {self.process.returncode}"
        return (
            f"--- worker {self.nodename} (pid {self.pid}, {state}), last {lines} log lines:\n{tail}"
        )

    def wait_ready(self, app, timeout: float = READY_TIMEOUT) -> None:
        """Until the worker answers a ping on the broker (it then consumes its queue)."""

        def answered():
            if not self.alive():
                import pytest

                pytest.fail(f"the worker exited before it was ready\n{self.log_tail()}")
            return app.control.ping(destination=[self.nodename], timeout=0.5)

        wait_for(
            answered, timeout=timeout, what=f"worker {self.nodename} to answer a ping",
            details=self.log_tail,
        )  # fmt: skip

    def inspect(self, app):
        return app.control.inspect(destination=[self.nodename], timeout=5)

    def kill(self) -> None:
        """SIGKILL: no warm shutdown, nothing acknowledged, the broker connection just drops."""
        if self.alive():
            os.kill(self.pid, signal.SIGKILL)
        with waited(f"worker {self.nodename} to exit after SIGKILL"):
            self.process.wait(timeout=30)

    def stop(self) -> None:
        """Warm shutdown (SIGTERM), or SIGKILL after 15 s."""
        if self.alive():
            self.process.send_signal(signal.SIGTERM)
            try:
                with waited(f"worker {self.nodename} to stop after SIGTERM"):
                    self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.kill()
        self._log.close()


class Beat:
    """One ``celery beat`` subprocess reading the schedules from the database."""

    def __init__(self, env: dict[str, str], log_dir: Path):
        self.log_path = log_dir / "beat.log"
        self._log = open(self.log_path, "wb")  # closed in stop()
        self.process = subprocess.Popen(
            [
                str(CELERY),
                "-A",
                "compliance",
                "beat",
                "-l",
                "info",
                "--scheduler",
                "django_celery_beat.schedulers:DatabaseScheduler",
                "--max-interval",
                "1",
                "--pidfile",
                str(log_dir / "beat.pid"),
            ],
            cwd=REPO,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=self._log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )

    def log_tail(self, lines: int = 30) -> str:
        try:
            text = self.log_path.read_text(errors="replace")
        except OSError as exc:
            text = f"(no log: {exc})"
        return "--- beat, last lines:\n" + "\n".join(text.splitlines()[-lines:])

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                with waited("beat to stop after SIGTERM"):
                    self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                with waited("beat to exit after SIGKILL"):
                    self.process.wait(timeout=15)
        self._log.close()


def worker_env(
    *, database_url: str, broker_url: str, result_backend: str, queue: str, media_root: str
) -> dict[str, str]:
    env = dict(os.environ)
    env.update(
        DATABASE_URL=database_url,
        CELERY_BROKER_URL=broker_url,
        CELERY_RESULT_BACKEND=result_backend,
        CELERY_TASK_ALWAYS_EAGER="false",
        CELERY_TASK_DEFAULT_QUEUE=queue,
        LIVE_ALERTS_QUEUE=queue,  # the alerts too: the test's worker consumes both
        MEDIA_ROOT=str(media_root),
        DJANGO_SETTINGS_MODULE="compliance.settings",
        PYTHONPATH=str(REPO),
        PYTHONUNBUFFERED="1",
    )
    return env


def registered_task_options(worker: Worker, app, *names: str) -> dict[str, dict[str, str]]:
    """``{task: {attribute: str(value)}}`` as the running worker has them registered."""
    attributes = ("acks_late", "reject_on_worker_lost", "max_retries", "acks_on_failure_or_timeout")
    reply = worker.inspect(app).registered(*attributes) or {}
    options = {}
    for line in reply.get(worker.nodename, []):
        task, _, rest = line.partition(" [")
        if task in names:
            options[task] = dict(item.split("=", 1) for item in rest.rstrip("]").split())
    return options
