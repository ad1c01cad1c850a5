"""LLVM's pages let go once the kernels are loaded.

numba links its kernels with LLVM, a library of 178 MB (``libllvmlite.so``).  Loading it maps
most of its code at once on kernels that fault whole large folios in (92 MB of it resident on
the machine of ``docs/performance.md`` before a single kernel is loaded): a third of a
worker's resident memory, though once its kernels are loaded from the cache a worker never
runs LLVM again (the kernels are machine code of their own; a kernel compiled or loaded later
finds LLVM where it was).

:func:`llvm_pages_release` tells the kernel this process no longer needs those pages
(``madvise(MADV_DONTNEED)``), on the mappings that hold only the file's own bytes: read-only,
not one page written or swapped (the loader's relocated tables, written once, are kept).  It is
what the kernel does by itself to any library's clean pages under memory pressure: the pages
stay in the page cache, shared by every process, and are read back from it if LLVM runs again,
the same bytes, since a private page never written is the file's.  What changes is what the
process holds, as ``ps``, the kernel's out-of-memory score and the worker's peak count it.
Elsewhere than Linux it does nothing.
"""

from __future__ import annotations

import ctypes
import logging
import sys
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger(__name__)

#: the library the mappings are of (numba's LLVM, as llvmlite ships it)
LIBRARY = "libllvmlite"
MADV_DONTNEED = 4  # <sys/mman.h> on Linux
#: a mapping's fields (kB) that must all be 0 for its pages to be the file's own bytes
WRITTEN = ("Private_Dirty", "Shared_Dirty", "Anonymous", "Swap")


@dataclass(frozen=True)
class Mapping:
    """One mapping of ``/proc/self/smaps``: its address range, permissions, file and sizes
    (kB, by field)."""

    start: int
    end: int
    perms: str
    path: str
    kb: dict[str, int]

    @property
    def clean(self) -> bool:
        """Read-only, and every resident page the file's own bytes."""
        return "w" not in self.perms and all(self.kb.get(f, 1) == 0 for f in WRITTEN)


def mappings_read(smaps: str) -> list[Mapping]:
    """The mappings ``smaps`` (the text of ``/proc/<pid>/smaps``) describes."""
    found: list[Mapping] = []
    for line in smaps.splitlines():
        fields = line.split()
        if not fields:
            continue
        if not fields[0].endswith(":") and "-" in fields[0] and len(fields) >= 5:
            start, _, end = fields[0].partition("-")
            path = fields[5] if len(fields) >= 6 else ""
            found.append(Mapping(int(start, 16), int(end, 16), fields[1], path, {}))
        elif found and len(fields) >= 2 and fields[1].isdigit():
            found[-1].kb[fields[0].rstrip(":")] = int(fields[1])
    return found


def mappings_own() -> list[Mapping]:
    """This process's mappings (none where ``/proc`` does not tell)."""
    try:
        return mappings_read(Path("/proc/self/smaps").read_text())
    except OSError:
        return []


def _llvm_mappings() -> list[Mapping]:
    return [m for m in mappings_own() if LIBRARY in Path(m.path).name]


def llvm_pages_resident_kb() -> dict[str, int]:
    """This process's resident kB of LLVM's library: ``clean`` (the file's own bytes) and
    ``written`` (the loader's tables, the library's data)."""
    kb = {"clean": 0, "written": 0}
    for mapping in _llvm_mappings():
        kb["clean" if mapping.clean else "written"] += mapping.kb.get("Rss", 0)
    return kb


def llvm_pages_release() -> float:
    """LLVM's clean pages let go by this process (see the module); the MB it held of them."""
    if sys.platform != "linux":
        return 0.0
    libc = ctypes.CDLL(None, use_errno=True)
    libc.madvise.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int]
    released = 0
    for mapping in _llvm_mappings():
        if not mapping.clean:
            continue
        if libc.madvise(mapping.start, mapping.end - mapping.start, MADV_DONTNEED) == 0:
            released += mapping.kb.get("Rss", 0)
        else:
            log.warning("LLVM's pages at %#x kept: madvise failed (errno %d)", mapping.start,
                        ctypes.get_errno())  # fmt: skip
    return released / 1024
