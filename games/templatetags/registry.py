"""Template filters of the registry pages."""

from __future__ import annotations

from django import template

register = template.Library()


@register.filter
def percent(value, places: int = 3) -> str:
    """0.0882740 -> "8.827%" (par-sheet figures are floats; money never goes through here)."""
    if value is None or value == "":
        return ""
    return f"{float(value) * 100:.{int(places)}f}%"


@register.filter
def short_hash(value: str) -> str:
    return (value or "")[:12]
