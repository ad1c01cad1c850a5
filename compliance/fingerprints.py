"""A fingerprint of source folders: what a cache of their code's results is kept under, so
that a changed source is never answered from a result its old self computed (the screen's
compiled kernels, the engine's simulated par sheets).  Plain Python: every floor may use it."""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from pathlib import Path


def sources_fingerprint(root: Path, sources: Sequence[str]) -> str:
    """A digest of every Python file under ``sources`` (folders of ``root``): its path and
    its bytes."""
    digest = hashlib.sha256()
    for folder in sources:
        for path in sorted((root / folder).rglob("*.py")):
            digest.update(str(path.relative_to(root)).encode() + b"\0")
            digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()[:20]
