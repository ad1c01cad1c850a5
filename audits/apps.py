from django.apps import AppConfig


class AuditsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "audits"

    def ready(self) -> None:
        from audits import tasks  # noqa: F401  (registers the tasks the services queue)
        from audits.monitoring.hooks import monitoring_hooks_register
        from audits.reports.coverage import reports_hooks_register

        monitoring_hooks_register()  # the ledger and deviations of every finished submission
        reports_hooks_register()  # a withdrawal of a reported submission is a request
