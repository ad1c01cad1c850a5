"""The games the samples deal, by code: one :class:`SampleGame` each, so that callers (the
sample month, the kernels' warm-up, the benchmark) deal any of them the same way."""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from games.engine.toss_one_rules import GAME as TOSS_ONE

from .blackjack import SAMPLINGS, generate_blackjack
from .generate import generate_toss_one
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


def _deal_toss_one(out: str | os.PathLike, *, tables: Sequence[str], options: dict,
                   **common) -> GenerationReport:  # fmt: skip
    return generate_toss_one(
        out, tables=tuple(tables), blackjack_pays=options.get("blackjack_pays", "3:2"),
        lucky3_paytable=options.get("lucky3_paytable", "1"), **common,
    )  # fmt: skip


def _dealer_of(code: str) -> Callable[..., GenerationReport]:
    def deal(out: str | os.PathLike, *, tables: Sequence[str], options: dict,
             **common) -> GenerationReport:  # fmt: skip
        (table,) = tables
        return generate_blackjack(out, game=code, table=table, options=dict(options), **common)

    return deal


SAMPLE_GAMES: dict[str, SampleGame] = {
    TOSS_ONE: SampleGame(
        TOSS_ONE,
        _deal_toss_one,
        ("T1", "T2", "T3", "T4"),
        True,
        {"blackjack_pays": "3:2", "lucky3_paytable": "1"},
    ),  # fmt: skip
    **{
        code: SampleGame(
            code, _dealer_of(code), (sampling.table,), False, {"blackjack_pays": "3:2"}
        )  # fmt: skip
        for code, sampling in SAMPLINGS.items()
    },
}
