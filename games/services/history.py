"""Who made a change, for the registry's history (django-simple-history).

Over HTTP the history middleware records the signed-in user; services called
from commands or tasks name their actor explicitly with :func:`attribute_to`.
"""

from __future__ import annotations


def attribute_to(instance, actor) -> None:
    """Record ``actor`` (a user) as the author of ``instance``'s next saved change."""
    if getattr(actor, "pk", None):
        instance._history_user = actor
