"""Deviations: each period's hold per table (and over the whole venue), game and wager key,
tested against the par sheets in force, and every one outside its interval kept as a record.

The test (:mod:`audits.par.hold_distribution`) uses the exact distribution of that many wagers'
results under the par sheet of the variant in force at each table on the period's last day
(the reports' basis, :func:`~audits.par.rules.assumed_variant`); over the whole venue, each
table's wagers keep their own sheet.  The jurisdiction names the rule: its confidence level
(``deviation_confidence``) and the fewest wagers worth testing (``deviation_min_wagers``).

The checks are tested together, a venue's month at a time, and the deviations kept
(:mod:`audits.monitoring.month_tests`); :func:`deviations_of` lists those of each month's
latest test.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from datetime import date, timedelta

from django.db.models import OuterRef, Q, Subquery

from audits.monitoring.ledger import LedgerLine, ledger_lines
from audits.monitoring.models import Deviation, DeviationTest
from audits.par.hold import Hold, Part, hold_of_parts
from audits.par.hold_distribution import BOTH
from audits.par.rules import authorization_on, authorization_sheets, venue_authorizations
from games.engine.catalog import UnknownGame
from games.engine.catalog import game as engine_game
from games.models import Authorization, Table, Venue

WHOLE_VENUE = ""


@dataclass(frozen=True)
class HoldCheck:
    """One (table, or ``""`` for the whole venue; game; wager key) over a period."""

    table: str
    game: str
    wager_key: str
    hold: Hold
    tested: bool  # a par sheet and at least the jurisdiction's minimum of wagers
    basis: tuple[dict, ...]  # per table: rule version, approval and the variant assumed

    @property
    def deviation(self) -> bool:
        return self.tested and self.hold.outside

    @property
    def counted(self) -> bool:
        """Valid wagers at an authorized table: a wager the game has, at a table where an
        authorization of the game is in force (the rest are findings, shown apart)."""
        return self.wager_key in game_wagers(self.game) and all(
            b.get("in_force", True) for b in self.basis
        )

    def to_dict(self) -> dict:
        """The check's figures as the API and the reports' JSON twin give them."""
        place = {"table": self.table, "game": self.game, "wager_key": self.wager_key}
        return {**place, **self.hold.to_dict(), "tested": self.tested, "deviation": self.deviation}


def hold_checks(
    venue: Venue,
    first_day: date,
    last_day: date,
    shared: dict | None = None,
    tested_only: bool = False,
    lines: list[LedgerLine] | None = None,
) -> list[HoldCheck]:
    """Every table's hold over the period, then the whole venue's where it has several
    tables of a game, each against its par sheets under the jurisdiction's rule (``shared``:
    the registry reads of earlier calls, to reuse; ``tested_only``: leave out the lines with
    fewer wagers than the jurisdiction tests, without computing their interval; ``lines``:
    the period's ledger lines, read already)."""
    jurisdiction = venue.licensee.jurisdiction
    confidence = float(jurisdiction.deviation_confidence)
    fewest, tails = jurisdiction.deviation_min_wagers, jurisdiction.deviation_tails
    sheets = _Sheets(venue, last_day, shared)
    per_wager: dict[tuple[str, str], list[LedgerLine]] = defaultdict(list)
    checks = []
    for line in ledger_lines(venue, first_day, last_day) if lines is None else lines:
        if line.wager_key:
            per_wager[(line.game, line.wager_key)].append(line)
            if not tested_only or line.wagers >= fewest:
                checks.append(_check(line.table, [line], sheets, confidence, fewest, tails))
    for lines in per_wager.values():
        with_sheet = [ln for ln in lines if sheets.sheet(ln)]
        if len(with_sheet) > 1 and (not tested_only or sum(ln.wagers for ln in with_sheet)
                                    >= fewest):  # fmt: skip
            checks.append(_check(WHOLE_VENUE, with_sheet, sheets, confidence, fewest, tails))
    return checks


def line_checks(venue: Venue, lines: list[LedgerLine], day: date) -> list[HoldCheck | None]:
    """Each ledger line's check against the par sheet in force at its table on ``day`` under
    the jurisdiction's rule; None for the lines counting rounds."""
    jurisdiction = venue.licensee.jurisdiction
    confidence = float(jurisdiction.deviation_confidence)
    sheets = _Sheets(venue, day)
    return [
        _check(ln.table, [ln], sheets, confidence, jurisdiction.deviation_min_wagers,
               jurisdiction.deviation_tails)  # fmt: skip
        if ln.wager_key
        else None
        for ln in lines
    ]


