"""Toss One 21's samples as the games the samples deal list them (:data:`SAMPLE_GAME`): the
demo's four tables dealt in turns by :func:`~.generate.generate_toss_one` (with
:mod:`.writer`, :mod:`.dealing` and its deliberate errors, :mod:`.faults`)."""

from __future__ import annotations

import os
from collections.abc import Sequence

from games.engine.toss_one_rules import GAME

from .generate import generate_toss_one
from .report import GenerationReport
from .sample_game import SampleGame


def _deal(out: str | os.PathLike, *, tables: Sequence[str], options: dict,
          **common) -> GenerationReport:  # fmt: skip
    return generate_toss_one(
        out, tables=tuple(tables), blackjack_pays=options.get("blackjack_pays", "3:2"),
        lucky3_paytable=options.get("lucky3_paytable", "1"), **common,
    )  # fmt: skip


SAMPLE_GAME = SampleGame(
    GAME,
    _deal,
    ("T1", "T2", "T3", "T4"),
    True,
    {"blackjack_pays": "3:2", "lucky3_paytable": "1"},
)  # fmt: skip
