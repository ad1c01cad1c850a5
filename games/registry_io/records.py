"""A record of a registry file being loaded: typed access to its keys, located errors."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, NoReturn

from django.core.exceptions import ValidationError

from games.services.history import attribute_to

from .errors import RegistryConflictError
from .report import LoadReport
from .yamlfile import RegistryFile, join

_REQUIRED = object()


@dataclass
class Load:
    """The state of one load: the report and who is loading."""

    report: LoadReport
    actor: Any = None


@dataclass
class Rec:
    """One YAML mapping of a file, at ``path``."""

    file: RegistryFile
    load: Load
    data: dict[str, Any]
    path: str

    # -- errors -------------------------------------------------------------

    def fail(self, reason: str, key: str | int | None = None) -> NoReturn:
        path = self.path if key is None else join(self.path, key)
        raise self.file.error(path, reason)

    def conflict(self, reason: str) -> NoReturn:
        raise self.file.error(self.path, reason, RegistryConflictError)

    def invalid(self, exc: ValidationError, default_key: str | None = None) -> NoReturn:
        """A service's ValidationError, located at the key it names when the file has it."""
        if hasattr(exc, "error_dict"):
            for key, errors in exc.message_dict.items():
                where = key if key in self.data else default_key
                self.fail("; ".join(errors), where)
        self.fail("; ".join(exc.messages), default_key)

    # -- structure ------------------------------------------------------------

    def expect(self, required: Iterable[str] = (), optional: Iterable[str] = ()) -> None:
        required, optional = tuple(required), tuple(optional)
        for key in self.data:
            if key not in required and key not in optional:
                known = ", ".join((*required, *optional))
                self.fail(f"unknown key {key!r} (expected {known})", key)
        for key in required:
            if key not in self.data:
                self.fail(f"missing key {key!r}")

    def has(self, key: str) -> bool:
        return key in self.data

    def get(self, key: str, convert: Callable[[Any], Any], default: Any = _REQUIRED) -> Any:
        if key not in self.data:
            if default is _REQUIRED:
                self.fail(f"missing key {key!r}")
            return default
        try:
            return convert(self.data[key])
        except ValueError as exc:
            self.fail(str(exc), key)

    def require(self, keys: Iterable[str], why: str) -> None:
        for key in keys:
            if key not in self.data:
                self.fail(f"missing key {key!r} ({why})")

    def items(self, key: str) -> list[Rec]:
        """The mappings of the list under ``key`` (an absent key is an empty list)."""
        value = self.data.get(key)
        if value is None:
            return []
        if not isinstance(value, list):
            self.fail("expected a list", key)
        out = []
        for i, item in enumerate(value):
            path = join(join(self.path, key), i)
            if not isinstance(item, dict):
                raise self.file.error(path, "expected a mapping")
            out.append(Rec(self.file, self.load, item, path))
        return out

    # -- reporting --------------------------------------------------------------

    def count(self, kind: str, outcome: str) -> None:
        self.load.report.count(kind, outcome)

    def warn(self, message: str) -> None:
        self.load.report.warnings.append(f"{self.file.name}, {self.path}: {message}")

    def updated(self, kind: str, what: str, fields: Iterable[str]) -> None:
        self.count(kind, "updated")
        self.load.report.updates.append(f"{what}: {', '.join(fields)} ({self.file.name})")


def upsert(rec: Rec, kind: str, model, lookup: dict, values: dict, new_requires=()) -> Any:
    """Find a plain (editable) record by its natural key; create it, or update what differs.

    ``values`` holds only the fields the file gives: an existing record keeps
    the stored value of every field the file leaves out.
    """
    obj = model.objects.filter(**lookup).first()
    if obj is None:
        rec.require(new_requires, f"{kind.replace('_', ' ')} not in the registry yet")
        obj = model(**lookup, **values)
        outcome, changed = "created", []
    else:
        changed = [name for name, value in values.items() if getattr(obj, name) != value]
        if not changed:
            rec.count(kind, "present")
            return obj
        for name in changed:
            setattr(obj, name, values[name])
        outcome = "updated"
    try:
        obj.full_clean(validate_unique=False)
    except ValidationError as exc:
        rec.invalid(exc)
    attribute_to(obj, rec.load.actor)
    obj.save()
    if outcome == "created":
        rec.count(kind, "created")
    else:
        rec.updated(kind, f"{kind.replace('_', ' ')} {obj}", changed)
    return obj
