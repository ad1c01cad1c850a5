"""The screen's kernels in one of two compiled forms: ahead of time, or just in time by numba.

numba compiles each kernel the first time it is called (and keeps the machine code in its
cache on disk), but a process that loads even one kernel carries numba and its LLVM: about
30 MB of Python and 110-150 MB of ``libllvmlite.so``'s pages, then 27 MB of numba's
target context, more than half of a worker's memory.  ``manage.py compile_kernels``
(:mod:`audits.services.kernels`) therefore also compiles every kernel validation calls, with
the argument types it calls them with, into one extension module (numba's ``pycc``) in
:func:`folder`; a process that finds a module built from this very source, by these
versions of Python, numpy and numba, for this architecture, calls its functions and never
imports numba.

``SCREEN_KERNELS`` chooses: ``auto`` (the default) that module when there is one, else
numba; ``aot`` that module or an error (:class:`KernelsNotBuilt`); ``jit`` numba only (the
build itself runs so).

A function of the module trusts its arguments' types (given an ``int32`` array where it was
built for ``int64`` it reads past the end), so each call is checked against the types it
was built for first (:func:`checker`); a call that matches no build of its kernel, and a
kernel the module does not hold, go to numba instead (imported then), with a log line: the
same kernel's result either way, only slower to start.
"""

from __future__ import annotations

import hashlib
import importlib.metadata
import importlib.util
import json
import logging
import os
import platform
import sys
import sysconfig
from collections.abc import Callable
from pathlib import Path

import numpy as np

log = logging.getLogger(__name__)

ROOT = Path(__file__).resolve().parents[3]
#: the sources a kernel's machine code can depend on (its module, the constants it reads)
SOURCES = (ROOT / "audits" / "validation", ROOT / "games" / "engine")
MODES = ("auto", "aot", "jit")
#: how numba compiles a kernel just in time: once, cached on disk beside its module, and
#: without numba's reference counts (``_nrt=False``).  A kernel reads and writes the arrays
#: its caller gives it and makes none (an array made inside does not compile), so no count
#: is needed; and counting costs more than the work: each array passed to a call or sliced
#: is counted up and down atomically where branches keep numba from pruning the pair (numba
#: issue #2350), which was half the scanner's time
JIT_OPTIONS = {"cache": True, "nogil": True, "boundscheck": False, "_nrt": False}


class KernelsNotBuilt(RuntimeError):
    """``SCREEN_KERNELS=aot`` and no module built from this source is there."""


def mode() -> str:
    chosen = os.environ.get("SCREEN_KERNELS", "auto").strip().lower() or "auto"
    if chosen not in MODES:
        raise ValueError(f"SCREEN_KERNELS={chosen!r}: one of {', '.join(MODES)}")
    return chosen


def folder() -> Path:
    """Where the ahead-of-time module is built (``SCREEN_KERNELS_DIR``, else ``var/kernels``)."""
    return Path(os.environ.get("SCREEN_KERNELS_DIR") or ROOT / "var" / "kernels")


def fingerprint() -> str:
    """What the module's machine code depends on: the sources, the versions, the
    architecture (it is built for any processor of it, as a wheel is)."""
    digest = hashlib.sha256()
    for part in (sys.version, platform.machine(),
                 *(_version(p) for p in ("numpy", "numba", "llvmlite"))):  # fmt: skip
        digest.update(part.encode() + b"\0")
    for source in SOURCES:
        for path in sorted(source.rglob("*.py")):
            name = str(path.relative_to(source.parent)).encode()
            digest.update(name + b"\0" + path.read_bytes())
    return digest.hexdigest()[:20]


def module_name() -> str:
    """The module's name for this source (:func:`fingerprint`)."""
    return f"screen_kernels_{fingerprint()}"


def module_files(name: str) -> tuple[Path, Path]:
    """The extension module and, beside it, the argument types of each of its functions."""
    base = folder() / name
    return base.with_name(name + sysconfig.get_config_var("EXT_SUFFIX")), base.with_suffix(".json")


def export_name(function: Callable, build: int) -> str:
    """A kernel's ``build``-th function in the module (one per argument types it was built
    for)."""
    return f"{function.__module__.replace('.', '_')}__{function.__name__}__{build}"


def _version(package: str) -> str:
    try:
        return f"{package} {importlib.metadata.version(package)}"
    except importlib.metadata.PackageNotFoundError:
        return f"{package} none"


# -- the argument types a function of the module was built for, checked before each call --


def checker(spec) -> Callable[[object], bool]:
    """Whether a value has the type ``spec`` names (as :func:`audits.services.kernels`
    writes them): ``["array", dtype, ndim, layout, readonly]``, ``["int", bits, signed]``,
    ``["bool"]``, ``["float"]`` or ``["tuple", [spec, ...]]``."""
    kind = spec[0]
    if kind == "array":
        return _array_checker(np.dtype(spec[1]), spec[2], spec[3], spec[4])
    if kind == "int":
        low, high = (-(1 << (spec[1] - 1)), 1 << (spec[1] - 1)) if spec[2] else (0, 1 << spec[1])
        return lambda v: (isinstance(v, (int, np.integer)) and not isinstance(v, (bool, np.bool_))
                          and low <= v < high)  # fmt: skip
    if kind == "bool":
        return lambda v: isinstance(v, (bool, np.bool_))
    if kind == "float":
        return lambda v: isinstance(v, (float, np.floating))
    if kind == "tuple":
        items = [checker(s) for s in spec[1]]
        return lambda v: (isinstance(v, tuple) and len(v) == len(items)
                          and all(c(x) for c, x in zip(items, v, strict=True)))  # fmt: skip
    raise ValueError(f"no check for {spec!r}")


