"""``{{ amount|money }}``, ``{{ n|count }}`` and ``{{ seconds|duration_words }}``: figures as
a reader expects them on every page, with thousands separators, money always with its two
decimals (``0.00`` is shown, never blank; ``-557.50``, never ``-557.5``), a time in words,
and a dash for a sum that does not exist."""

from __future__ import annotations

from decimal import Decimal, InvalidOperation

from django import template

register = template.Library()
NONE = "—"


@register.filter
def money(value) -> str:
    """``1,234.50``; ``—`` for ``None`` or what is not a number."""
    amount = _decimal(value)
    return NONE if amount is None else f"{amount:,.2f}"


@register.filter
def count(value) -> str:
    """``12,345``; ``—`` for ``None`` or what is not a number."""
    amount = _decimal(value)
    if amount is None:
        return NONE
    return f"{amount:,.0f}" if amount == amount.to_integral_value() else f"{amount:,}"


def _decimal(value) -> Decimal | None:
    if value is None or value == "" or isinstance(value, bool):
        return None
    try:
        amount = Decimal(str(value))
    except InvalidOperation:
        return None
    return amount if amount.is_finite() else None


@register.filter
def duration_words(seconds) -> str:
    """``45 seconds``, ``3 minutes``, ``1 hour 20 minutes``: a time left, as said aloud."""
    amount = _decimal(seconds)
    if amount is None:
        return NONE
    total = max(0, int(amount))
    if total < 60:
        return f"{total} second{'' if total == 1 else 's'}"
    minutes = round(total / 60)
    if minutes < 60:
        return f"{minutes} minute{'' if minutes == 1 else 's'}"
    hours, minutes = divmod(minutes, 60)
    words = f"{hours} hour{'' if hours == 1 else 's'}"
    return words + (f" {minutes} minute{'' if minutes == 1 else 's'}" if minutes else "")
