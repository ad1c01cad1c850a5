"""Celery application, configured from the Django settings (CELERY_* names)."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "compliance.settings")

app = Celery("compliance")
app.config_from_object("django.conf:settings", namespace="CELERY")
# tasks.py of every installed app, plus the project's own compliance/tasks.py.
app.autodiscover_tasks()
app.autodiscover_tasks(["compliance"])
