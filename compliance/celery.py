"""Celery application, configured from the Django settings (CELERY_* names)."""

import os

from celery import Celery
from celery.signals import task_postrun, task_prerun

from compliance.logs import log_context

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "compliance.settings")

app = Celery("compliance")
app.config_from_object("django.conf:settings", namespace="CELERY")
# tasks.py of every installed app, plus the project's own compliance/tasks.py.
app.autodiscover_tasks()
app.autodiscover_tasks(["compliance"])

_task_contexts: dict[str, object] = {}


@task_prerun.connect
def _enter_task_log_context(task_id=None, task=None, **_):
    """Every log line of a task carries its id (the task adds the submission or report)."""
    context = log_context(task_id=task_id)
    context.__enter__()
    _task_contexts[task_id] = context


@task_postrun.connect
def _leave_task_log_context(task_id=None, **_):
    context = _task_contexts.pop(task_id, None)
    if context is not None:
        context.__exit__(None, None, None)
