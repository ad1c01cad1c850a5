"""A sample month of a venue: every game the registry authorizes there, dealt at its tables.

The registry says what the venue runs on the first day of the month: each authorization in
force names its game, its table (or every table not dedicated to another game), the options
the venue runs and its deck counts.  Each game is dealt by its pure generator
(:mod:`audits.samples`), table after table, into one hand log; the answer keys are joined
with their line numbers shifted to the joined file.
"""

from __future__ import annotations

import gzip as gzip_module
import os
import shutil
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path

from django.db.models import Q

from audits.samples import ROUNDS_PER_TABLE_DAY, GenerationReport, generate_toss_one
from audits.samples.blackjack import ANTE_UP, TIE_BONUS, generate_blackjack
from games.models import Authorization, Venue
from games.terms import approval_status_on

TOSS_ONE = "toss-one-21"
GAMES = (TOSS_ONE, ANTE_UP, TIE_BONUS)  # the games a generator deals, in the log's order
DEFAULT_DECKS = 6


@dataclass(frozen=True)
class SampleGame:
    """One game as the venue is authorized to run it: where, with which options and decks."""

    game: str
    tables: tuple[str, ...]
    options: dict[str, str] = field(default_factory=dict)
    decks: int = DEFAULT_DECKS


@dataclass(frozen=True)
class SampleVenue:
    code: str
    timezone: str
    games: tuple[SampleGame, ...]


def sample_venue_games(venue_code: str, day: date) -> SampleVenue:
    """What ``venue_code`` is authorized to run on ``day``, game by game (the generators'
    games only); a table named by one authorization is that game's alone."""
    venue = Venue.objects.select_related("licensee__jurisdiction").filter(code=venue_code).first()
    if venue is None:
        raise ValueError(f"venue {venue_code!r} is not in the registry (load_registry first)")
    in_force = [
        a
        for a in Authorization.objects.filter(venue=venue, effective_from__lte=day)
        .filter(Q(effective_to__isnull=True) | Q(effective_to__gte=day))
        .select_related("table", "approval__rule_version__game")
        .order_by("pk")
        if approval_status_on(a.approval, day) == "approved"
    ]
    dedicated = {a.table.code for a in in_force if a.table}
    every = [t.code for t in venue.tables.order_by("code") if t.code not in dedicated]
    games = []
    for code in GAMES:
        mine = [a for a in in_force if a.approval.rule_version.game.code == code]
        if mine:
            games.append(_sample_game(code, mine, every))
    return SampleVenue(venue.code, venue.licensee.jurisdiction.timezone, tuple(games))


def _sample_game(code: str, authorizations: list[Authorization], every: list[str]) -> SampleGame:
    first = authorizations[0]
    tables = sorted({a.table.code for a in authorizations if a.table})
    if any(a.table is None for a in authorizations):
        tables = sorted(set(tables) | set(every))
    allowed = first.approval.allowed_options or {}
    options = {key: values[0] for key, values in allowed.items() if values}
    options.update(first.options or {})
    decks = list(first.decks or first.approval.rule_version.decks_allowed or [DEFAULT_DECKS])
    return SampleGame(code, tuple(tables), options, DEFAULT_DECKS if DEFAULT_DECKS in decks
                      else decks[0])  # fmt: skip


def sample_month_generate(
    out: str | os.PathLike,
    venue: SampleVenue,
    *,
    start: date,
    days: int,
    rounds: int | None = None,
    seats: int = 3,
    fault_rate: float = 0.01,
    seed: int = 2026,
    gzip: bool = False,
) -> GenerationReport:
    """Deal every game of ``venue`` into ``out``: ``rounds`` rounds per game (default
    ``ROUNDS_PER_TABLE_DAY`` per table and day), each with its share of deliberate errors."""
    if not venue.games:
        raise ValueError(f"venue {venue.code} is authorized to run none of {', '.join(GAMES)}")
    out, began = Path(out), time.perf_counter()
    joined = GenerationReport(path=os.fspath(out), rounds=0, rejected_lines=0, lines=0)
    with tempfile.TemporaryDirectory(dir=out.parent) as work:
        parts = []
        for n, part in enumerate(_parts(venue, days, rounds)):
            path = Path(work) / f"{n}.jsonl"
            report = _deal(path, venue, part, start=start, days=days, seats=seats,
                           fault_rate=fault_rate, seed=seed + n)  # fmt: skip
            _join(joined, report)
            parts.append(path)
        _concatenate(parts, out, gzip)
    joined.size = out.stat().st_size
    joined.seconds = time.perf_counter() - began
    return joined


def _parts(venue: SampleVenue, days: int, rounds: int | None):
    """(game, tables, rounds): Toss One 21 deals its tables in turns; a blackjack-family
    game one table at a time."""
    for game in venue.games:
        groups = [game.tables] if game.game == TOSS_ONE else [(t,) for t in game.tables]
        for tables in groups:
            count = rounds if rounds is not None else days * len(tables) * ROUNDS_PER_TABLE_DAY
            yield game, tables, count


def _deal(path, venue: SampleVenue, part, **common) -> GenerationReport:
    game, tables, count = part
    if game.game == TOSS_ONE:
        return generate_toss_one(
            path, venue=venue.code, tables=tables, rounds=count, decks=game.decks,
            timezone=venue.timezone, blackjack_pays=game.options.get("blackjack_pays", "3:2"),
            lucky3_paytable=game.options.get("lucky3_paytable", "1"), **common,
        )  # fmt: skip
    return generate_blackjack(
        path, game=game.game, venue=venue.code, table=tables[0], rounds=count, decks=game.decks,
        timezone=venue.timezone, options=dict(game.options), **common,
    )  # fmt: skip


def _join(joined: GenerationReport, report: GenerationReport) -> None:
    shift = joined.lines
    joined.faults += [(line + shift, code) for line, code in report.faults]
    joined.kinds += [(line + shift, kind) for line, kind in report.kinds]
    joined.rounds += report.rounds
    joined.rejected_lines += report.rejected_lines
    joined.lines += report.lines


def _concatenate(parts: Sequence[Path], out: Path, gzip: bool) -> None:
    with open(out, "wb") as raw:
        target = (
            gzip_module.GzipFile(filename="", mode="wb", fileobj=raw, compresslevel=6, mtime=0)
            if gzip
            else raw
        )
        for part in parts:
            with open(part, "rb") as fh:
                shutil.copyfileobj(fh, target)
        if gzip:
            target.close()
