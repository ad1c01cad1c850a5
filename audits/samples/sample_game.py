"""How one game's rounds are dealt (:class:`SampleGame`): each game's sampling module here
exports its own as ``SAMPLE_GAME`` (``audits/samples/<game>.py``), and the games the samples
deal (:mod:`audits.samples.games`) find it there by the engine catalog's code."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .family import FamilySampling
from .report import GenerationReport


@dataclass(frozen=True)
class SampleGame:
    """How one game's rounds are dealt: ``deal(out, tables=..., options=..., **common)``
    with the generators' common keywords (venue, start, days, rounds, seats, decks,
    fault_rate, seed, timezone, parameters, stakes, most_stake)."""

    code: str
    deal: Callable[..., GenerationReport]
    tables: tuple[str, ...]  # the demo's tables of the game
    tables_in_turn: bool  # one run deals several tables in turns (else one table a run)
    options: dict[str, str]  # the options a sample runs unless told otherwise
    family: FamilySampling | None = None  # a blackjack-family game's own part (its faults...)
