"""The registry's revision: a digest that changes whenever any record of the registry is
created, changed or deleted (each is a row of its history, django-simple-history), so that
what was computed from the registry can tell whether it still holds."""

from __future__ import annotations

import hashlib

from django.apps import apps
from django.db import connection


def registry_revision() -> str:
    """A digest of the last history row (and the count of rows) of every registry model,
    read in one query (a finish asks for it; one query per model cost 17 round trips)."""
    histories = _histories()
    quote = connection.ops.quote_name
    sql = " UNION ALL ".join(  # each name a typed parameter, however the driver binds it
        f"SELECT CAST(%s AS VARCHAR(100)), MAX({quote(pk)}), COUNT({quote(pk)}) "
        f"FROM {quote(table)}"
        for _, table, pk in histories
    )
    found = {}
    if histories:
        with connection.cursor() as cursor:
            cursor.execute(sql, [name for name, _, _ in histories])
            found = {name: (last, rows) for name, last, rows in cursor.fetchall()}
    digest = hashlib.sha256()
    for name, _, _ in histories:
        last, rows = found[name]
        digest.update(f"{name}:{last}:{rows}\n".encode())
    return digest.hexdigest()


def _histories() -> list[tuple[str, str, str]]:
    """``(model name, its history's table, the history's key column)`` of every registry
    model with a history, by model name."""
    found = []
    for model in sorted(apps.get_app_config("games").get_models(), key=lambda m: m.__name__):
        history = getattr(model, "history", None)
        if history is None or not hasattr(history, "model"):
            continue
        meta = history.model._meta
        found.append((model.__name__, meta.db_table, meta.pk.column))
    return found
