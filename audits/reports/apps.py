"""The reports room as a Django app: signed audit reports.

Its tables keep the names they had when one app, ``audits``, owned them (``audits_*``): the
move changed Django's state only (:mod:`audits.migrations` 0016).
"""

from django.apps import AppConfig


class ReportsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "audits.reports"
    label = "reports"
    verbose_name = "Audit reports"
