"""Registry data as reviewable YAML files: load them (idempotently) and export the registry.

See docs/registry-format.md for the format.
"""

from .errors import RegistryConflictError, RegistryFileError
from .export import export_registry
from .load import load_registry
from .report import LoadReport

__all__ = [
    "LoadReport",
    "RegistryConflictError",
    "RegistryFileError",
    "export_registry",
    "load_registry",
]
