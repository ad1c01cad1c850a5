"""What ``/healthz`` checks: the database answers, the broker accepts a connection, and the
media storage takes a write. Each check says ``ok`` or what failed, without secrets."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable
from pathlib import Path

from django.conf import settings
from django.db import connection

BROKER_TIMEOUT = 3.0


def database_check() -> str:
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        cursor.fetchone()
    return f"ok ({connection.vendor})"


def broker_check() -> str:
    from compliance.celery import app

    if app.conf.task_always_eager:
        return "ok (tasks run in the web process: no broker)"
    with app.connection_for_write() as conn:
        conn.ensure_connection(max_retries=1, timeout=BROKER_TIMEOUT)
        return f"ok ({conn.transport_cls})"


def storage_check() -> str:
    root = Path(settings.MEDIA_ROOT)
    root.mkdir(parents=True, exist_ok=True)
    with tempfile.NamedTemporaryFile(dir=root, prefix=".health-") as probe:
        probe.write(b"ok")
        probe.flush()
        os.fsync(probe.fileno())
    return "ok"


CHECKS: dict[str, Callable[[], str]] = {
    "database": database_check,
    "broker": broker_check,
    "storage": storage_check,
}


def health_report() -> tuple[bool, dict[str, str]]:
    """(all healthy, check -> "ok ..." or "error: <kind of failure>")."""
    results = {}
    for name, check in CHECKS.items():
        try:
            results[name] = check()
        except Exception as exc:  # a health check reports any failure, it never raises
            results[name] = f"error: {type(exc).__name__}: {str(exc)[:200]}"
    return all(r.startswith("ok") for r in results.values()), results
