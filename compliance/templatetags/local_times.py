"""``{{ instant|stamp }}``: an instant in the active (jurisdiction's) time zone, with the
offset, also in the hour the clocks go back (Django's ``date:"O"`` leaves the offset out of an
ambiguous local time, which is exactly when a reader needs it)."""

from __future__ import annotations

from datetime import datetime

from django import template
from django.utils import timezone

register = template.Library()


@register.filter
def stamp(value: datetime | None, precision: str = "minutes") -> str:
    """``2026-11-01 01:30 -0800`` (``precision="seconds"``: ``01:30:00``)."""
    if not isinstance(value, datetime):
        return ""
    local = timezone.localtime(value) if timezone.is_aware(value) else value
    clock = "%H:%M:%S" if precision == "seconds" else "%H:%M"
    return local.strftime(f"%Y-%m-%d {clock} %z").strip()
