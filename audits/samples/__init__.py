"""Sample Toss One 21 hand logs: a venue's month, with deliberate errors of every kind.

:func:`generate_toss_one` writes a hand log exactly as docs/handlog-format.md
describes it (JSON Lines, one round per line, optionally gzip-compressed).
Every round is dealt from a shuffled shoe by ``random.Random(seed)``, so the
same arguments give the same bytes.  Clean rounds are tossed and settled as
the engine (games.engine.toss_one) does; a share of rounds (``fault_rate``)
carry one deliberate error each, cycling through :data:`ROUND_FAULTS`, and a
few extra lines are malformed (:data:`REJECTED_LINES`).  The returned
:class:`GenerationReport` lists each error's line and the finding code the
validator is expected to report there: the answer key.

Pure Python, no Django: the ``generate_handlog`` management command wraps it.

Modules: :mod:`.generate` (the entry point), :mod:`.writer` (days, times and
the fast path for clean rounds), :mod:`.dealing` (shoe, wagers, tosses,
settlement), :mod:`.faults` (the deliberate errors and the slow path that
writes them), :mod:`.report` (the answer key).
"""

from .faults import REJECTED_LINES, ROUND_FAULTS
from .generate import ROUNDS_PER_TABLE_DAY, generate_toss_one
from .report import GenerationReport

__all__ = [
    "REJECTED_LINES",
    "ROUND_FAULTS",
    "ROUNDS_PER_TABLE_DAY",
    "GenerationReport",
    "generate_toss_one",
]
