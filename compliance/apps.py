from django.apps import AppConfig


class ComplianceConfig(AppConfig):
    """The project itself, as an app: its signal receivers and templates' tags load here."""

    name = "compliance"

    def ready(self) -> None:
        from django.urls import register_converter

        from compliance import checks, credentials, signin_guard  # noqa: F401  (registered)
        from compliance.converters import IdConverter

        credentials.connect()  # a password change or a disabled account ends the API tokens

        register_converter(IdConverter, "id")  # before any URLconf is read
