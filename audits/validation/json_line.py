"""A line's JSON read strictly: UTF-8, RFC 8259 (no ``NaN``, no lone surrogate), no key
written twice in any object; a number with a fraction or an exponent kept as its text."""

from __future__ import annotations

import json

import msgspec

from .records import Round
from .rejected import field_reason, reject


class _Twice(ValueError):
    """A key written twice in one object."""


def _object(pairs: list[tuple[str, object]]) -> dict:
    found = dict(pairs)
    if len(found) != len(pairs):
        seen: set[str] = set()
        twice = next(k for k, _ in pairs if k in seen or seen.add(k))
        raise _Twice(twice)
    return found


def _constant(name: str):
    raise ValueError(f"{name} is not JSON")


#: the decoder of every line (json.loads with these options would build one per line)
_DECODER = json.JSONDecoder(object_pairs_hook=_object, parse_float=str, parse_constant=_constant)


def read_json(raw: bytes, line: int):
    """The line's JSON value, read strictly (module docstring); a JSON number with a
    fraction or an exponent is kept as its text (a ``str``), a whole one as an ``int``."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as err:
        reject(line, "line_not_utf8", f"not UTF-8 (byte {err.start + 1}: {err.reason})")
    try:
        if text.startswith("\ufeff"):  # as json.loads says it
            raise json.JSONDecodeError("Unexpected UTF-8 BOM (decode using utf-8-sig)", text, 0)
        value = _DECODER.decode(text)
    except _Twice as twice:
        reject(line, "duplicate_key", f"the key {twice.args[0]!r} is written twice in one "
                "object: which one holds is not for the reader to choose")  # fmt: skip
    except json.JSONDecodeError as exc:
        at = len(text[: exc.pos].encode()) + 1
        reject(line, "line_not_json", f"not JSON: {exc.msg} (byte {at})")
    except ValueError as exc:  # NaN, Infinity
        reject(line, "line_not_json", f"not JSON: {exc}")
    except RecursionError:
        reject(line, "field_invalid", _too_deep(raw))
    if "\\u" in text and _lone_surrogate(value):
        reject(line, "field_invalid", "a string holds half of a UTF-16 pair (\\ud800-\\udfff)")
    return value


def _too_deep(raw: bytes) -> str:
    """Which field of a line nested too deep to read is: msgspec reads the round's typed
    fields without descending into a value of the wrong type."""
    try:
        msgspec.json.decode(raw, type=Round)
    except msgspec.ValidationError as exc:
        return field_reason(str(exc))
    except (msgspec.DecodeError, RecursionError):
        pass
    return "nested deeper than any field of a round can be"


def _lone_surrogate(value) -> bool:
    try:
        json.dumps(value, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False
