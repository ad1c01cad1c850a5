"""Live rounds as a Django app: table tokens, the append API, receipts and gaming days."""

from django.apps import AppConfig


class LiveConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "audits.live"
    label = "live"
    verbose_name = "Live rounds"
