"""Files kept as evidence are on the disk before the service says they are kept.

A file written and renamed sits in the page cache until the kernel writes it back: a crash
in between loses it while the database (whose commits are synced) already names it.  So the
file is synced before its rename and its folder after, both before the row that names it
commits: an upload, an investigation's evidence, a signed report.
"""

from __future__ import annotations

import os
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path

EARLY_SYNC_BYTES = 32 << 20  # a file being written is synced on a helper thread this often


def sync_file(file) -> None:
    """``file``'s bytes (an open file, written through it) on the disk."""
    file.flush()
    os.fsync(file.fileno())


class EarlySync:
    """A large file's bytes synced while it is still being written (``os.fdatasync`` on a
    helper thread every :data:`EARLY_SYNC_BYTES` written, one at a time), so that the sync
    at its end (:func:`sync_file`) has little left to wait for."""

    def __init__(self, file, every: int = EARLY_SYNC_BYTES):
        self._descriptor, self._every, self._since = file.fileno(), every, 0
        self._pool = ThreadPoolExecutor(1, thread_name_prefix="early-sync")
        self._pending: Future | None = None

    def wrote(self, size: int) -> None:
        self._since += size
        if self._since >= self._every and (self._pending is None or self._pending.done()):
            self._since = 0
            self._pending = self._pool.submit(os.fdatasync, self._descriptor)

    def wait(self) -> None:
        """Until the sync under way, if any, is done (a failure is the final sync's to
        report: it syncs everything again)."""
        if self._pending is not None:
            self._pending.exception()

    def __enter__(self) -> EarlySync:
        return self

    def __exit__(self, *exc) -> None:
        self._pool.shutdown(wait=True)  # before the file is closed


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
