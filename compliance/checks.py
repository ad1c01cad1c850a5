"""Deployment checks of our own (``manage.py check --deploy``, which ``make serve`` runs)."""

from __future__ import annotations

import os
from pathlib import Path

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


@register(Tags.security, deploy=True)
def receipt_key(app_configs, **kwargs):
    """Every live receipt is signed: without the key, every post would be refused."""
    path = Path(settings.LIVE_RECEIPT_KEY)
    if path.is_file() and os.access(path, os.R_OK):
        return []
    return [
        Error(
            f"LIVE_RECEIPT_KEY ({path}) is not a file this process can read: the live append "
            "door could sign no receipt and would refuse every post",
            hint="make the key with `manage.py create_receipt_key` (docs/deploy.md, "
            '"Rotating the receipt key"), or point LIVE_RECEIPT_KEY at it',
            id="compliance.E002",
        )
    ]
