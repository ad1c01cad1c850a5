"""The Celery tasks the services hand work to, reached without importing them.

The tasks import the services; a service that queues a task finds it here instead, where
:mod:`audits.tasks` registers each of its tasks when it is imported (the app's
``ready()`` imports it in every process: web, worker, command).
"""

from __future__ import annotations

from typing import Any

_TASKS: dict[str, Any] = {}


def task_register(name: str, task: Any) -> None:
    """Make ``task`` (a Celery task) the one the services queue as ``name``."""
    _TASKS[name] = task


def task_named(name: str) -> Any:
    """The task registered as ``name``; an error that says why when there is none."""
    try:
        return _TASKS[name]
    except KeyError:
        message = f"no task registered as {name!r}: audits.tasks was not imported"
        raise LookupError(message) from None
