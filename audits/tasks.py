"""Celery tasks: thin wrappers around the submission services.

``validate_submission`` splits the file and fans the chunks out to workers;
``validate_chunk`` is idempotent (a chunk is stored whole or not at all) and
acknowledged late, so a chunk whose worker dies is delivered again; a chunk
that fails for good (or keeps killing its worker) fails the submission with
the reason; ``finish_submission`` waits until every chunk is done, then merges
(and, with ``AUDITS_REPORT_ON_FINISH``, asks for the submission's report).
``generate_report`` issues a signed report; ``run_report_schedule`` is what the
schedules of django-celery-beat run.

The report tasks import the reports' services when they run, so that a process that only
validates (most workers, the web, every command) does not carry ReportLab, pyHanko and
their kind: about 47 MB of each process's memory.
"""

from __future__ import annotations

from celery import group, shared_task
from django.conf import settings
from django.db import InterfaceError, OperationalError

from audits.reports.models import Report, ReportStatus
from audits.submissions.finish import submission_finish
from audits.submissions.models import Submission, SubmissionStatus
from audits.submissions.queue import task_register
from audits.submissions.run import (
    SubmissionFailed,
    chunk_validate,
    submission_fail,
    submission_prepare,
)
from audits.submissions.submissions import all_chunks_done
from compliance.logs import log_context

#: the database went away (a restart, a failover): try again later, never fail or drop the work
RETRYABLE = (OperationalError, InterfaceError)
LATE = {"acks_late": True, "reject_on_worker_lost": True}


@shared_task(bind=True, autoretry_for=RETRYABLE, retry_backoff=True, max_retries=10, **LATE)
def validate_submission(self, submission_id: int) -> str:
    submission = Submission.objects.get(pk=submission_id)
    with log_context(submission=submission.uuid):
        try:
            chunks = submission_prepare(submission)
        except SubmissionFailed as exc:
            return f"failed: {exc}"
        pending = [c.index for c in chunks if not c.done]
        group(validate_chunk.si(submission_id, i) for i in pending).apply_async()
        finish_submission.apply_async((submission_id,), countdown=1)
        return f"{len(pending)} chunk(s) dispatched"


@shared_task(bind=True, autoretry_for=RETRYABLE, retry_backoff=True, max_retries=10, **LATE)
def validate_chunk(self, submission_id: int, index: int) -> bool:
    submission = Submission.objects.get(pk=submission_id)
    if submission.status == SubmissionStatus.FAILED:
        return False
    with log_context(submission=submission.uuid, chunk=index):
        try:
            return chunk_validate(submission.chunks.get(index=index))
        except RETRYABLE as exc:
            if self.request.retries >= self.max_retries:
                _fail(submission, index, exc)
            raise
        except Exception as exc:  # a chunk that fails for good fails its submission
            _fail(submission, index, exc)
            raise


def _fail(submission: Submission, index: int, exc: Exception) -> None:
    submission_fail(submission, f"chunk {index} could not be validated: {exc}")


@shared_task(
    bind=True, autoretry_for=RETRYABLE, retry_backoff=True, retry_backoff_max=60,
    max_retries=None, **LATE,
)  # fmt: skip
def finish_submission(self, submission_id: int) -> str:
    submission = Submission.objects.get(pk=submission_id)
    with log_context(submission=submission.uuid):
        return _finish(self, submission)


def _finish(task, submission: Submission) -> str:
    if submission.status == SubmissionStatus.FAILED:
        return submission.status
    if not all_chunks_done(submission):
        raise task.retry(countdown=1)
    submission = submission_finish(submission)
    if settings.AUDITS_REPORT_ON_FINISH and submission.status == SubmissionStatus.DONE:
        if not submission.reports.exists():  # a finish task run twice asks once
            from audits.reports.lifecycle import report_request  # when run (module docstring)

            report = report_request(
                kind="submission", submission=submission, requested_via="validation finished"
            )
            generate_report.delay(report.pk)
    return submission.status


@shared_task(bind=True, autoretry_for=RETRYABLE, retry_backoff=True, max_retries=5, **LATE)
def generate_report(self, report_id: int) -> str:
    """Generate, sign and issue a report; a retry never makes a second one."""
    from audits.reports.lifecycle import report_fail, report_generate  # when run (module docstring)

    report = Report.objects.select_related("submission").get(pk=report_id)
    submission = report.submission.uuid if report.submission else None
    with log_context(report=report.uuid, submission=submission):
        try:
            return report_generate(report).status
        except RETRYABLE as exc:
            if self.request.retries >= self.max_retries:
                report_fail(report, f"the database could not be reached: {exc}")
            raise
        except Exception as exc:  # fails for good: the report says why
            report_fail(report, f"{type(exc).__name__}: {exc}")
            raise


@shared_task(bind=True, **LATE)
def run_report_schedule(self, name: str, kind: str, scope: str, period: str) -> str:
    """A scheduled report (django-celery-beat): request it once per period, then generate it."""
    from audits.reports.schedules import report_schedule_run  # when run (module docstring)

    report = report_schedule_run(name=name, kind=kind, scope=scope, period=period)
    if report.status != ReportStatus.DONE:
        generate_report.delay(report.pk)
    return str(report.uuid)


task_register("validate_submission", validate_submission)
task_register("generate_report", generate_report)
