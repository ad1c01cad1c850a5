"""PostgreSQL restarts while clients submit: each client gets 202 or a clear 503, never a 5xx
of another kind; every submission that exists holds the whole file and is validated; a
refused upload sent again is accepted.  Nothing is half-written.

Needs the local PostgreSQL cluster (restarted with pg_ctlcluster, as .ci/run starts it),
Redis, gunicorn and a real Celery worker; skipped, saying why, without them.
"""

from __future__ import annotations

import hashlib
import shutil
import subprocess
import threading
import time
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from knox.models import AuthToken

from audits.samples import generate_toss_one
from audits.submissions.models import Submission
from audits.submissions.run import media_path
from games.models import Membership, Role
from tests.audits import worker_support as ws
from tests.audits.report_support import dev_identity_dir, signing  # noqa: F401  (fixtures)
from tests.audits.tasks.test_load import call, gunicorn  # noqa: F401  (fixture)
from tests.audits.worker_support import database_url, redis_broker  # noqa: F401  (fixtures)

pytestmark = pytest.mark.django_db(transaction=True)
CLIENTS, ROUNDS = 12, 1000


def restart_command() -> list[str]:
    versions = sorted(Path("/etc/postgresql").glob("*")) if Path("/etc/postgresql").is_dir() else []
    if not shutil.which("pg_ctlcluster") or not versions:
        pytest.skip("no local PostgreSQL cluster to restart (pg_ctlcluster, /etc/postgresql)")
    return ["pg_ctlcluster", "--skip-systemctl-redirect", versions[-1].name, "main", "restart",
            "-m", "fast"]  # fmt: skip


def test_uploads_across_a_database_restart_are_whole_or_refused(gunicorn, wa, tmp_path):  # noqa: F811
    command = restart_command()
    base, env = gunicorn
    user = get_user_model().objects.create_user("restart-staff")
    Membership.objects.create(user=user, role=Role.STAFF, licensee=wa)
    token = AuthToken.objects.create(user=user)[1]
    logs = []
    for i in range(CLIENTS):
        path = tmp_path / f"restart-{i}.jsonl"
        generate_toss_one(
            path, rounds=ROUNDS, start="2026-10-01", days=1, fault_rate=0, seed=300 + i
        )
        logs.append(path.read_bytes())
    answers: dict[int, int] = {}

    def upload(i: int) -> None:
        time.sleep(0.15 * i)  # spread over the restart
        answers[i] = call("POST", f"{base}/api/audits/submissions/?name=restart-{i}.jsonl",
                          token, logs[i])[0]  # fmt: skip

    with ws.celery_app_on(env["CELERY_BROKER_URL"], env["CELERY_BROKER_URL"],
                          env["CELERY_TASK_DEFAULT_QUEUE"], tmp_path) as session:  # fmt: skip
        worker = session.start_worker("restart", env)
        worker.wait_ready(session.app)
        threads = [threading.Thread(target=upload, args=(i,)) for i in range(CLIENTS)]
        for thread in threads:
            thread.start()
        time.sleep(0.5)
        with ws.waited("PostgreSQL to restart (pg_ctlcluster restart -m fast)"):
            restarted = subprocess.run(command, capture_output=True, text=True, timeout=120)
        assert restarted.returncode == 0, restarted.stderr
        with ws.waited(f"{CLIENTS} upload threads to end across the restart"):
            for thread in threads:
                thread.join(timeout=180)
        connection.close()  # this process's connection died with the restart
        first = dict(answers)
        refused = sorted(i for i, status in first.items() if status != 202)
        for i in refused:  # a clear refusal: sending the file again is enough
            answers[i] = call("POST", f"{base}/api/audits/submissions/?name=restart-{i}.jsonl",
                              token, logs[i])[0]  # fmt: skip

        def all_validated():
            rows = Submission.objects.filter(original_name__startswith="restart-")
            return rows.count() == CLIENTS and not rows.exclude(status="done").exists()

        def states():
            rows = Submission.objects.filter(original_name__startswith="restart-")
            seen = sorted(rows.values_list("original_name", "status", "chunk_count"))
            return f"answers {answers}; refused first {refused}; rows {seen}\n{worker.log_tail()}"

        ws.wait_for(all_validated, what="every submission validated", timeout=300,
                    details=states)  # fmt: skip

    assert set(first.values()) <= {202, 503}, first  # accepted, or a clear "try again"
    assert set(answers.values()) == {202}, answers
    for submission in Submission.objects.filter(original_name__startswith="restart-"):
        i = int(submission.original_name.split("-")[1].split(".")[0])
        stored = media_path(submission.raw_file).read_bytes()
        assert stored == logs[i] and submission.sha256 == hashlib.sha256(logs[i]).hexdigest()
        assert submission.rounds_total == ROUNDS and submission.lines_total == ROUNDS
    print(f"\nanswered 503 during the restart, then 202 when sent again: {refused}")
