"""The entry point: :func:`generate_toss_one` writes a sample hand log to a file."""

from __future__ import annotations

import gzip as gzip_module
import os
import time
from collections.abc import Sequence
from datetime import date
from pathlib import Path

from .report import GenerationReport
from .writer import HandLogWriter

ROUNDS_PER_TABLE_DAY = 300  # when ``rounds`` is not given


def generate_toss_one(
    out: str | os.PathLike,
    *,
    venue: str = "WA-CR-0042",
    tables: Sequence[str] = ("T1", "T2", "T3", "T4"),
    start: str | date = "2026-10-01",
    days: int = 31,
    rounds: int | None = None,
    seats: int = 3,
    decks: int = 6,
    fault_rate: float = 0.01,
    seed: int = 2026,
    gzip: bool = False,
    timezone: str = "America/Los_Angeles",
    blackjack_pays: str = "3:2",
    lucky3_paytable: str = "1",
    parameters: dict | None = None,
    stakes: str = "few",
    most_stake: int = 400_00,
) -> GenerationReport:
    """Write a Toss One 21 hand log to ``out``; see the :mod:`audits.samples` docstring.

    ``parameters`` are the rule version's engine parameters (default: the engine's).
    ``rounds`` (default: ``ROUNDS_PER_TABLE_DAY`` per table and day) are spread
    over ``days`` days from ``start``, the tables taking turns, played between
    10:00 and midnight local time.  ``seats`` seats are occupied in every round.
    ``stakes``: how the players stake (:mod:`audits.samples.stakes`), up to ``most_stake``
    cents.
    """
    writer = HandLogWriter(
        venue=venue,
        tables=tuple(tables),
        start=date.fromisoformat(start) if isinstance(start, str) else start,
        days=days,
        rounds=days * len(tables) * ROUNDS_PER_TABLE_DAY if rounds is None else rounds,
        seats=seats,
        decks=decks,
        fault_rate=fault_rate,
        seed=seed,
        timezone=timezone,
        options={"blackjack_pays": blackjack_pays, "lucky3_paytable": lucky3_paytable},
        parameters=parameters,
        stakes=stakes,
        most_stake=most_stake,
    )
    began = time.perf_counter()
    with open(out, "wb") as raw:
        if gzip:  # no file name and no time in the header: the same bytes every time
            with gzip_module.GzipFile(
                filename="", mode="wb", fileobj=raw, compresslevel=6, mtime=0
            ) as fh:
                report = writer.write(fh)
        else:
            report = writer.write(raw)
    report.path = os.fspath(out)
    report.size = Path(out).stat().st_size
    report.seconds = time.perf_counter() - began
    return report
