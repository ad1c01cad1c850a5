"""Whether a chunk screens its lines, and what a worker does when the kernels are not compiled.

The screen runs where :setting:`AUDITS_SCREEN` is on, numba is installed and every kernel of
these sources is compiled in the cache (:func:`~audits.validation.screen.readiness.kernels_ready`).
A worker never compiles one during a validation: where they are not compiled (an upgrade
whose ``compile_kernels`` has not run, a cache emptied), the exact path judges every line
meanwhile, the log says so once, and ``manage.py compile_kernels`` is started in a process
of its own (:setting:`AUDITS_KERNELS_COMPILE_APART`), once for every worker of the machine
(a lock file in the kernels' folder); the next chunks screen again once it has finished.
"""

from __future__ import annotations

import logging
import os
import subprocess
import sys
import time
from pathlib import Path

from django.conf import settings

from audits.validation.screen.jit import KERNELS_COMPILED, cache_folder
from audits.validation.screen.readiness import kernels_ready

log = logging.getLogger(__name__)

#: the lock of the compile started apart, in the kernels' folder; older than this, it is
#: taken to be a compile that died (seconds)
LOCK, LOCK_STALE = "compiling.lock", 15 * 60.0

_said_for: Path | None = None


def screen_on() -> bool:
    """Whether chunks screen their lines: :setting:`AUDITS_SCREEN` on, numba there and the
    kernels compiled (if not, the exact path serves, and they are compiled apart)."""
    if not (settings.AUDITS_SCREEN and KERNELS_COMPILED):
        return False
    if kernels_ready():
        return True
    _not_compiled_yet()
    return False


def _not_compiled_yet() -> None:
    global _said_for
    folder = cache_folder()
    if _said_for == folder:
        return
    _said_for = folder
    started = settings.AUDITS_KERNELS_COMPILE_APART and kernels_compile_apart(folder)
    log.warning(
        "the screen's kernels are not compiled in %s: the exact path judges every line "
        "(slower, the same findings) until `manage.py compile_kernels` has run%s", folder,
        "; it has been started in a process of its own" if started else "",
    )  # fmt: skip


def kernels_compile_apart(folder: Path, command: list[str] | None = None) -> bool:
    """``manage.py compile_kernels`` (or ``command``) started in a process of its own, in a
    session of its own, unless a compile holds the folder's lock; whether it was started."""
    folder.mkdir(parents=True, exist_ok=True)
    lock = folder / LOCK
    try:
        if time.time() - lock.stat().st_mtime > LOCK_STALE:
            lock.unlink(missing_ok=True)  # a compile that died: its lock is no one's
    except FileNotFoundError:
        pass
    try:
        descriptor = os.open(lock, os.O_CREAT | os.O_EXCL | os.O_WRONLY)
    except FileExistsError:
        return False
    command = command or [sys.executable, str(settings.BASE_DIR / "manage.py"), "compile_kernels"]
    with os.fdopen(descriptor, "w") as held:
        held.write(" ".join(command))
    # the lock goes when the compile ends, whatever its end
    wrapped = [sys.executable, "-c", _RELEASE, str(lock), *command]
    # its output where the worker's goes (the worker's log)
    subprocess.Popen(wrapped, cwd=settings.BASE_DIR, start_new_session=True,
                     stdin=subprocess.DEVNULL)  # fmt: skip
    return True


#: runs the compile, then removes its lock
_RELEASE = """
import contextlib, os, subprocess, sys
try:
    subprocess.run(sys.argv[2:])
finally:
    with contextlib.suppress(FileNotFoundError):
        os.unlink(sys.argv[1])
"""
