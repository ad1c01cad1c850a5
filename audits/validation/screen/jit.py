"""How the screen's kernels are compiled: by numba, just in time, cached on disk in a folder
of their sources' fingerprint.

numba compiles each kernel the first time it is called with arguments of new types and
keeps the machine code in its cache on disk; ``manage.py compile_kernels``
(:mod:`audits.submissions.run.kernels`) fills that cache at install, so no validation compiles
anything.  numba checks a cached kernel against its own module's file alone: a helper it
inlines from another file, or a constant it reads from one, may change while the kernel's
file does not, and the cached kernel would run the old code.  So the cache is kept in a
folder named by a fingerprint of every source a kernel can compile in
(:data:`KERNEL_SOURCES`; :func:`kernel_cache_dir`): any change to any of them is a new folder,
and every kernel is compiled anew there (``tests/audits/validation/screen/test_kernel_cache.py``
changes an inlined helper and sees its caller rebuilt).  Nothing else is loaded: no module
built outside the install is ever run.
"""

from __future__ import annotations

import importlib.util
import os
from collections.abc import Callable, Sequence
from pathlib import Path

from compliance.fingerprints import sources_fingerprint

#: how numba compiles a kernel: once, cached on disk, and without numba's
#: reference counts (``_nrt=False``).  A kernel reads and writes the arrays its caller gives
#: it and makes none (an array made inside does not compile), so no count is needed; and
#: counting costs more than the work: each array passed to a call or sliced is counted up
#: and down atomically where branches keep numba from pruning the pair (numba issue #2350),
#: which was half the scanner's time
JIT_OPTIONS = {"cache": True, "nogil": True, "boundscheck": False, "_nrt": False}

ROOT = Path(__file__).resolve().parents[3]
#: every source a kernel can compile in: the kernels and the helpers they inline or call
#: (validation's), and the constants they read (the engine's cards, for one)
KERNEL_SOURCES = ("audits/validation", "games/engine")

#: whether numba is installed: without it the kernels are plain Python (the round ids' keys
#: still computed, slowly) and chunks take the exact path alone
KERNELS_COMPILED = importlib.util.find_spec("numba") is not None


def kernel_cache_dir(root: Path = ROOT, sources: Sequence[str] = KERNEL_SOURCES) -> Path:
    """Where the kernels of these sources are cached: a folder of their fingerprint under
    ``NUMBA_CACHE_DIR`` (default ``var/kernels/`` of the project)."""
    base = os.environ.get("NUMBA_CACHE_DIR") or str(ROOT / "var" / "kernels")
    return Path(base) / sources_fingerprint(root, sources)


_folder: Path | None = None  # where this process's kernels are cached, once chosen
#: every kernel this process has defined (:func:`compiled`), by its module and name
KERNELS: dict[str, Callable] = {}


def cache_in(folder: Path) -> None:
    """Kernels defined from now on are cached in ``folder``."""
    global _folder
    import numba

    numba.config.CACHE_DIR = str(folder)
    _folder = folder


def cache_folder() -> Path:
    """Where this process's kernels are cached: its sources' folder, chosen once (the code a
    process runs is the code it loaded, whatever changes on the disk after)."""
    if _folder is None:
        cache_in(kernel_cache_dir())
    return _folder


def _numba():
    """numba, its cache folder set to this install's sources' (once per process); on its
    first import, LLVM's pages it faulted in let go (:mod:`.llvm_pages`: some 70 MB that no
    later step needs at once, the process's peak otherwise)."""
    global _imported
    import numba

    if not _imported:
        _imported = True
        from .llvm_pages import llvm_pages_release

        llvm_pages_release()
    cache_folder()
    return numba


_imported = False


def compiled(function: Callable):
    """``function`` as a kernel numba compiles just in time (:data:`JIT_OPTIONS`); the
    plain function where numba is not installed."""
    if not KERNELS_COMPILED:
        return function
    kernel = _numba().njit(**JIT_OPTIONS)(function)
    KERNELS[f"{function.__module__}.{function.__qualname__}"] = kernel
    return kernel


def inlined(function: Callable):
    """``function`` compiled into each kernel that calls it (numba's ``inline="always"``),
    not called across a function boundary: for the reader's small steps, called per key,
    per seat and per card with a dozen arrays each (passing them cost two thirds of the
    reader's time), at the price of a longer first compile."""
    if not KERNELS_COMPILED:
        return function
    return _numba().njit(inline="always", **JIT_OPTIONS)(function)
