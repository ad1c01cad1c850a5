"""The registry's revision: a digest that changes whenever any record of the registry is
created, changed or deleted (each is a row of its history, django-simple-history), so that
what was computed from the registry can tell whether it still holds."""

from __future__ import annotations

import hashlib

from django.apps import apps
from django.db.models import Count, Max


def registry_revision() -> str:
    """A digest of the last history row (and the count of rows) of every registry model."""
    digest = hashlib.sha256()
    for model in sorted(apps.get_app_config("games").get_models(), key=lambda m: m.__name__):
        history = getattr(model, "history", None)
        if history is None or not hasattr(history, "model"):
            continue
        last = history.model.objects.aggregate(last=Max("history_id"), rows=Count("history_id"))
        digest.update(f"{model.__name__}:{last['last']}:{last['rows']}\n".encode())
    return digest.hexdigest()
