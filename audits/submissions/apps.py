"""The submissions room as a Django app: hand logs as submitted, their chunks, findings,
rounds read and totals.

Its tables keep the names they had when one app, ``audits``, owned them (``audits_*``): the
move changed Django's state only (:mod:`audits.migrations` 0016).
"""

from django.apps import AppConfig


class SubmissionsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "audits.submissions"
    label = "submissions"
    verbose_name = "Submissions and validation"
