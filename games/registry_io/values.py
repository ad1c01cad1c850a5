"""Typed values of a registry file: dates, RFC 3339 times, money, text."""

from __future__ import annotations

import re
from datetime import date, datetime
from decimal import Decimal, InvalidOperation
from typing import Any

_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
_RFC3339 = re.compile(
    r"^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:[Zz]|[+-]\d{2}:\d{2})$"
)


def parse_rfc3339(text: str) -> datetime:
    """An RFC 3339 time with its offset (``2026-11-01T21:14:03-08:00``), as an aware datetime."""
    if not isinstance(text, str) or not _RFC3339.match(text.strip()):
        raise ValueError(
            f"{text!r} is not an RFC 3339 time with its offset, e.g. 2026-11-01T21:14:03-08:00"
        )
    try:
        return datetime.fromisoformat(text.strip().replace("z", "Z"))
    except ValueError as exc:
        raise ValueError(f"{text!r} is not a valid time: {exc}") from None


def text(value: Any) -> str:
    if not isinstance(value, str) or not value.strip():
        raise ValueError(f"expected non-empty text, not {value!r}")
    return value


def optional_text(value: Any) -> str:
    if value is None:
        return ""
    if not isinstance(value, str):
        raise ValueError(f"expected text, not {value!r}")
    return value


def code(value: Any) -> str:
    """A code written as text or a bare number (``"1"`` or ``1``)."""
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    return text(value)


def integer(value: Any) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise ValueError(f"expected a whole number, not {value!r}")
    return value


def boolean(value: Any) -> bool:
    if not isinstance(value, bool):
        raise ValueError(f"expected true or false, not {value!r}")
    return value


def day(value: Any) -> date:
    if not isinstance(value, str) or not _DATE.match(value):
        raise ValueError(f"expected a date YYYY-MM-DD, not {value!r}")
    try:
        return date.fromisoformat(value)
    except ValueError as exc:
        raise ValueError(f"{value!r} is not a valid date: {exc}") from None


def optional_day(value: Any) -> date | None:
    return None if value is None else day(value)


def moment(value: Any) -> datetime:
    return parse_rfc3339(value)


def money(value: Any) -> Decimal:
    """An amount written as a string (``"400"``) or a whole number; never a float."""
    if isinstance(value, bool) or not isinstance(value, str | int):
        raise ValueError(f'write amounts as quoted strings such as "400" or "0.50", not {value!r}')
    try:
        amount = Decimal(str(value).strip())
    except InvalidOperation:
        raise ValueError(f"{value!r} is not an amount") from None
    if not amount.is_finite():
        raise ValueError(f"{value!r} is not an amount")
    return amount


def mapping(value: Any) -> dict[str, Any]:
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise ValueError(f"expected a mapping, not {_kind(value)}")
    return value


def text_map(value: Any) -> dict[str, str]:
    """A mapping of names to texts (paytable entries, entry sources)."""
    out = {}
    for key, item in mapping(value).items():
        if isinstance(item, int) and not isinstance(item, bool):
            item = str(item)
        if not isinstance(item, str):
            raise ValueError(f"{key}: expected text, not {item!r}")
        out[key] = item
    return out


def options_map(value: Any) -> dict[str, list[str]]:
    """Option name -> list of values (``blackjack_pays: ["3:2", "6:5"]``)."""
    out = {}
    for key, items in mapping(value).items():
        if not isinstance(items, list):
            raise ValueError(f"{key}: expected a list of values, not {_kind(items)}")
        out[key] = [_option_value(key, item) for item in items]
    return out


def option_values(value: Any) -> dict[str, str]:
    """Option name -> one value (an authorization's variant)."""
    return {key: _option_value(key, item) for key, item in mapping(value).items()}


def _option_value(key: str, item: Any) -> str:
    if isinstance(item, bool) or not isinstance(item, str | int):
        raise ValueError(f'{key}: expected a text value such as "3:2" or "1", not {item!r}')
    return str(item)


def int_list(value: Any) -> list[int]:
    if value is None:
        return []
    if not isinstance(value, list):
        raise ValueError(f"expected a list of whole numbers, not {_kind(value)}")
    return [integer(v) for v in value]


def _kind(value: Any) -> str:
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    return repr(value)
