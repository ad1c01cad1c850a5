"""The production-shaped stack :mod:`bench.live_load` runs on this machine: PostgreSQL and
Redis (checked), gunicorn and a Celery worker (started and stopped), and the processor
time each kind of process has used."""

from __future__ import annotations

import http.client
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PG_ADMIN = "postgresql://postgres@127.0.0.1:5432/postgres"
DATABASE = "postgresql://postgres@127.0.0.1:5432/compliance_bench_load"
BROKER = os.environ.get("BENCH_BROKER_URL") or "redis://127.0.0.1:6379/13"
QUEUE, PORT = "bench-live", 8734


def stack_unavailable() -> str | None:
    """Why the stack cannot run here (it needs PostgreSQL and Redis), or None."""
    import psycopg
    import redis

    try:
        psycopg.connect(PG_ADMIN, connect_timeout=3).close()
        redis.Redis.from_url(BROKER, socket_connect_timeout=3).ping()
    except Exception as exc:  # any failure means "not here"
        return f"needs PostgreSQL at {PG_ADMIN} and Redis at {BROKER} ({type(exc).__name__})"
    return None


class StackRunning:
    """gunicorn and a Celery worker of ``processes`` processes, started and stopped."""

    def __init__(self, env: dict, processes: int, work: Path):
        self.env, self.processes, self.work = {**os.environ, **env}, processes, work

    def __enter__(self):
        from compliance.celery import app

        app.conf.update(broker_url=BROKER, task_default_queue=QUEUE, task_always_eager=False)
        app.control.purge()
        bin_dir = Path(sys.executable).parent
        self.logs = [open(self.work / n, "wb") for n in ("gunicorn.log", "worker.log")]  # noqa: SIM115
        self.server = subprocess.Popen(
            [str(bin_dir / "gunicorn"), "compliance.wsgi", "-c", "deploy/gunicorn.conf.py"],
            cwd=ROOT, env=self.env, stdout=self.logs[0], stderr=subprocess.STDOUT,
        )  # fmt: skip
        self.worker = subprocess.Popen(
            [str(bin_dir / "celery"), "-A", "compliance", "worker", "-Q", QUEUE, "-c",
             str(self.processes), "--loglevel", "WARNING", "--without-heartbeat",
             "--without-gossip", "--without-mingle"],
            cwd=ROOT, env=self.env, stdout=self.logs[1], stderr=subprocess.STDOUT,
        )  # fmt: skip
        wait_for(lambda: _healthy(), "gunicorn to answer")
        wait_for(lambda: bool(app.control.ping(timeout=1.0)), "the worker to answer")
        return self

    def __exit__(self, *exc):
        for process in (self.server, self.worker):
            process.terminate()
            process.wait(timeout=60)
        for log in self.logs:
            log.close()


def _healthy() -> bool:
    try:
        conn = http.client.HTTPConnection("127.0.0.1", PORT, timeout=2)
        conn.request("GET", "/healthz")
        return conn.getresponse().status == 200
    except OSError:
        return False


def wait_for(ready, what: str, timeout: float = 90) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if ready():
            return
        time.sleep(0.5)
    raise RuntimeError(f"waited {timeout:.0f} s for {what}")


def cpu_seconds() -> dict[str, float]:
    """Processor seconds used so far by the processes of this machine, by kind (the web
    server, the worker, PostgreSQL, Redis, this process), from /proc."""
    tick, used = os.sysconf("SC_CLK_TCK"), {}
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            command = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ")
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        kind = next((k for k, word in KINDS if word in command), None)
        if int(pid) == os.getpid():
            kind = "bench"
        if kind:
            used[kind] = used.get(kind, 0.0) + (int(fields[11]) + int(fields[12])) / tick
    return used


KINDS = (("gunicorn", b"gunicorn"), ("worker", b"celery"), ("postgres", b"postgres"),
         ("redis", b"redis-server"))  # fmt: skip
