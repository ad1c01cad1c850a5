"""A scheduled report made by real processes: celery beat reads the schedule from the
database, a celery worker on Redis generates and signs the report.

Skipped unless DATABASE_URL points at PostgreSQL (the processes must see the rows this test
commits) and Redis is running.
"""

from __future__ import annotations

import json
import time
import uuid
from pathlib import Path

import pytest
from django.conf import settings as django_settings
from django_celery_beat.models import IntervalSchedule, PeriodicTask

from audits.reports.models import Report, ReportStatus
from audits.reports.verification import report_check
from audits.samples import generate_toss_one
from audits.submissions.storage import submission_store
from audits.submissions.submissions import submission_validate_now
from tests.audits import worker_support as ws
from tests.audits.report_support import dev_identity_dir, signing  # noqa: F401  (fixtures)
from tests.audits.worker_support import database_url, rabbitmq_broker, redis_broker  # noqa: F401

pytestmark = pytest.mark.django_db(transaction=True)


def test_beat_and_a_worker_issue_the_scheduled_report_once(
    database_url,
    redis_broker,
    wa,
    media,
    signing,  # noqa: F811
    tmp_path,
):
    path = tmp_path / "october.jsonl"
    generate_toss_one(path, rounds=300, start="2026-10-05", days=2, fault_rate=0.05, seed=4)
    with open(path, "rb") as stream:
        submission, _ = submission_store(stream, original_name=path.name, licensee=wa)
    submission_validate_now(submission)

    queue = f"report-test-{uuid.uuid4().hex[:8]}"
    env = ws.worker_env(
        database_url=database_url,
        broker_url=redis_broker,
        result_backend=redis_broker,
        queue=queue,
        media_root=str(media),
    )
    env.update({k: _setting(k) for k in SIGNING_SETTINGS})
    every_two_seconds, _ = IntervalSchedule.objects.get_or_create(
        every=2, period=IntervalSchedule.SECONDS
    )
    kwargs = {"name": "test monthly", "kind": "venue", "scope": "WA-CR-0042", "period": "2026-10"}
    PeriodicTask.objects.create(
        name="test monthly",
        task="audits.tasks.run_report_schedule",
        interval=every_two_seconds,
        kwargs=json.dumps(kwargs),
        queue=queue,
    )

    with ws.celery_app_on(redis_broker, redis_broker, queue, tmp_path) as session:
        worker = session.start_worker("reports", env)
        worker.wait_ready(session.app)
        beat = ws.Beat(env, tmp_path)
        try:
            report = ws.wait_for(
                lambda: Report.objects.filter(status=ReportStatus.DONE).first(),
                timeout=120,
                what="the scheduled report to be issued",
                details=lambda: f"{worker.log_tail()}\n{beat.log_tail()}",
                interval=0.5,
            )
            with ws.waited("5 s of beat firing every 2 s after the report (still one report)"):
                time.sleep(5)
        finally:
            beat.stop()

    assert Report.objects.count() == 1, list(Report.objects.values("status", "requested_via"))
    assert report.requested_via == "schedule 'test monthly'" and report.period == "2026-10"
    pdf = (Path(django_settings.MEDIA_ROOT) / report.pdf_file).read_bytes()
    check = report_check(pdf)
    assert check.ok and check.issued_report == str(report.uuid), check.problems
    assert report.figures["summary"]["rounds"] == 300


SIGNING_SETTINGS = (
    "REPORT_SIGNING_PKCS12",
    "REPORT_SIGNING_KEY",
    "REPORT_SIGNING_CERT",
    "REPORT_SIGNING_CHAIN",
    "REPORT_TRUST_ROOTS",
)


def _setting(name: str) -> str:
    value = getattr(django_settings, name)
    return ",".join(value) if isinstance(value, list) else str(value)


def test_a_report_whose_worker_is_killed_is_issued_once_by_the_next(
    database_url,
    rabbitmq_broker,  # noqa: F811  (RabbitMQ gives a dead worker's task back at once)
    wa,
    media,
    signing,  # noqa: F811
    tmp_path,
):
    from audits.reports.lifecycle import report_request
    from audits.tasks import generate_report

    path = tmp_path / "kill.jsonl"
    generate_toss_one(path, rounds=3000, start="2026-10-05", days=5, fault_rate=0.05, seed=5)
    with open(path, "rb") as stream:
        submission, _ = submission_store(stream, original_name=path.name, licensee=wa)
    submission = submission_validate_now(submission)
    report = report_request(kind="submission", submission=submission, requested_via="kill test")
    queue = f"report-kill-{uuid.uuid4().hex[:8]}"
    env = ws.worker_env(
        database_url=database_url, broker_url=rabbitmq_broker, result_backend="rpc://",
        queue=queue, media_root=str(media),
    )  # fmt: skip
    env.update({k: _setting(k) for k in SIGNING_SETTINGS})

    def status():
        return Report.objects.filter(pk=report.pk).values_list("status", flat=True).get()

    with ws.celery_app_on(rabbitmq_broker, "rpc://", queue, tmp_path) as session:
        first = session.start_worker("a", env)
        first.wait_ready(session.app)
        generate_report.delay(report.pk)

        def running():
            now = status()
            if now == ReportStatus.DONE:
                pytest.fail(
                    f"worker A issued the report before it could be killed\n{first.log_tail()}"
                )
            return now == ReportStatus.RUNNING

        ws.wait_for(running, timeout=ws.RUN_TIMEOUT, what="worker A to be generating the report",
                    details=first.log_tail, interval=0.01)  # fmt: skip
        first.kill()
        assert status() == ReportStatus.RUNNING  # killed mid-generation: nothing issued
        second = session.start_worker("b", env)
        second.wait_ready(session.app)
        ws.wait_for(lambda: status() == ReportStatus.DONE, timeout=ws.RUN_TIMEOUT,
                    what="worker B to issue the report", details=second.log_tail)  # fmt: skip

    issued = Report.objects.get(pk=report.pk)
    assert Report.objects.filter(submission=submission).count() == 1
    assert issued.attempts == 2  # A's attempt, then B's: no third, no second report
    pdf = (Path(media) / issued.pdf_file).read_bytes()
    verification = report_check(pdf)
    assert (
        verification.intact
        and verification.trusted
        and verification.issued_report == str(issued.uuid)
    )
    leftovers = [p.name for p in (Path(media) / "reports").iterdir() if p.suffix != ".pdf"]
    assert not leftovers, leftovers  # the half-written file of A never shows
