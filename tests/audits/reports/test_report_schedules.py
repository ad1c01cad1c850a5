"""Report schedules: django-celery-beat periodic tasks, and what running one asks for."""

from __future__ import annotations

import json
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest
from django.core.exceptions import ValidationError
from django.core.management import call_command
from django_celery_beat.models import PeriodicTask

from audits.reports.models import Report, ReportStatus
from audits.reports.schedules import (
    report_schedule_create,
    report_schedule_row,
    report_schedule_run,
    schedule_next_run,
)

pytestmark = pytest.mark.django_db


def test_the_usual_schedules_are_created_once(wa):
    call_command("create_report_schedules", "wa-wsgc")
    call_command("create_report_schedules", "wa-wsgc")  # updates, never duplicates
    tasks = {t.name: t for t in PeriodicTask.objects.all()}
    assert set(tasks) == {
        "wa-wsgc: monthly report WA-CR-0042",
        "wa-wsgc: monthly report WA-TC-0007",
        "wa-wsgc: quarterly summary wa-wsgc",
    }
    monthly = tasks["wa-wsgc: monthly report WA-CR-0042"]
    assert monthly.task == "audits.tasks.run_report_schedule"
    assert (monthly.crontab.day_of_month, monthly.crontab.hour) == ("2", "6")
    assert str(monthly.crontab.timezone) == "America/Los_Angeles"
    assert json.loads(monthly.kwargs)["period"] == "previous_month"
    quarterly = tasks["wa-wsgc: quarterly summary wa-wsgc"]
    assert quarterly.crontab.month_of_year == "1,4,7,10"


def test_running_a_schedule_twice_asks_for_one_report(wa, monkeypatch):
    now = datetime(2026, 11, 2, 6, 0, tzinfo=ZoneInfo("America/Los_Angeles"))
    monkeypatch.setattr("django.utils.timezone.now", lambda: now)
    args = {"name": "monthly", "kind": "venue", "scope": "WA-CR-0042", "period": "previous_month"}
    first = report_schedule_run(**args)
    again = report_schedule_run(**args)
    assert first.pk == again.pk
    assert (first.period, first.requested_via) == ("2026-10", "schedule 'monthly'")
    Report.objects.filter(pk=first.pk).update(status=ReportStatus.FAILED)
    retried = report_schedule_run(**args)  # a failed one is asked for again
    assert retried.pk != first.pk


def test_a_schedule_that_could_never_run_is_refused(wa):
    base = {"name": "x", "crontab": {"minute": "0"}, "zone": "UTC", "period": "previous_month"}
    with pytest.raises(ValidationError):
        report_schedule_create(kind="venue", scope="NO-SUCH-VENUE", **base)
    with pytest.raises(ValidationError):
        report_schedule_create(kind="submission", scope="WA-CR-0042", **base)
    with pytest.raises(ValueError):
        report_schedule_create(**{**base, "period": "last week"}, kind="venue", scope="WA-CR-0042")


def test_a_schedule_reads_in_words_with_its_next_run_in_local_time(wa):
    call_command("create_report_schedules", "wa-wsgc")
    tasks = {t.name: t for t in PeriodicTask.objects.select_related("crontab")}
    monthly = tasks["wa-wsgc: monthly report WA-CR-0042"]
    quarterly = tasks["wa-wsgc: quarterly summary wa-wsgc"]
    pacific = ZoneInfo("America/Los_Angeles")
    winter = datetime(2026, 11, 27, 10, 0, tzinfo=pacific)
    row = report_schedule_row(monthly, now=winter)
    assert row["in_words"] == "At 06:00, on day 2 of the month"
    assert row["next_run_at"] == datetime(2026, 12, 2, 6, 0, tzinfo=pacific)
    assert row["next_run_at"].utcoffset().total_seconds() == -8 * 3600
    summer = datetime(2026, 6, 15, 12, 0, tzinfo=ZoneInfo("UTC"))
    assert schedule_next_run(monthly.crontab, summer).isoformat() == "2026-07-02T06:00:00-07:00"
    assert report_schedule_row(quarterly, now=winter)["in_words"] == (
        "At 06:00, on day 2 of the month, only in January, April, July, and October"
    )
    assert report_schedule_row(quarterly, now=winter)["next_run_at"].date().isoformat() == (
        "2027-01-02"
    )
    monthly.enabled = False
    assert report_schedule_row(monthly, now=winter)["next_run_at"] is None
