"""A migration's step for models that move from one app to another with their tables: their
content types (and so the permissions and admin log entries that point at them) follow them,
and come back if the migration is reversed.

Frozen: the rooms' first migrations import it by this name, and a migration that has landed is
never edited; changing this would change what they do to a new database
(``tests/test_migrations_frozen.py``)."""

from __future__ import annotations

from django.db import migrations


def _relabel(apps, models: list[str], old: str, new: str) -> None:
    content_types = apps.get_model("contenttypes", "ContentType").objects
    for model in models:
        if content_types.filter(app_label=old, model=model).exists():
            # a type made afresh for the new label (by an earlier migrate) gives way to the old
            # one, which carries the permissions and log entries
            content_types.filter(app_label=new, model=model).delete()
            content_types.filter(app_label=old, model=model).update(app_label=new)


def content_types_relabelled(models: list[str], *, old: str, new: str) -> migrations.RunPython:
    """The operation that moves ``models``' content types from app ``old`` to ``new``."""
    return migrations.RunPython(
        lambda apps, _editor: _relabel(apps, models, old, new),
        lambda apps, _editor: _relabel(apps, models, new, old),
    )
