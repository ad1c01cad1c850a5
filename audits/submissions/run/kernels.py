"""The screen's compiled kernels, compiled into numba's cache before a validation needs them.

numba compiles a kernel the first time it is called with arguments of a new type and keeps
the machine code in its cache on disk (a folder of the kernels' sources' fingerprint under
``var/kernels/`` or ``NUMBA_CACHE_DIR``: :mod:`audits.validation.screen.jit`); a later
process of the same sources loads it from there.  Compiling them all in the middle
of a validation costs that process several seconds and about 50 MB of memory at its peak.
:func:`kernels_compile` calls every kernel as validation does: each game's screen in the
table of games reads a small sample of that game's rounds (written by the sample generators,
faults included; judged under the games' sample rules), its rounds' ids are keyed and stored
as a chunk stores them.  ``make install`` and ``deploy/serve.sh`` run it
(``manage.py compile_kernels``), so that the first file a worker validates after an install
or an upgrade loads the kernels instead of compiling them; once all are compiled, it leaves the
mark without which a worker's screen stands aside (:mod:`audits.validation.screen.readiness`).
"""

from __future__ import annotations

import tempfile
import time
from pathlib import Path

import numpy as np

from audits.samples.games import SAMPLE_GAMES
from audits.samples.settlement import sample_rules
from audits.submissions.run.chunk_run import BATCH
from audits.submissions.run.fast_path import ALWAYS
from audits.submissions.run.lines import read_blocks
from audits.submissions.run.round_keys import RoundsRead
from audits.validation.games import GAMES, ValidatedGame, check_judge
from audits.validation.screen import reader as rd
from audits.validation.screen.batch import Batch
from audits.validation.screen.money import placed_sums, settled_cents
from audits.validation.screen.readiness import kernels_compiled_here, kernels_mark_ready

DECKS = 6


def kernels_compile(rounds: int = 300) -> dict[str, float]:
    """Every game's screen run on ``rounds`` sample rounds of it (compiling what is not in
    the cache yet); the seconds each game took."""
    kernels_compiled_here()
    took = kernels_run(rounds)
    _rare_branches()
    kernels_mark_ready(took)  # every kernel is in the cache: workers may screen
    return took


def kernels_run(rounds: int) -> dict[str, float]:
    """Every game's screen run on ``rounds`` sample rounds of it, calling every kernel as a
    chunk calls them (loading each from the cache, or compiling it if it may); the seconds
    each game took."""
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


def _rare_branches() -> None:
    """The kernels only some rule versions call, which the samples' rules do not: a late
    surrender's half stake (the blackjack family's screen, ``surrender: late``)."""
    settled_cents(np.zeros(1, np.int64), np.int64(1), np.int64(2), True)


def _sample(code: str, path: Path, rounds: int) -> dict[str, str]:
    """A sample of the game's rounds, one in ten faulty, written to ``path``; its options."""
    sample = SAMPLE_GAMES[code]
    sample.deal(path, tables=sample.tables[:1], options=sample.options, rounds=rounds, days=1,
                seats=7, decks=DECKS, fault_rate=0.1)  # fmt: skip
    return sample.options


def _screen_file(code: str, game: ValidatedGame, path: Path, options: dict) -> None:
    """The file's lines screened a batch at a time, as a chunk screens them, the clean
    rounds' wagers summed as a chunk sums them, and their ids keyed and stored as a chunk
    stores them."""
    screen = game.screen(sample_rules(code, options), options, DECKS, check_judge(game))
    read, columns = RoundsRead(), rd.Columns()
    for block in read_blocks(path, 0, path.stat().st_size):
        for at in range(0, len(block), BATCH):
            lines = block[at : at + BATCH]
            batch = Batch(lines.data, lines.starts, lines.ends, ALWAYS, columns)  # none late
            batch.places()
            rows = np.flatnonzero(batch.ok)
            numbers = np.arange(at + 1, at + len(lines) + 1)
            screened = screen.screen(batch, rows, lines, numbers)
            clean = rows[screened.clean]
            seats = screened.seats
            placed_sums(seats.wager_mask, seats.slots, np.where(screened.counted, 0, -1),
                        seats.wagers, screened.nets, len(seats.slots))  # fmt: skip
            read.add_many("", "", code, batch.ids.take(clean), numbers[clean],
                          batch.read.micros[clean])  # fmt: skip
            _ = batch.dealers
    list(read.sorted_places())
