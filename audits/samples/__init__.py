"""Sample hand logs: a venue's month, with deliberate errors of every kind and their answer key.

:func:`generate_toss_one` writes a Toss One 21 hand log exactly as docs/handlog-format.md
describes it (JSON Lines, one round per line, optionally gzip-compressed);
:func:`~audits.samples.blackjack.generate_blackjack` one table of Ante Up 21 or the tie bonus
game.  Every round is dealt from a shuffled shoe by ``random.Random(seed)``, so the same
arguments give the same bytes, and settled by the game's one settlement
(:mod:`.settlement`).  A share of rounds (``fault_rate``) carry one deliberate error each and a
few extra lines are malformed; the returned :class:`GenerationReport` lists each error's line
and the finding code the validator is expected to report there: the answer key.
``audits/demo/sample_month.py`` deals every game the registry authorizes at a venue.

Pure Python, no Django.  Modules: :mod:`.games` (the games the samples deal, by code, each
from its own module: :mod:`.toss_one`, :mod:`.ante_up`, :mod:`.tie_bonus`, with
:mod:`.sample_game`), :mod:`.generate` (the Toss One entry point), :mod:`.writer`
(days, times and the fast path for clean rounds), :mod:`.dealing` (shoe, wagers, tosses),
:mod:`.faults` (Toss One's deliberate errors), :mod:`.blackjack` and
:mod:`.blackjack_faults` with :mod:`.blackjack_play_faults` (the blackjack family's tables
and errors), :mod:`.settlement` (the one settlement, as the
generators call it), :mod:`.report` (the answer key).
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
