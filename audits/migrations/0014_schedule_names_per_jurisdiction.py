"""Report schedules' periodic tasks named "<jurisdiction code>: <name>" (names unique within a
jurisdiction; audits/reports/schedules.py task_name)."""

import json

from django.db import migrations

TASK = "audits.tasks.run_report_schedule"


def _jurisdiction_code(apps, kwargs: dict) -> str | None:
    Venue = apps.get_model("games", "Venue")
    Jurisdiction = apps.get_model("games", "Jurisdiction")
    scope = kwargs.get("scope", "")
    if kwargs.get("kind") == "venue":
        venue = Venue.objects.filter(code=scope).select_related("licensee__jurisdiction").first()
        return venue.licensee.jurisdiction.code if venue else None
    found = Jurisdiction.objects.filter(code=scope).first()
    return found.code if found else None


def prefix(apps, schema_editor):
    PeriodicTask = apps.get_model("django_celery_beat", "PeriodicTask")
    for task in PeriodicTask.objects.filter(task=TASK):
        kwargs = json.loads(task.kwargs or "{}")
        code = _jurisdiction_code(apps, kwargs)
        name = kwargs.get("name") or task.name
        if code and not task.name.startswith(f"{code}: "):
            task.name = f"{code}: {name}"
            task.save(update_fields=["name"])


def unprefix(apps, schema_editor):
    PeriodicTask = apps.get_model("django_celery_beat", "PeriodicTask")
    for task in PeriodicTask.objects.filter(task=TASK):
        name = json.loads(task.kwargs or "{}").get("name")
        if name:
            task.name = name
            task.save(update_fields=["name"])


class Migration(migrations.Migration):
    dependencies = [
        ("audits", "0013_round_keys_of_each_id_alone"),
        ("games", "0005_jurisdiction_monitoring_rules"),
        ("django_celery_beat", "0019_alter_periodictasks_options"),
    ]
    operations = [migrations.RunPython(prefix, unprefix)]
