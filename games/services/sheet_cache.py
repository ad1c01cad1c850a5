"""The engine's par sheets kept on disk between processes.

The engine is deterministic: the same game, shoe, parameters and paytables give the same
sheet.  Its simulated sheets (the blackjack family's wagers whose players' choices matter)
take about a minute of processor time for a registry, in every process that loads one: each
worker, each command, each test process.  So a sheet is kept, as the JSON the registry stores,
in :setting:`PARSHEET_CACHE_DIR` under a folder of the fingerprint of the engine's sources
(a changed engine is never answered by its old self's sheets) and a file of its inputs'
digest; a file that cannot be read is computed again.  An empty setting keeps nothing.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from functools import lru_cache
from pathlib import Path
from typing import Any

from django.conf import settings

from compliance.fingerprints import sources_fingerprint

ENGINE = ("games/engine",)


@lru_cache(maxsize=1)
def _engine_fingerprint() -> str:
    return sources_fingerprint(Path(settings.BASE_DIR), ENGINE)


def sheet_read(*inputs: str) -> dict[str, Any] | None:
    """The sheet of ``inputs`` kept in the folder; None if none is (or it cannot be read)."""
    path = _path(inputs)
    if path is None:
        return None
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


def sheet_keep(sheet: dict[str, Any], *inputs: str) -> None:
    """``sheet`` kept in the folder as the sheet of ``inputs`` (nothing if there is none)."""
    path = _path(inputs)
    if path is not None:
        _write(path, sheet)


def _path(inputs: tuple[str, ...]) -> Path | None:
    if not settings.PARSHEET_CACHE_DIR:
        return None
    digest = hashlib.sha256("\0".join(inputs).encode()).hexdigest()
    return Path(settings.PARSHEET_CACHE_DIR) / _engine_fingerprint() / f"{digest}.json"


def _write(path: Path, sheet: dict[str, Any]) -> None:
    """Written whole or not at all (a reader never sees half a file)."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile("w", dir=path.parent, delete=False,
                                         encoding="utf-8") as out:  # fmt: skip
            json.dump(sheet, out)
        os.replace(out.name, path)
    except OSError:
        pass  # a folder that cannot be written: the sheet is computed again next time
