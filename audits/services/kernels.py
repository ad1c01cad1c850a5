"""The screen's compiled kernels, compiled into numba's cache before a validation needs them.

numba compiles a kernel the first time it is called with arguments of a new type and keeps
the machine code in its cache on disk (``__pycache__`` beside the module, or
``NUMBA_CACHE_DIR``); a later process loads it from there.  Compiling them all in the middle
of a validation costs that process several seconds and about 50 MB of memory at its peak.
:func:`kernels_compile` calls every kernel as validation does: each game's screen in the
table of games reads a small sample of that game's rounds (written by the sample generators,
faults included; judged under the games' sample rules), its rounds' ids are keyed and stored
as a chunk stores them.  ``make install`` and ``deploy/serve.sh`` run it
(``manage.py compile_kernels``), so that the first file a worker validates after an install
or an upgrade loads the kernels instead of compiling them.

:func:`kernels_build` then compiles the same kernels, with the argument types that run gave
them, into one extension module: the ahead-of-time form, which a worker loads without numba
or LLVM (:mod:`audits.validation.screen.ahead`).
"""

from __future__ import annotations

import json
import os
import tempfile
import time
import warnings
from pathlib import Path

import numpy as np

from audits.samples import generate_toss_one
from audits.samples.blackjack import generate_blackjack
from audits.samples.settlement import sample_rules
from audits.validation.games import GAMES, ValidatedGame, check_round
from audits.validation.screen import ahead
from audits.validation.screen.rounds import BatchColumns

from .chunk_run import BATCH
from .fast_path import ALWAYS, SEAT_STARTS
from .lines import read_blocks
from .round_keys import RoundsRead

DECKS = 6


def kernels_compile(rounds: int = 300) -> dict[str, float]:
    """Every game's screen run on ``rounds`` sample rounds of it (compiling what is not in
    the cache yet); the seconds each game took."""
    took = {}
    with tempfile.TemporaryDirectory() as folder:
        for code, game in GAMES.items():
            if game.screen is None:
                continue
            start = time.perf_counter()
            path = Path(folder) / f"{code}.jsonl"
            options = _sample(code, path, rounds)
            _screen_file(code, game, path, options)
            took[code] = time.perf_counter() - start
    return took


def _sample(code: str, path: Path, rounds: int) -> dict[str, str]:
    """A sample of the game's rounds, one in ten faulty, written to ``path``; its options."""
    if code == "toss-one-21":
        options = {"blackjack_pays": "3:2", "lucky3_paytable": "1"}
        generate_toss_one(path, rounds=rounds, days=1, seats=7, decks=DECKS, fault_rate=0.1)
        return options
    options = {"blackjack_pays": "3:2"}
    generate_blackjack(path, game=code, rounds=rounds, days=1, decks=DECKS, fault_rate=0.1,
                       options=options)  # fmt: skip
    return options


def _screen_file(code: str, game: ValidatedGame, path: Path, options: dict) -> None:
    """The file's lines screened a batch at a time, as a chunk screens them, and the clean
    rounds' ids keyed and stored as a chunk stores them."""
    screen = game.screen(sample_rules(code, options), options, DECKS, check_round)
    read = RoundsRead()
    for block in read_blocks(path, 0, path.stat().st_size):
        for at in range(0, len(block), BATCH):
            lines = block[at : at + BATCH]
            batch = BatchColumns(lines, ALWAYS, (lines.data, lines.starts, lines.ends),
                                 SEAT_STARTS)  # no round played too late to be read
            batch.places()
            rows = np.flatnonzero(batch.ok)
            numbers = np.arange(at + 1, at + len(lines) + 1)
            clean = rows[screen.screen(batch, rows, lines, numbers).clean]
            read.add_many("", "", code, batch.ids.take(clean), numbers[batch.index[clean]],
                          batch.micros[clean])  # fmt: skip
    list(read.sorted_places())


class BuildFailed(RuntimeError):
    """The ahead-of-time module could not be built (no C compiler, say)."""


def kernels_build() -> Path:
    """Every kernel the screen made just in time, with each argument types it was compiled
    for (call :func:`kernels_compile` first), compiled into one extension module (numba's
    ``pycc``): the ahead-of-time form (:mod:`audits.validation.screen.ahead`).
    Runs only where the kernels are made just in time (``SCREEN_KERNELS=jit``); the module's
    path."""
    if ahead.KERNELS.ahead:
        raise RuntimeError("kernels_build needs the kernels made just in time (SCREEN_KERNELS=jit)")
    name = ahead.module_name()
    library, types_file = ahead.module_files(name)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # pycc's "pending deprecation" (since numba 0.57)
            from numba.pycc import CC
    except ImportError as exc:  # a numba without pycc, or no setuptools
        raise BuildFailed(f"numba.pycc is not available: {exc}") from exc
    cc = CC(name)
    # for any processor of this architecture, as a wheel is: as fast here as numba's code for
    # this very processor, where naming it ("host", AMD Zen 5) made the seats' reading 2.4
    # times slower (LLVM's 512-bit vectors on short loops)
    cc.target_cpu = ""
    cc.verbose = False
    specs = {}
    for function, dispatcher in ahead.KERNELS.made:
        for build, signature in enumerate(dispatcher.nopython_signatures):
            argument_specs = [_spec(t) for t in signature.args]
            if None in argument_specs:
                continue  # a type the check cannot tell: that build stays just in time
            export = ahead.export_name(function, build)
            cc.export(export, signature)(function)
            specs[export] = argument_specs
    library.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=library.parent) as work:
        cc.output_dir = work
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                cc.compile()
        except Exception as exc:  # distutils' CompileError, LinkError, a missing compiler
            raise BuildFailed(f"{type(exc).__name__}: {exc}") from exc
        built = Path(work) / library.name
        (Path(work) / types_file.name).write_text(json.dumps(specs, indent=1, sort_keys=True))
        os.replace(Path(work) / types_file.name, types_file)  # the types first: a module is
        os.replace(built, library)  # loaded only when both are there
    for old in library.parent.glob("screen_kernels_*"):  # built from an earlier source
        if old.name.split(".")[0] != name:
            old.unlink(missing_ok=True)
    return library


def _spec(numba_type):
    """A numba type as :func:`audits.validation.screen.ahead.checker` reads it; None for a
    type it does not check."""
    from numba.core import types
    from numba.np.numpy_support import as_dtype

    if isinstance(numba_type, types.Array) and numba_type.layout in "CFA":
        dtype = as_dtype(numba_type.dtype).str
        return ["array", dtype, numba_type.ndim, numba_type.layout, not numba_type.mutable]
    if isinstance(numba_type, types.Boolean):
        return ["bool"]
    if isinstance(numba_type, types.Integer):
        return ["int", numba_type.bitwidth, numba_type.signed]
    if isinstance(numba_type, types.Float):
        return ["float"]
    if isinstance(numba_type, types.BaseTuple):
        items = [_spec(t) for t in numba_type.types]
        return None if None in items else ["tuple", items]
    return None
