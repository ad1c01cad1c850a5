"""Whether this is the embedded demo mode (``DEBUG`` on and the embedded SQLite database),
the only mode that has demo accounts."""

from __future__ import annotations

from django.db import DEFAULT_DB_ALIAS, connections


def database_vendor() -> str:
    """The default database's vendor: ``"sqlite"`` for the embedded database."""
    return connections[DEFAULT_DB_ALIAS].vendor


def demo_mode_refusal(*, debug: bool, vendor: str) -> str | None:
    """Why this is not the embedded demo mode (``DEBUG`` on and SQLite), or ``None``."""
    reasons = []
    if not debug:
        reasons.append("settings.DEBUG is off (DJANGO_DEBUG=false: production mode)")
    if vendor != "sqlite":
        reasons.append(f"the database is {vendor}, not the embedded SQLite database")
    if not reasons:
        return None
    return (
        "demo accounts are created only in the embedded demo mode (DEBUG on and the embedded "
        f"SQLite database), and here {' and '.join(reasons)}; nothing was created. Outside the "
        "demo, create users with `manage.py createsuperuser` and give them their roles in the "
        "admin (Memberships)"
    )
