"""Whether the kernels are in the cache, and the guard that keeps a validation from compiling.

Compiling every kernel takes a process half a minute of processor time and a few hundred MB
at its peak (:mod:`audits.submissions.run.kernels`); a worker validating a file must never
pay that.  ``manage.py compile_kernels`` writes a mark (:data:`READY`) in the kernels' folder
(:func:`~.jit.cache_folder`, one per fingerprint of their sources) once every kernel is in
it: where the mark is missing (an upgrade whose kernels were not compiled yet, a cache
emptied), :func:`kernels_ready` says no, and the screen stands aside while the exact path
judges every line (the caller says so in the log, and has the kernels compiled apart).
Where the mark is there but a kernel is not (a cache partly removed),
:func:`compiling_refused` turns numba's attempt to compile into :exc:`KernelNotCompiled`,
before any work is done: the batch goes to the exact path.
"""

from __future__ import annotations

import json
import pickle
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

from .jit import KERNELS, KERNELS_COMPILED, cache_folder
from .llvm_pages import llvm_pages_release

#: the mark ``compile_kernels`` leaves in the kernels' folder once every kernel is there
READY = "compiled.mark"
#: beside it, the types each kernel was compiled for (numba's own, pickled as numba's cache
#: index pickles them), by kernel: what :func:`kernels_load` loads
SIGNATURES = "signatures.pickle"
#: how long a missing mark is believed before the disk is looked at again (seconds)
LOOK_AGAIN = 30.0


class KernelNotCompiled(RuntimeError):
    """A kernel a validation called is not in the cache, and a validation compiles nothing."""


_seen_ready = False
_looked_at = -LOOK_AGAIN
_refusing = threading.local()
_guard_listening = False


def kernels_ready(look_again: bool = False) -> bool:
    """Whether every kernel of this process's sources is compiled in its cache: the mark is
    there (looked for again at most every :data:`LOOK_AGAIN` seconds while missing, or now
    with ``look_again``)."""
    global _seen_ready, _looked_at
    if _seen_ready or not KERNELS_COMPILED:
        return _seen_ready
    now = time.monotonic()
    if look_again or now - _looked_at >= LOOK_AGAIN:
        _looked_at = now
        _seen_ready = (cache_folder() / READY).exists()
    return _seen_ready


def kernels_compiled_here() -> None:
    """This process compiles the kernels (``compile_kernels``): it may call them all."""
    global _seen_ready
    _seen_ready = True


def kernels_mark_ready(compiled_seconds: dict[str, float]) -> None:
    """Every kernel is in this process's cache folder: the mark written, with what it took."""
    global _seen_ready
    folder = cache_folder()
    folder.mkdir(parents=True, exist_ok=True)
    signatures = {name: list(kernel.signatures) for name, kernel in KERNELS.items()}
    partial = folder / (SIGNATURES + ".partial")
    partial.write_bytes(pickle.dumps(signatures))
    partial.replace(folder / SIGNATURES)
    partial = folder / (READY + ".partial")
    partial.write_text(json.dumps({"seconds": compiled_seconds}, indent=1))
    partial.replace(folder / READY)
    _seen_ready = True


def kernels_load() -> int:
    """Every kernel this process has defined loaded from the cache, for each of the types
    ``compile_kernels`` compiled it for (a worker does it before its first chunk, which would
    otherwise load them: half a second to a second); how many were loaded.  Nothing is
    compiled: where the kernels are not ready, or one is missing, it stops there (a chunk's
    screen stands aside as it would have).  LLVM's pages are let go before the first load and
    after it (:mod:`.llvm_pages`): the first load faults in some 90 MB of LLVM's code, on top
    of what the process held of it, and the worker's peak is that moment's."""
    if not kernels_ready(look_again=True):
        return 0
    try:
        signatures = pickle.loads((cache_folder() / SIGNATURES).read_bytes())
    except (OSError, pickle.UnpicklingError, EOFError, AttributeError, ImportError):
        return 0
    loaded = 0
    llvm_pages_release()  # the first load faults LLVM's linking code in: on what is left
    with compiling_refused():
        for name, kernel in KERNELS.items():
            for signature in signatures.get(name, ()):
                try:
                    kernel.compile(signature)
                except KernelNotCompiled:
                    return loaded
                loaded += 1
                if loaded == 1:  # the others need few of those pages again
                    llvm_pages_release()
    return loaded


@contextmanager
def compiling_refused() -> Iterator[None]:
    """Within it, a kernel numba would compile (not in the cache) raises
    :exc:`KernelNotCompiled` instead, in this thread."""
    if not KERNELS_COMPILED:
        yield
        return
    _listen()
    before = getattr(_refusing, "on", False)
    _refusing.on = True
    try:
        yield
    finally:
        _refusing.on = before


def _listen() -> None:
    global _guard_listening
    if _guard_listening:
        return
    from numba.core import event

    class Guard(event.Listener):
        def on_start(self, ev):
            if getattr(_refusing, "on", False):
                name = ev.data["dispatcher"].py_func.__qualname__
                where = cache_folder()
                raise KernelNotCompiled(f"the kernel {name} is not in the cache ({where})")

        def on_end(self, ev):
            pass

    event.register("numba:compile", Guard())
    _guard_listening = True
