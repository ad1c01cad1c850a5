"""Files kept as evidence are on the disk before the service says they are kept.

A file written and renamed sits in the page cache until the kernel writes it back: a crash
in between loses it while the database (whose commits are synced) already names it.  So the
file is synced before its rename and its folder after, both before the row that names it
commits: an upload, an investigation's evidence, a signed report.
"""

from __future__ import annotations

import os
from pathlib import Path


def sync_file(file) -> None:
    """``file``'s bytes (an open file, written through it) on the disk."""
    file.flush()
    os.fsync(file.fileno())


def sync_folders(path: Path, levels: int = 1) -> None:
    """The name ``path`` has in its folder on the disk, and the folder's own names in the
    ``levels - 1`` folders above it (folders just made for it)."""
    folder = Path(path).parent
    for _ in range(levels):
        descriptor = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(descriptor)
        finally:
            os.close(descriptor)
        folder = folder.parent


def write_durably(path: Path, data: bytes) -> None:
    """``data`` as the file ``path``, whole or not at all (written beside it and renamed),
    on the disk when this returns."""
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_suffix(path.suffix + ".part")
    with open(partial, "wb") as file:
        file.write(data)
        sync_file(file)
    os.replace(partial, path)
    sync_folders(path)
