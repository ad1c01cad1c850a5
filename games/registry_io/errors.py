"""Errors of a registry load: where in which file, and why."""

from __future__ import annotations


class RegistryFileError(Exception):
    """A registry file that cannot be loaded: its name, the YAML path and line, the reason."""

    def __init__(self, file: str, path: str, reason: str, line: int | None = None) -> None:
        self.file = file
        self.path = path
        self.reason = reason
        self.line = line
        super().__init__(str(self))

    def __str__(self) -> str:
        where = [self.file]
        if self.line:
            where.append(f"line {self.line}")
        if self.path:
            where.append(self.path)
        return f"{', '.join(where)}: {self.reason}"


class RegistryConflictError(RegistryFileError):
    """The file differs from a registry record that can no longer change."""