def pooled_check(venue: Venue, lines: list[LedgerLine], day: date, shared: dict) -> HoldCheck:
    """Lines of one game and wager key at any of the venue's tables (a dealer's, say) tested
    together, each table's wagers under its own par sheet in force on ``day``, under the
    jurisdiction's rule (``shared``: registry reads to reuse across calls); the tables
    with a par sheet alone when any has one."""
    jurisdiction = venue.licensee.jurisdiction
    sheets = _Sheets(venue, day, shared)
    confidence = float(jurisdiction.deviation_confidence)
    lines = [ln for ln in lines if sheets.sheet(ln)] or lines
    return _check(WHOLE_VENUE, lines, sheets, confidence, jurisdiction.deviation_min_wagers,
                  jurisdiction.deviation_tails)  # fmt: skip


def deviation_list(venue: Venue, first_day: date, last_day: date):
    """The deviations kept for the venue whose period ends between the two days, latest
    first (only its own licensee's)."""
    return deviations_of([venue], first_day, last_day).order_by(
        "-last_day", "table", "game", "wager_key", "period", "-found_at"
    )


def deviations_of(venues: list[Venue], first_day: date, last_day: date):
    """The deviations kept for the venues (each its own licensee's) whose period ends
    between the two days."""
    if not venues:
        return Deviation.objects.none()
    each = Q()
    for venue in venues:
        each |= Q(licensee=venue.licensee_id, venue=venue.code)
    found = Deviation.objects.filter(each, last_day__gte=first_day, last_day__lte=last_day)
    found = found.filter(Q(test__isnull=True) | Q(test__in=latest_month_tests()))
    return found.exclude(submission__withdrawn_at__isnull=False)  # found by a withdrawn file


def flagged_lines(venue: Venue, day: date) -> dict[str, set[tuple[str, str, str]]]:
    """Per period of the ledger ending ``day`` (the day, the month and the year to date), the
    ``(table, game, wager)`` whose hold over that span the month's latest test flagged: a
    line outside its own interval alone is not flagged."""
    starts = {"day": day, "month_to_date": day.replace(day=1),
              "year_to_date": day.replace(month=1, day=1)}  # fmt: skip
    flagged: dict[str, set] = {name: set() for name in starts}
    for d in deviations_of([venue], day, day):
        if starts.get(d.period) == d.first_day:
            flagged[d.period].add((d.table, d.game, d.wager_key))
    return flagged


def latest_month_tests():
    """Each venue-month's latest test (its standing: earlier tests' flags are replaced)."""
    latest = DeviationTest.objects.filter(
        licensee=OuterRef("licensee"), venue=OuterRef("venue"), month=OuterRef("month")
    ).order_by("-tested_at", "-pk")
    return DeviationTest.objects.filter(pk=Subquery(latest.values("pk")[:1]))


def _check(table: str, lines: list[LedgerLine], sheets, confidence: float, fewest: int,
           tails: str = BOTH):  # fmt: skip
    """One table's check, or the whole venue's over the tables that have a par sheet (a
    table not authorized for the game has none: its rounds are findings of their own)."""
    parts = [
        Part(ln.wagers, ln.wagered, ln.net_result, sheets.sheet(ln), ln.stake_squares,
             ln.stake_cubes)  # fmt: skip
        for ln in lines
    ]
    hold = _hold(parts, confidence, tails, sheets.shared)
    tested = hold.theoretical is not None and hold.low is not None and hold.wagers >= fewest
    basis = tuple(sheets.basis(ln) for ln in lines)
    return HoldCheck(table, lines[0].game, lines[0].wager_key, hold, tested, basis)


def _hold(parts: list[Part], confidence: float, tails: str, shared: dict) -> Hold:
    """The parts' hold, computed once for the same parts under the same rule in ``shared``:
    a month to date or a year to date whose ledger holds one gaming day has that day's lines,
    and so its holds (a day's submission, the first of its month: the month's and the
    year's checks the day's, not computed twice more)."""
    key = ("hold", confidence, tails, tuple(
        (p.wagers, p.wagered, p.net_result, id(p.sheet), p.stake_squares, p.stake_cubes)
        for p in parts
    ))  # fmt: skip
    known = shared.get(key)
    if known is None:  # the sheets kept with it: the ids in the key stay theirs
        known = shared[key] = (hold_of_parts(parts, confidence, tails), [p.sheet for p in parts])
    return known[0]