def _array_checker(dtype: np.dtype, ndim: int, layout: str, readonly: bool):
    def ok(a) -> bool:
        if not isinstance(a, np.ndarray) or a.dtype != dtype or a.ndim != ndim:
            return False
        flags = a.flags
        if not flags.aligned or (not readonly and not flags.writeable):
            return False
        return layout == "A" or (flags.c_contiguous if layout == "C" else flags.f_contiguous)

    return ok


def arguments_checker(specs: list) -> Callable[[tuple], bool]:
    checks = [checker(s) for s in specs]
    n = len(checks)
    return lambda args: len(args) == n and all(c(a) for c, a in zip(checks, args, strict=True))


# -- the kernels as the screen's modules see them --


class JustInTime:
    """A kernel numba compiles when it is first called (numba imported then), its calls to
    other kernels compiled with it."""

    def __init__(self, function: Callable):
        self.py_func = function
        self._dispatcher = None

    @property
    def dispatcher(self):
        if self._dispatcher is None:
            import types

            import numba

            function = self.py_func
            names = dict(function.__globals__)
            for key in function.__code__.co_names:  # the kernels it calls, as numba sees them
                value = names.get(key)
                if isinstance(value, AheadOfTime):
                    value = value.fallback
                if isinstance(value, JustInTime) and value is not self:
                    names[key] = value.dispatcher
            copy = types.FunctionType(function.__code__, names, function.__name__,
                                      function.__defaults__, function.__closure__)  # fmt: skip
            copy.__module__, copy.__qualname__ = function.__module__, function.__qualname__
            self._dispatcher = numba.njit(**JIT_OPTIONS)(copy)
        return self._dispatcher

    def __call__(self, *args):
        return self.dispatcher(*args)


class AheadOfTime:
    """A kernel's functions in the ahead-of-time module, each called only with the argument
    types it was built for; any other call goes to numba (:class:`JustInTime`)."""

    def __init__(self, function: Callable, builds: list[tuple[Callable, Callable]]):
        self.py_func = function
        self.builds = builds  # (argument types' check, the module's function)
        self.fallback = JustInTime(function)
        self._warned = False

    def __call__(self, *args):
        for matches, built in self.builds:
            if matches(args):
                return built(*args)
        if not self._warned:
            self._warned = True
            log.warning("%s.%s called with argument types it was not built for: numba "
                        "compiles it", self.py_func.__module__, self.py_func.__name__)  # fmt: skip
        return self.fallback(*args)


class Kernels:
    """How this process compiles the screen's kernels (:func:`compiled`)."""

    def __init__(self, chosen: str):
        self.module, self.specs = (None, {}) if chosen == "jit" else _load(chosen)
        #: every kernel made just in time, with its dispatcher (what a build exports)
        self.made: list[tuple[Callable, object]] = []

    @property
    def ahead(self) -> bool:
        return self.module is not None

    def compiled(self, function: Callable):
        if self.module is None:
            import numba

            dispatcher = numba.njit(**JIT_OPTIONS)(function)
            self.made.append((function, dispatcher))
            return dispatcher
        builds, build = [], 0
        while (name := export_name(function, build)) in self.specs:
            builds.append((arguments_checker(self.specs[name]), getattr(self.module, name)))
            build += 1
        if not builds:
            log.debug("%s.%s is not in the ahead-of-time module: numba compiles it if called",
                     function.__module__, function.__name__)  # fmt: skip
            return JustInTime(function)
        return AheadOfTime(function, builds)


def _load(chosen: str):
    """The ahead-of-time module built from this source and its functions' argument types;
    ``(None, {})`` when there is none (an error when ``aot`` was chosen)."""
    name = module_name()
    library, types_file = module_files(name)
    if not (library.exists() and types_file.exists()):
        if chosen == "aot":
            raise KernelsNotBuilt(
                f"SCREEN_KERNELS=aot, but no kernels were built from this source in {folder()} "
                "(run `manage.py compile_kernels`)"
            )
        return None, {}
    try:
        spec = importlib.util.spec_from_file_location(name, library)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        return module, json.loads(types_file.read_text())
    except (ImportError, OSError, ValueError) as exc:  # damaged, or for another numpy's ABI
        if chosen == "aot":
            raise KernelsNotBuilt(f"the kernels built in {library} do not load: {exc}") from exc
        log.warning("the kernels built in %s do not load (%s): numba compiles them", library, exc)
        return None, {}


KERNELS = Kernels(mode())
compiled = KERNELS.compiled
