"""Rule-version parameters: the named choices where a rule document is open.

Each game declares its parameters with the allowed values, the default (the
documents' most literal reading) and the rule whose wording leaves the point
open.  A rule version stores its values; :func:`resolve` checks and fills them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .sources import Source


class ParameterError(ValueError):
    """A parameter that is unknown or has a value the game does not allow."""


@dataclass(frozen=True)
class Parameter:
    name: str
    choices: tuple[Any, ...]
    default: Any
    source: Source
    description: str

    def check(self, value: Any) -> Any:
        if value not in self.choices:
            allowed = ", ".join(repr(c) for c in self.choices)
            raise ParameterError(f"{self.name}={value!r} is not allowed (one of {allowed})")
        return value


def coerce(value: Any) -> Any:
    """Read a command-line ``name=value`` value: booleans and integers typed.

    A list (a tuple-valued parameter stored as JSON, e.g. ``decks_allowed``)
    is read back as the tuple the parameter's choices are written as.
    """
    if isinstance(value, list):
        return tuple(value)
    if not isinstance(value, str):
        return value
    lowered = value.strip().lower()
    if lowered in ("true", "yes", "on"):
        return True
    if lowered in ("false", "no", "off"):
        return False
    if lowered.lstrip("-").isdigit():
        return int(lowered)
    return value.strip()


def resolve(spec: tuple[Parameter, ...], values: Mapping[str, Any]) -> dict[str, Any]:
    """Every parameter of ``spec`` with ``values`` applied over the defaults."""
    known = {p.name: p for p in spec}
    unknown = sorted(set(values) - set(known))
    if unknown:
        raise ParameterError(f"unknown parameter(s): {', '.join(unknown)}")
    resolved = {p.name: p.default for p in spec}
    for name, value in values.items():
        resolved[name] = known[name].check(coerce(value))
    return resolved