class _Sheets:
    """The par sheets in force on a day at each (table, game); each authorization's read
    once however many periods and days ask (``shared`` across calls)."""

    def __init__(self, venue: Venue, day: date, shared: dict | None = None):
        self.venue, self.day = venue, day
        self.shared = {} if shared is None else shared

    def _rules(self, line: LedgerLine) -> dict:
        place = ("place", line.table, line.game, self.day)
        if place not in self.shared:
            table = self._table(line.table)
            found = table and self._authorization(table, line.game)
            self.shared[place] = found and found.pk
            if found and ("authorization", found.pk) not in self.shared:
                self.shared[("authorization", found.pk)] = authorization_sheets(found)
        pk = self.shared[place]
        return self.shared[("authorization", pk)] if pk else {"in_force": False}

    def _authorization(self, table: Table, game: str) -> Authorization | None:
        """In force on the day (the venue's authorizations of the game read once)."""
        key = ("authorizations", game)
        if key not in self.shared:
            self.shared[key] = venue_authorizations(self.venue, game)
        return authorization_on(self.shared[key], table, self.day)

    def _table(self, code: str) -> Table | None:
        if ("table", code) not in self.shared:
            self.shared[("table", code)] = Table.objects.filter(venue=self.venue, code=code).first()
        return self.shared[("table", code)]

    def sheet(self, line: LedgerLine) -> dict | None:
        wagers = self._rules(line).get("wagers", [])
        return next((w.get("sheet") for w in wagers if w["wager_key"] == line.wager_key), None)

    def basis(self, line: LedgerLine) -> dict:
        rules = self._rules(line)
        if not rules.get("in_force"):
            return {"table": line.table, "in_force": False}
        return {
            "table": line.table,
            "rule_version": rules["rule_version"]["version"],
            "approval": rules["approval"]["reference"],
            **rules["par_sheet_basis"],
        }


def game_wagers(game: str) -> tuple[str, ...]:
    """The wagers the game has (none for a game the engine does not know)."""
    try:
        return engine_game(game).wagers
    except UnknownGame:
        return ()


def venue_checks(checks: list[HoldCheck]) -> list[HoldCheck]:
    """One check per game and wager for the whole venue: its venue-wide line, or where the
    venue has one table of the game with a par sheet, that table's (the one with a sheet
    first, then the most wagers)."""
    best: dict[tuple[str, str], HoldCheck] = {}
    for c in checks:
        key = (c.game, c.wager_key)
        rank = (c.table == WHOLE_VENUE, c.hold.low is not None, c.hold.wagers)
        known = best.get(key)
        if known is None or rank > (known.table == WHOLE_VENUE, known.hold.low is not None,
                                    known.hold.wagers):  # fmt: skip
            best[key] = c
    return [best[k] for k in sorted(best)]


def daily_holds(venue: Venue, first: date, last: date) -> list[dict]:
    """Per game, its most played wager's hold each gaming day over the whole venue, with the
    band of its par sheet for that many wagers (the reports' chart and the page's)."""
    series: dict[tuple[str, str], list[dict]] = defaultdict(list)
    shared: dict = {}
    day = first
    while day <= last:
        for c in venue_checks(hold_checks(venue, day, day, shared)):
            series[(c.game, c.wager_key)].append({
                "day": day.isoformat(), "wagers": c.hold.wagers,
                "observed_hold": c.hold.observed, "interval_low": c.hold.low,
                "interval_high": c.hold.high, "deviation": c.deviation,
            })  # fmt: skip
        day += timedelta(days=1)
    played: dict[str, tuple[int, str]] = {}
    for (game, key), days in series.items():
        wagers = sum(d["wagers"] for d in days)
        if wagers > played.get(game, (-1, ""))[0]:
            played[game] = (wagers, key)
    return [
        {"venue": venue.code, "game": game, "wager_key": key, "days": series[(game, key)]}
        for game, (_, key) in sorted(played.items())
    ]
