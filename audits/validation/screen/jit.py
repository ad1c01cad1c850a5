"""How the screen's kernels are compiled: by numba, just in time, cached on disk.

numba compiles each kernel the first time it is called with arguments of new types and
keeps the machine code in its cache on disk (``__pycache__`` beside the module, or
``NUMBA_CACHE_DIR``); ``manage.py compile_kernels`` (:mod:`audits.submissions.kernels`) fills
that cache at install, so no validation compiles anything.  Nothing else is loaded: no
module built outside the install is ever run.
"""

from __future__ import annotations

import importlib.util
from collections.abc import Callable

#: how numba compiles a kernel: once, cached on disk beside its module, and without numba's
#: reference counts (``_nrt=False``).  A kernel reads and writes the arrays its caller gives
#: it and makes none (an array made inside does not compile), so no count is needed; and
#: counting costs more than the work: each array passed to a call or sliced is counted up
#: and down atomically where branches keep numba from pruning the pair (numba issue #2350),
#: which was half the scanner's time
JIT_OPTIONS = {"cache": True, "nogil": True, "boundscheck": False, "_nrt": False}


#: whether numba is installed: without it the kernels are plain Python (the round ids' keys
#: still computed, slowly) and chunks take the exact path alone
KERNELS_COMPILED = importlib.util.find_spec("numba") is not None


def compiled(function: Callable):
    """``function`` as a kernel numba compiles just in time (:data:`JIT_OPTIONS`); the
    plain function where numba is not installed."""
    if not KERNELS_COMPILED:
        return function
    import numba

    return numba.njit(**JIT_OPTIONS)(function)


def inlined(function: Callable):
    """``function`` compiled into each kernel that calls it (numba's ``inline="always"``),
    not called across a function boundary: for the reader's small steps, called per key,
    per seat and per card with a dozen arrays each (passing them cost two thirds of the
    reader's time), at the price of a longer first compile."""
    if not KERNELS_COMPILED:
        return function
    import numba

    return numba.njit(inline="always", **JIT_OPTIONS)(function)
