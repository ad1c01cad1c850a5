"""The monitoring room as a Django app: the ledger of gaming days, deviations of hold from
par, dealers' and seats' days.

Its tables keep the names they had when one app, ``audits``, owned them (``audits_*``): the
move changed Django's state only (:mod:`audits.migrations` 0016).
"""

from django.apps import AppConfig


class MonitoringConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "audits.monitoring"
    label = "monitoring"
    verbose_name = "Monitoring"
