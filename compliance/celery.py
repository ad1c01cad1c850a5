"""Celery application, configured from the Django settings (CELERY_* names)."""

import os

from celery import Celery
from celery.signals import task_postrun, task_prerun, worker_init
from django.utils.module_loading import import_string

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


@worker_init.connect
def _warm_worker(**_):
    """A worker's kernels loaded and the registry's defined side wagers read before it starts
    its pool's processes (they inherit them), so that its first chunk costs what the next
    ones do (AUDITS_WORKER_WARM: the function that does it, named as a string like every app
    this module wires; empty: none)."""
    from django.conf import settings

    if settings.AUDITS_WORKER_WARM:
        import_string(settings.AUDITS_WORKER_WARM)()
