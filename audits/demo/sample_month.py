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
from dataclasses import dataclass, field, replace
from datetime import date
from pathlib import Path

from audits.par.rules import assumed_variant
from audits.samples import ROUNDS_PER_TABLE_DAY, GenerationReport
from audits.samples.games import SAMPLE_GAMES
from games.models import Authorization, Venue
from games.selectors import paytables_for
from games.services.defined_wagers import rule_version_side_wagers
from games.services.engine_paytables import engine_paytable
from games.terms import authorization_problem

GAMES = tuple(SAMPLE_GAMES)  # the games a generator deals, in the log's order


@dataclass(frozen=True)
class SampleGame:
    """One authorization of a game: its tables, the options and decks the venue runs, and the
    rule version's engine parameters."""

    game: str
    tables: tuple[str, ...]
    options: dict[str, str] = field(default_factory=dict)
    decks: int = 6
    parameters: dict = field(default_factory=dict)
    #: the side wagers the rule version defines as data: key -> (definition, paytable)
    defined: dict = field(default_factory=dict)


@dataclass(frozen=True)
class SampleVenue:
    code: str
    timezone: str
    games: tuple[SampleGame, ...]


def sample_venue_get(venue_code: str, first_day: date, last_day: date | None = None) -> SampleVenue:
    """What ``venue_code`` is authorized to run from ``first_day`` to ``last_day``, one entry
    per authorization in force on both days with its terms met (the generators' games only);
    a table named by one authorization is that authorization's alone."""
    venue = Venue.objects.select_related("licensee__jurisdiction").filter(code=venue_code).first()
    if venue is None:
        raise ValueError(f"venue {venue_code!r} is not in the registry (load_registry first)")
    candidates = (
        Authorization.objects.filter(venue=venue)
        .select_related("table", "approval__rule_version__game", "approval__jurisdiction")
        .order_by("pk")
    )
    chosen = [
        (a, _sample_game(a)) for a in candidates if a.approval.rule_version.game.code in GAMES
    ]
    in_force = [
        (a, game)
        for a, game in chosen
        if all(
            authorization_problem(a, venue, game.decks, game.options, day) is None
            for day in (first_day, last_day or first_day)
        )
    ]
    dedicated = {a.table.code for a, _ in in_force if a.table}
    every = tuple(t.code for t in venue.tables.order_by("code") if t.code not in dedicated)
    games = [
        game if a.table else replace(game, tables=every)
        for code in GAMES
        for a, game in in_force
        if game.game == code
    ]
    return SampleVenue(
        venue.code, venue.licensee.jurisdiction.timezone, tuple(g for g in games if g.tables)
    )


def _sample_game(authorization: Authorization) -> SampleGame:
    """The variant the report's par sheets assume (:func:`assumed_variant`), dealt."""
    decks, options = assumed_variant(authorization)
    version = authorization.approval.rule_version
    tables = paytables_for(authorization.approval, options)
    defined = {key: (definition, engine_paytable(tables[key]))
               for key, definition in rule_version_side_wagers(version).items()
               if key in tables}  # fmt: skip
    return SampleGame(
        game=version.game.code,
        tables=(authorization.table.code,) if authorization.table else (),
        options=options,
        decks=decks,
        parameters=dict(version.parameters or {}),
        defined=defined,
    )


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
    """(game, tables, rounds): an authorization's tables dealt in turns where its game's
    generator deals tables in turns (Toss One 21), else one table at a time; ``rounds`` each
    (default: by days)."""
    for game in venue.games:
        in_turn = SAMPLE_GAMES[game.game].tables_in_turn
        groups = [game.tables] if in_turn else [(t,) for t in game.tables]
        for tables in groups:
            count = rounds if rounds is not None else days * len(tables) * ROUNDS_PER_TABLE_DAY
            yield game, tables, count


def _deal(path, venue: SampleVenue, part, **common) -> GenerationReport:
    game, tables, count = part
    if game.defined:  # the side wagers its rule version defines as data, dealt too
        common["defined"] = game.defined
    return SAMPLE_GAMES[game.game].deal(
        path, tables=tables, options=game.options, venue=venue.code, rounds=count,
        decks=game.decks, timezone=venue.timezone, parameters=game.parameters, **common,
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
