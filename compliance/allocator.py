"""The C allocator of a validating process: memory freed is kept for reuse, not returned.

Validation allocates and frees the same large buffers over and over (a block of the file,
a batch's columns, a chunk's findings).  glibc returns large freed blocks to the kernel
(each above a threshold is a mapping of its own, unmapped when freed; the top of the heap
is trimmed), so the next block of the same size is faulted in again, page by page.  On a
virtual machine whose host backs guest memory lazily a fault costs microseconds: a million
rounds faulted about 145,000 pages (0.3 to 0.4 s of 7.5).  :func:`keep_freed_memory` asks
glibc to serve every block from the heap (no mappings of their own) and never to trim it,
so a worker's pages are faulted once, at its first large file; its resident memory then
stays at its peak between tasks (the peak itself is unchanged, within a few MB).

Called where a process validates (a Celery worker process as it starts, the
``validate_handlog`` command); not in web processes, which should give memory back.
Setting ``VALIDATION_KEEPS_FREED_MEMORY=false`` turns it off.  Elsewhere than glibc it does
nothing.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import logging

from django.conf import settings

log = logging.getLogger(__name__)

M_TRIM_THRESHOLD, M_MMAP_MAX = -1, -4  # mallopt's parameters (glibc's malloc.h)
NEVER_TRIM = 2**31 - 1  # the largest threshold mallopt takes: in practice, never


def keep_freed_memory() -> bool:
    """Ask glibc to keep freed memory for reuse (module docstring); True when it did."""
    if not settings.VALIDATION_KEEPS_FREED_MEMORY:
        return False
    mallopt = _mallopt()
    if mallopt is None:
        return False
    done = bool(mallopt(M_MMAP_MAX, 0)) and bool(mallopt(M_TRIM_THRESHOLD, NEVER_TRIM))
    if not done:
        log.warning("the C allocator did not take the settings that keep freed memory")
    return done


def _mallopt():
    """glibc's ``mallopt``, or None where the C library has none."""
    name = ctypes.util.find_library("c")
    if name is None:
        return None
    try:
        mallopt = ctypes.CDLL(name).mallopt
    except (OSError, AttributeError):
        return None
    mallopt.argtypes, mallopt.restype = [ctypes.c_int, ctypes.c_int], ctypes.c_int
    return mallopt
