"""Deployment checks of our own (``manage.py check --deploy``, which ``make serve`` runs)."""

from __future__ import annotations

from django.conf import settings
from django.core.checks import Error, Tags, register

#: caches that live in one process: rate limits kept there are counted per process
PROCESS_LOCAL = (
    "django.core.cache.backends.locmem.LocMemCache",
    "django.core.cache.backends.dummy.DummyCache",
)


@register(Tags.caches, deploy=True)
def shared_cache(app_configs, **kwargs):
    backend = settings.CACHES["default"]["BACKEND"]
    if backend not in PROCESS_LOCAL:
        return []
    return [
        Error(
            f"the default cache ({backend}) lives in one process: each gunicorn process would "
            "count the rate limits apart",
            hint="set CACHE_URL=redis://..., or leave it unset in production for the database "
            "cache (compliance_cache)",
            id="compliance.E001",
        )
    ]
