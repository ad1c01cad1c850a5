"""A worker made ready before its first chunk, so that its first chunk costs what its next
ones do.

A process's first chunk pays once for what every later chunk finds ready: numba loading each
kernel from its cache (half a second to a second), and the registry's defined side wagers
read with their tables of outcomes (about half a second a definition: every hand of the
cards they read is decided), the engine of each rule version a venue may deal (Toss One
21's tables take a tenth of a second), and the blackjack family's engines asked about every
dealer's hand and short player's hand (:mod:`audits.validation.games.blackjack.taught`: a
fresh process's first day of Ante Up 21 otherwise asks 6,311 dealers' hands and 4,129
players' hands one at a time).
:func:`worker_warm` pays it when a Celery worker starts
(``compliance/celery.py``, :setting:`AUDITS_WORKER_WARM`), in its main process before it
starts the pool's processes, which inherit what it loaded.  It compiles nothing: where the
kernels are not compiled it leaves them (the chunks' own switch says so and has them
compiled apart, :mod:`.screen_switch`), and a database it cannot reach only leaves the side
wagers to the first chunk.  Its kernels loaded, it lets go of LLVM's pages, which a validation
never runs (:mod:`audits.validation.screen.llvm_pages`: about 100 MB of the process's resident
memory on the machine of ``docs/performance.md``).
"""

from __future__ import annotations

import logging
import time

from django.db import DatabaseError, connections

from audits.submissions.run.rules_context import engines_build, engines_built
from audits.submissions.run.screen_switch import screen_on
from audits.validation.games import GAMES  # noqa: F401  (every game's kernels defined)
from audits.validation.games.blackjack.taught import engines_teach
from audits.validation.screen.llvm_pages import llvm_pages_release
from audits.validation.screen.readiness import KernelNotCompiled, compiling_refused, kernels_load
from games.services.defined_wagers import defined_wagers_read

log = logging.getLogger(__name__)


def worker_warm() -> dict[str, float]:
    """The kernels loaded, the defined side wagers read, the engines built and the family's
    taught (see the module); the seconds each took, and how many of each."""
    start = time.perf_counter()
    try:
        definitions = defined_wagers_read()
        engines = engines_build()
    except DatabaseError as exc:  # a database not there yet: the first chunk reads them
        log.warning("worker start: the defined side wagers not read (%s)", exc)
        definitions = engines = 0
    read = time.perf_counter()
    kernels = kernels_load() if screen_on() else 0
    loaded = time.perf_counter()
    taught = _hands_taught() if kernels else 0  # the teaching runs kernels: loaded first
    done = time.perf_counter()
    released = llvm_pages_release()
    connections.close_all()  # the pool's processes open their own
    took = {"side wagers": read - start, "kernels": loaded - read, "teaching": done - loaded,
            "definitions read": definitions, "engines built": engines, "hands taught": taught,
            "kernels loaded": kernels, "llvm MB released": released}  # fmt: skip
    log.info("worker ready: %d defined side wager(s) read and %d engine(s) built in %.2f s, "
             "%d kernel(s) loaded in %.2f s, %d hand(s) taught in %.2f s, %.0f MB of LLVM's "
             "pages let go", definitions, engines, read - start, kernels, loaded - read,
             taught, done - loaded, released)  # fmt: skip
    return took


def _hands_taught() -> int:
    """The family's engines taught their commonest questions (:mod:`...games.blackjack.
    taught`); nothing compiled: a kernel not ready leaves them to the first chunks."""
    with compiling_refused():
        try:
            return engines_teach(engines_built())
        except KernelNotCompiled:
            return 0
