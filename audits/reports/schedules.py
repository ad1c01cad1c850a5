"""Scheduled reports: django-celery-beat periodic tasks that reviewers edit in the database.

A schedule names the kind of report, its scope (a venue code or a
jurisdiction code) and its period: a literal one (``2026-10``) or a relative
one (``previous_month``, ``previous_quarter``), read on the day it runs in
the jurisdiction's time zone.  Running a schedule twice for the same period
asks for one report only.

A schedule's name is unique within its jurisdiction: the periodic task behind it is named
``"<jurisdiction code>: <name>"`` (:func:`task_name`), so two jurisdictions may each have a
"monthly report" and neither learns of the other's.  A schedule whose days can never come
(30 February) is refused, with the reason.
"""

from __future__ import annotations

import calendar
import json
from datetime import datetime
from zoneinfo import ZoneInfo

from celery.schedules import crontab as celery_crontab
from cron_descriptor import ExpressionDescriptor, Options
from croniter import croniter
from django.core.exceptions import ValidationError
from django.utils import timezone
from django_celery_beat.models import CrontabSchedule, PeriodicTask

from audits.reports.lifecycle import report_request
from audits.reports.models import Report, ReportKind, ReportStatus
from audits.reports.periods import period_bounds, previous_month, previous_quarter
from games.models import Jurisdiction, Venue

RELATIVE = {"previous_month": previous_month, "previous_quarter": previous_quarter}
PERIOD_WORDS = {"previous_month": "the previous month", "previous_quarter": "the previous quarter"}
TASK = "audits.tasks.run_report_schedule"


def report_schedule_run(*, name: str, kind: str, scope: str, period: str) -> Report:
    """The schedule's report for its period: the one already asked for, or a new one."""
    venue, jurisdiction = _scope(kind, scope)
    concrete = _period(period, jurisdiction)
    via = f"schedule {name!r}"
    existing = (
        Report.objects.filter(kind=kind, period=concrete, requested_via=via)
        .filter(venue=venue, jurisdiction=jurisdiction)
        .exclude(status=ReportStatus.FAILED)
        .first()
    )
    if existing is not None:
        return existing
    return report_request(
        kind=kind, venue=venue, jurisdiction=jurisdiction, period=concrete, requested_via=via
    )


def _scope(kind: str, scope: str) -> tuple[Venue | None, Jurisdiction]:
    if kind == ReportKind.VENUE:
        venue = Venue.objects.select_related("licensee__jurisdiction").filter(code=scope).first()
        if venue is None:
            raise ValidationError({"scope": f"no venue {scope!r}"})
        return venue, venue.licensee.jurisdiction
    if kind == ReportKind.JURISDICTION:
        jurisdiction = Jurisdiction.objects.filter(code=scope).first()
        if jurisdiction is None:
            raise ValidationError({"scope": f"no jurisdiction {scope!r}"})
        return None, jurisdiction
    raise ValidationError({"kind": "a schedule makes venue or jurisdiction reports"})


def _period(period: str, jurisdiction: Jurisdiction) -> str:
    if period in RELATIVE:
        today = timezone.now().astimezone(ZoneInfo(jurisdiction.timezone)).date()
        return RELATIVE[period](today)
    return period


class OutOfScope(Exception):
    """The schedule's scope lies in another jurisdiction."""


class ScheduleNameTaken(Exception):
    """A schedule of that name exists already (it is paused, deleted or renamed, not
    overwritten)."""


CRON_FIELDS = ("minute", "hour", "day_of_week", "day_of_month", "month_of_year")


def crontab_check(fields: dict[str, str]) -> None:
    """Refuse cron fields Celery would reject when the schedule fires (``*/0``, an hour of
    99), naming the field; Celery's own parser decides.  Then refuse days that never come
    (30 February, 31 April): the schedule would never run."""
    for name in CRON_FIELDS:
        try:
            celery_crontab(**{name: fields.get(name, "*")})
        except Exception as exc:  # ValueError, or the parser's own ParseException
            message = f"{fields.get(name)!r} is not a cron {name}: {exc}"
            raise ValidationError({name: message}) from exc
    months = sorted(celery_crontab(month_of_year=fields.get("month_of_year", "*")).month_of_year)
    days = sorted(celery_crontab(day_of_month=fields.get("day_of_month", "*")).day_of_month)
    if not any(day <= _longest(month) for month in months for day in days):
        names = ", ".join(calendar.month_name[m] for m in months)
        raise ValidationError({"day_of_month": f"day {days[0]} never comes in {names}: the "
                               "schedule would never run"})  # fmt: skip


def _longest(month: int) -> int:
    """The most days ``month`` has (29 for February: leap years come)."""
    return calendar.monthrange(2024, month)[1]


def task_name(jurisdiction: Jurisdiction, name: str) -> str:
    """The periodic task's name of the jurisdiction's schedule ``name``."""
    return f"{jurisdiction.code}: {name}"


