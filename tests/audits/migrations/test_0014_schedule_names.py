"""Migration 0014: an existing report schedule's periodic task is renamed "<jurisdiction>:
<name>" (names unique within a jurisdiction), its schedule kept; one whose scope names nothing
known keeps its name; reversing it gives the names back."""

from __future__ import annotations

import json

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

BEFORE = ("audits", "0013_round_keys_of_each_id_alone")
AFTER = ("audits", "0014_schedule_names_per_jurisdiction")
TASK = "audits.tasks.run_report_schedule"
#: the other apps as 0013 and 0014 know them
OTHERS = [("django_celery_beat", "0019_alter_periodictasks_options"),
          ("games", "0005_jurisdiction_monitoring_rules")]  # fmt: skip


@pytest.fixture
def migrated_back(transactional_db):
    executor = MigrationExecutor(connection)
    executor.migrate([BEFORE, *OTHERS])
    yield executor
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())


def _task(apps, name: str, kind: str, scope: str):
    schedule = apps.get_model("django_celery_beat", "CrontabSchedule").objects.create(
        minute="0", hour="6", day_of_month="2", month_of_year="*", day_of_week="*")  # fmt: skip
    kwargs = {"name": name, "kind": kind, "scope": scope, "period": "previous_quarter"}
    return apps.get_model("django_celery_beat", "PeriodicTask").objects.create(
        name=name, task=TASK, crontab=schedule, kwargs=json.dumps(kwargs))  # fmt: skip


def test_existing_schedules_are_named_within_their_jurisdiction(migrated_back):
    apps = migrated_back.loader.project_state([BEFORE, *OTHERS]).apps
    apps.get_model("games", "Jurisdiction").objects.create(code="wa-wsgc", name="Washington")
    known = _task(apps, "quarterly summary", "jurisdiction", "wa-wsgc")
    unknown = _task(apps, "orphan", "jurisdiction", "nowhere")

    migrated_back.loader.build_graph()
    migrated_back.migrate([AFTER, *OTHERS])
    tasks = apps.get_model("django_celery_beat", "PeriodicTask").objects
    assert tasks.get(pk=known.pk).name == "wa-wsgc: quarterly summary"
    assert tasks.get(pk=known.pk).crontab_id == known.crontab_id
    assert tasks.get(pk=unknown.pk).name == "orphan"

    migrated_back.loader.build_graph()
    migrated_back.migrate([BEFORE, *OTHERS])
    assert tasks.get(pk=known.pk).name == "quarterly summary"
