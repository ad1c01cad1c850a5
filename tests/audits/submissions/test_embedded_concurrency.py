"""The embedded mode (``make demo``: runserver, SQLite in a file, no broker: validation runs in
a thread of the web process, one at a time) takes six uploads at once: every one answers 202
at once, before it is validated, with its progress over the API, and every one is then
validated, none left waiting with "database is locked".

A real ``runserver`` process on its own SQLite file; runs in the SQLite pass only (the
embedded mode is SQLite whatever the suite's DATABASE_URL).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from django.conf import settings as django_settings

from tests.audits.tasks.test_load import free_port
from tests.conftest import sqlite_copy
from tests.waiting import wait_for, waited

REPO = Path(__file__).resolve().parents[3]
UPLOADS, ROUNDS = 6, 1500

SETUP = """
from django.contrib.auth import get_user_model
from knox.models import AuthToken
from games.models import Jurisdiction, Licensee, Membership, Role
wa = Jurisdiction.objects.create(code="wa-wsgc", name="Washington")
licensee = Licensee.objects.create(jurisdiction=wa, name="L", license_number="1")
user = get_user_model().objects.create_user("staff")
Membership.objects.create(user=user, role=Role.STAFF, licensee=licensee)
print(AuthToken.objects.create(user=user)[1])
"""


def embedded_env(tmp_path: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("CELERY_", "DATABASE_"))}
    env.update(
        DATABASE_URL=f"sqlite:///{tmp_path / 'embedded.sqlite3'}",
        MEDIA_ROOT=str(tmp_path / "media"),
        DJANGO_DEBUG="true",
        API_RATE_UPLOADS="1000/hour",
        LOG_LEVEL="WARNING",
        PYTHONUNBUFFERED="1",
    )
    return env


def manage(env, *args: str) -> str:
    done = subprocess.run(
        [sys.executable, "manage.py", *args], cwd=REPO, env=env, capture_output=True,
        text=True, timeout=300,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout


def log_of(i: int) -> bytes:
    line = {
        "v": 1, "played_at": "2026-10-01T20:00:00-07:00", "venue": "EMBEDDED-1",
        "table": "T1", "game": "toss-one-21", "shoe": {"decks": 6},
        "dealer": {"cards": ["AS", "KD", "7C", "2H"], "toss": "KD"},
        "seats": [{"seat": 1, "cards": ["TS", "AH", "KC", "9D"], "toss": "9D",
                   "wagers": {"main": "25"}, "results": {"main": "37.50"}}],
    }  # fmt: skip
    rows = (json.dumps({**line, "round": f"F{i}-{n}"}) for n in range(ROUNDS))
    return ("\n".join(rows) + "\n").encode()


def call(url: str, token: str, body: bytes | None = None):
    request = urllib.request.Request(url, data=body, method="POST" if body else "GET")
    request.add_header("Authorization", f"Token {token}")
    if body:
        request.add_header("Content-Type", "application/x-ndjson")
    try:
        with urllib.request.urlopen(request, timeout=300) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read() or b"{}")


@pytest.fixture
def embedded_server(tmp_path, migrated_sqlite):
    if django_settings.DATABASES["default"]["ENGINE"] != "django.db.backends.sqlite3":
        pytest.skip("the embedded mode is SQLite: this runs in the SQLite pass")
    env = embedded_env(tmp_path)
    sqlite_copy(migrated_sqlite, tmp_path / "embedded.sqlite3")
    with waited("migrations of a fresh embedded SQLite database"):
        manage(env, "migrate", "--noinput")
    token = manage(env, "shell", "-c", SETUP).strip().splitlines()[-1]
    port = free_port()
    log = open(tmp_path / "runserver.log", "wb")  # noqa: SIM115 (closed below)
    server = subprocess.Popen(
        [sys.executable, "manage.py", "runserver", f"127.0.0.1:{port}", "--noreload"],
        cwd=REPO, env=env, stdout=log, stderr=subprocess.STDOUT,
    )  # fmt: skip
    base = f"http://127.0.0.1:{port}"

    def answering():
        try:
            with urllib.request.urlopen(f"{base}/healthz", timeout=2):
                return True
        except urllib.error.HTTPError:
            return True  # it answers (a 503 is still an answer)
        except OSError:
            return False

    try:
        wait_for(answering, timeout=60, what="runserver to answer",
                 details=lambda: (tmp_path / "runserver.log").read_text()[-3000:])  # fmt: skip
        yield base, token, tmp_path
    finally:
        server.terminate()
        with waited("runserver to stop after SIGTERM"):
            server.wait(timeout=30)
        log.close()


def test_six_uploads_at_once_are_all_validated(embedded_server):
    base, token, tmp_path = embedded_server
    answers: dict[int, tuple] = {}

    def upload(i: int) -> None:
        answers[i] = call(f"{base}/api/audits/submissions/?name=f{i}.jsonl", token, log_of(i))

    threads = [threading.Thread(target=upload, args=(i,)) for i in range(UPLOADS)]
    with waited(f"{UPLOADS} concurrent uploads to be answered"):
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=300)
    assert sorted(status for status, _ in answers.values()) == [202] * UPLOADS, answers
    # answered at once: one validation runs at a time, so at least five were still waiting
    waiting = [b for _, b in answers.values() if b.get("status") in ("queued", "validating")]
    assert len(waiting) >= UPLOADS - 1, answers
    first = call(waiting[-1]["url"], token)[1]
    assert {"lines_done", "findings_so_far", "seconds_left"} <= set(first["progress"])

    def states():
        return [call(body["url"], token)[1].get("status") for _, body in answers.values()]

    wait_for(
        lambda: all(s in ("done", "failed") for s in states()),
        timeout=300, what=f"{UPLOADS} embedded validations to end", interval=0.5,
        details=lambda: f"{states()}\n{(tmp_path / 'runserver.log').read_text()[-3000:]}",
    )  # fmt: skip
    details = [call(body["url"], token)[1] for _, body in answers.values()]
    assert [d["status"] for d in details] == ["done"] * UPLOADS, details
    assert all(d["summary"]["rounds"] == ROUNDS for d in details)