def report_schedule_create(
    *,
    name: str,
    kind: str,
    scope: str,
    period: str,
    crontab: dict[str, str],
    zone: str,
    within: Jurisdiction | None = None,
) -> PeriodicTask:
    """Create the named schedule (kept in the database, editable in the admin); with
    ``within``, only a schedule of that jurisdiction (a reviewer's), and never over an
    existing one of the same name (:class:`ScheduleNameTaken`). Without it (the standard
    schedules of ``create_report_schedules``), the named schedule is created or updated."""
    _, jurisdiction = _scope(kind, scope)  # refuse a schedule that could never run
    crontab_check(crontab)
    if within is not None:
        if jurisdiction != within:
            raise OutOfScope(name)
        if PeriodicTask.objects.filter(name=task_name(jurisdiction, name)).exists():
            raise ScheduleNameTaken(name)
    if period not in RELATIVE:
        period_bounds(period)  # a literal period must be one
    schedule, _ = CrontabSchedule.objects.get_or_create(**crontab, timezone=zone)
    task, _ = PeriodicTask.objects.update_or_create(
        name=task_name(jurisdiction, name),
        defaults={
            "task": TASK,
            "crontab": schedule,
            "kwargs": json.dumps({"name": name, "kind": kind, "scope": scope, "period": period}),
            "enabled": True,
        },
    )
    return task


MONTHLY = {"minute": "0", "hour": "6", "day_of_month": "2", "month_of_year": "*"}
QUARTERLY = {"minute": "0", "hour": "6", "day_of_month": "2", "month_of_year": "1,4,7,10"}


def report_schedules_for(jurisdiction: Jurisdiction) -> list[PeriodicTask]:
    """The usual schedules: every venue's report for the previous month on the 2nd of each
    month, and the jurisdiction's summary for the previous quarter."""
    tasks = []
    for venue in Venue.objects.filter(licensee__jurisdiction=jurisdiction).order_by("code"):
        tasks.append(
            report_schedule_create(
                name=f"monthly report {venue.code}",
                kind=ReportKind.VENUE,
                scope=venue.code,
                period="previous_month",
                crontab={**MONTHLY, "day_of_week": "*"},
                zone=jurisdiction.timezone,
            )
        )
    tasks.append(
        report_schedule_create(
            name=f"quarterly summary {jurisdiction.code}",
            kind=ReportKind.JURISDICTION,
            scope=jurisdiction.code,
            period="previous_quarter",
            crontab={**QUARTERLY, "day_of_week": "*"},
            zone=jurisdiction.timezone,
        )
    )
    return tasks


def report_schedule_jurisdiction(task: PeriodicTask) -> Jurisdiction | None:
    """The jurisdiction a report schedule belongs to (through its venue or its own scope)."""
    try:
        kwargs = json.loads(task.kwargs or "{}")
        _, jurisdiction = _scope(kwargs.get("kind", ""), kwargs.get("scope", ""))
    except (ValueError, ValidationError):
        return None
    return jurisdiction


def report_schedules_of(jurisdiction: Jurisdiction) -> list[PeriodicTask]:
    """The report schedules whose scope lies in ``jurisdiction``."""
    tasks = PeriodicTask.objects.filter(task=TASK).select_related("crontab").order_by("name")
    return [t for t in tasks if _jurisdiction_id(t) == jurisdiction.pk]


def _jurisdiction_id(task: PeriodicTask) -> int | None:
    jurisdiction = report_schedule_jurisdiction(task)
    return jurisdiction.pk if jurisdiction is not None else None


def report_schedule_pause(task: PeriodicTask, paused: bool) -> PeriodicTask:
    task.enabled = not paused
    task.save(update_fields=["enabled"])
    return task


def schedule_in_words(cron: CrontabSchedule) -> str:
    """``At 06:00, on day 2 of the month, only in January, April, July, and October``."""
    options = Options()
    options.use_24hour_time_format = True
    return ExpressionDescriptor(_expression(cron), options).get_description()


def schedule_next_run(cron: CrontabSchedule, now: datetime | None = None) -> datetime:
    """When the schedule next asks for a report, in its own time zone (daylight saving kept:
    06:00 is 06:00 local in winter and summer)."""
    now = (now or timezone.now()).astimezone(ZoneInfo(str(cron.timezone)))
    return croniter(_expression(cron), now).get_next(datetime)


def _expression(cron: CrontabSchedule) -> str:
    fields = (cron.minute, cron.hour, cron.day_of_month, cron.month_of_year, cron.day_of_week)
    return " ".join(fields)


def report_schedule_row(task: PeriodicTask, now: datetime | None = None) -> dict:
    """A schedule as the API and the pages show it: its cron fields, in words, and its next
    run (none while paused)."""
    kwargs = json.loads(task.kwargs or "{}")
    cron = task.crontab
    return {
        "id": task.pk,
        "name": kwargs.get("name") or task.name,
        "kind": kwargs.get("kind"),
        "scope": kwargs.get("scope"),
        "period": kwargs.get("period"),
        "minute": cron.minute if cron else None,
        "hour": cron.hour if cron else None,
        "day_of_month": cron.day_of_month if cron else None,
        "month_of_year": cron.month_of_year if cron else None,
        "day_of_week": cron.day_of_week if cron else None,
        "period_in_words": PERIOD_WORDS.get(kwargs.get("period"), kwargs.get("period")),
        "in_words": schedule_in_words(cron) if cron else None,
        "next_run_at": schedule_next_run(cron, now) if cron and task.enabled else None,
        "enabled": task.enabled,
        "last_run_at": task.last_run_at.astimezone(cron.timezone)
        if task.last_run_at and cron
        else task.last_run_at,
    }
