"""Rate limits shared by every process: production mode (DJANGO_DEBUG=false, no CACHE_URL)
counts in the database cache, so two gunicorn processes together hold a limit of 60 a minute
within 10%; and ``check --deploy`` refuses a cache that lives in one process.

The gunicorn test needs PostgreSQL (the server's processes must see the test database).
"""

from __future__ import annotations

import secrets
import subprocess
import sys
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from tests.audits import worker_support as ws
from tests.audits.tasks.test_load import free_port
from tests.audits.worker_support import database_url  # noqa: F401  (fixture)

REPO = Path(__file__).resolve().parents[2]
LIMIT, CALLS = 60, 90


def _production(**more: str) -> dict[str, str]:
    import os

    env = dict(os.environ)
    env.pop("CACHE_URL", None)
    env.update(DJANGO_DEBUG="false", DJANGO_SECRET_KEY=secrets.token_urlsafe(64),
               DJANGO_ALLOWED_HOSTS="127.0.0.1", DJANGO_SECURE_COOKIES="false",
               LOG_LEVEL="WARNING", PYTHONPATH=str(REPO), **more)  # fmt: skip
    return env


def _status(url: str) -> int:
    request = urllib.request.Request(url, data=b"", method="POST")
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status
    except urllib.error.HTTPError as exc:
        return exc.code


@pytest.mark.postgres
def test_two_gunicorn_processes_hold_one_limit(database_url, tmp_path):  # noqa: F811
    port = free_port()
    env = _production(DATABASE_URL=database_url, API_RATE_ANONYMOUS=f"{LIMIT}/minute",
                      GUNICORN_BIND=f"127.0.0.1:{port}", GUNICORN_WORKERS="2",
                      GUNICORN_THREADS="2", MEDIA_ROOT=str(tmp_path))  # fmt: skip
    log = open(tmp_path / "gunicorn.log", "wb")  # noqa: SIM115 (closed below)
    server = subprocess.Popen(
        [str(REPO / ".venv/bin/gunicorn"), "compliance.wsgi", "-c", "deploy/gunicorn.conf.py"],
        cwd=REPO, env=env, stdout=log, stderr=subprocess.STDOUT,
    )  # fmt: skip
    base = f"http://127.0.0.1:{port}"
    try:
        ws.wait_for(lambda: _answers(f"{base}/healthz"), what="gunicorn to answer", timeout=60,
                    details=lambda: (tmp_path / "gunicorn.log").read_text()[-3000:])  # fmt: skip
        with ThreadPoolExecutor(4) as pool:  # both processes answer, some calls at once
            statuses = list(pool.map(_status, [f"{base}/api/audits/reports/verify/"] * CALLS))
    finally:
        server.terminate()
        with ws.waited("gunicorn to stop after SIGTERM"):
            server.wait(timeout=30)
        log.close()
    served = sum(1 for s in statuses if s != 429)
    assert set(statuses) <= {400, 429}, statuses  # 400: no file sent; 429: over the limit
    assert LIMIT * 0.9 <= served <= LIMIT * 1.1, f"{served} of {CALLS} answered: {statuses}"
    pids = {line.split()[-1] for line in (tmp_path / "gunicorn.log").read_text().splitlines()
            if "Booting worker with pid" in line}  # fmt: skip
    assert len(pids) == 2


def _answers(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=2):
            return True
    except urllib.error.HTTPError:
        return True
    except OSError:
        return False


@pytest.mark.parametrize(("cache_url", "refused"), [("", False), ("locmem", True)])
def test_check_deploy_refuses_a_cache_of_one_process(cache_url, refused):
    code = ("import django; from django.conf import settings; django.setup(); "
            "from django.core.management import call_command; "
            + ("settings.CACHES['default'] = {'BACKEND': "
               "'django.core.cache.backends.locmem.LocMemCache'}; " if cache_url else "")
            + "call_command('check', '--deploy', '--fail-level', 'ERROR', '--tag', 'caches'); "
            "print(settings.CACHES['default']['BACKEND'])")  # fmt: skip
    env = _production(DJANGO_SETTINGS_MODULE="compliance.settings")
    done = subprocess.run([sys.executable, "-c", code], cwd=REPO, env=env, capture_output=True,
                          text=True, timeout=120)  # fmt: skip
    if refused:
        assert done.returncode != 0 and "compliance.E001" in done.stderr
    else:
        assert done.returncode == 0, done.stderr
        assert done.stdout.strip().endswith("DatabaseCache")


@pytest.mark.django_db
def test_the_limit_slides_across_a_windows_edge():
    from compliance.rates import Rate, rate_hit

    rate, start = Rate.parse("60/minute"), 1_800_000_000.0  # a minute's start
    assert all(rate_hit("edge", rate, start + 50).allowed for _ in range(60))
    assert not rate_hit("edge", rate, start + 59).allowed  # every attempt counts, refused too
    # 15 s into the next minute three quarters of the last one's 61 still count: 45.75
    early = [rate_hit("edge", rate, start + 75).allowed for _ in range(30)]
    assert early.count(True) == 14
    # a minute and a half later the first minute no longer counts at all
    assert [rate_hit("edge", rate, start + 180).allowed for _ in range(61)].count(True) == 60


@pytest.mark.django_db
def test_each_client_and_limit_is_counted_apart():
    from compliance.rates import Rate, rate_hit

    rate = Rate.parse("2/s")
    assert [rate_hit("a", rate, 10.0).allowed for _ in range(3)] == [True, True, False]
    assert rate_hit("b", rate, 10.0).allowed
    assert rate_hit("a", rate, 10.0).retry_after == 1
