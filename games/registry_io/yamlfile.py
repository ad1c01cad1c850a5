"""Reading one registry file: YAML with the line of every value, and strict scalars.

Scalars follow YAML 1.2 rather than PyYAML's YAML 1.1 defaults: ``3:2`` is not
the sexagesimal number 182, ``2017-04-27`` is a string (the loader parses
dates itself), and only ``true``/``false`` are booleans (``no`` is a string).
Duplicate keys are an error instead of the last one silently winning.
"""

from __future__ import annotations

import copy
import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml

from .errors import RegistryFileError

_INT = "tag:yaml.org,2002:int"
_FLOAT = "tag:yaml.org,2002:float"
_BOOL = "tag:yaml.org,2002:bool"
_TIMESTAMP = "tag:yaml.org,2002:timestamp"


class _Loader(yaml.SafeLoader):
    pass


_Loader.yaml_implicit_resolvers = {
    first: [(tag, rx) for tag, rx in resolvers if tag not in (_INT, _FLOAT, _BOOL, _TIMESTAMP)]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}
_Loader.add_implicit_resolver(_INT, re.compile(r"^[-+]?[0-9]+$"), list("-+0123456789"))
_Loader.add_implicit_resolver(
    _FLOAT, re.compile(r"^[-+]?[0-9]+\.[0-9]*(?:[eE][-+][0-9]+)?$"), list("-+0123456789")
)
_Loader.add_implicit_resolver(
    _BOOL, re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"), list("tTfF")
)


@dataclass
class RegistryFile:
    """A parsed file: its data and the line (1-based) of each YAML path."""

    name: str
    data: dict[str, Any]
    lines: dict[str, int] = field(default_factory=dict)

    def line(self, path: str) -> int | None:
        while path:
            if path in self.lines:
                return self.lines[path]
            path = _parent(path)
        return self.lines.get("")

    def error(self, path: str, reason: str, cls=RegistryFileError) -> RegistryFileError:
        return cls(self.name, path, reason, self.line(path))


def _parent(path: str) -> str:
    cut = max(path.rfind("."), path.rfind("["))
    return path[:cut] if cut > 0 else ""


def join(path: str, key: str | int) -> str:
    if isinstance(key, int):
        return f"{path}[{key}]"
    return f"{path}.{key}" if path else key


def read_registry_file(path: str | Path) -> RegistryFile:
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise RegistryFileError(path.name, "", f"cannot read the file: {exc}") from exc
    return parse_registry_text(text, path.name)


def parse_registry_text(text: str, name: str) -> RegistryFile:
    """The file's data and lines; the same text parsed once a process (a copy given each
    time: the loaders may change what they are given)."""
    parsed = _parsed(text, name)
    return RegistryFile(parsed.name, copy.deepcopy(parsed.data), dict(parsed.lines))


@lru_cache(maxsize=16)
def _parsed(text: str, name: str) -> RegistryFile:
    loader = _Loader(text)
    try:
        node = loader.get_single_node()
        lines: dict[str, int] = {}
        data = _build(loader, node, "", lines, name) if node is not None else {}
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else None
        reason = f"not valid YAML: {exc.problem or exc.context}"
        raise RegistryFileError(name, "", reason, line) from exc
    except yaml.YAMLError as exc:
        raise RegistryFileError(name, "", f"not valid YAML: {exc}") from exc
    finally:
        loader.dispose()
    if data is None:
        data = {}
    if not isinstance(data, dict):
        raise RegistryFileError(name, "", "the file must be one YAML mapping (top-level keys)", 1)
    return RegistryFile(name, data, lines)


def _build(loader: _Loader, node: yaml.Node, path: str, lines: dict[str, int], name: str) -> Any:
    lines[path] = node.start_mark.line + 1
    if isinstance(node, yaml.MappingNode):
        loader.flatten_mapping(node)
        out: dict[str, Any] = {}
        for key_node, value_node in node.value:
            key = loader.construct_object(key_node, deep=True)
            if not isinstance(key, str | int) or isinstance(key, bool):
                raise RegistryFileError(
                    name, path, f"keys must be strings, not {key!r}", key_node.start_mark.line + 1
                )
            key = str(key)
            if key in out:
                raise RegistryFileError(
                    name, join(path, key), "duplicate key", key_node.start_mark.line + 1
                )
            out[key] = _build(loader, value_node, join(path, key), lines, name)
        return out
    if isinstance(node, yaml.SequenceNode):
        return [
            _build(loader, item, join(path, i), lines, name) for i, item in enumerate(node.value)
        ]
    return loader.construct_object(node, deep=True)
