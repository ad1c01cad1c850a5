"""The investigations room as a Django app: cases opened on findings or deviations, and
their threads.

Its tables keep the names they had when one app, ``audits``, owned them (``audits_*``): the
move changed Django's state only (:mod:`audits.migrations` 0016).
"""

from django.apps import AppConfig


class InvestigationsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "audits.investigations"
    label = "investigations"
    verbose_name = "Investigations"
