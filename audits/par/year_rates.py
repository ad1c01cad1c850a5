"""How often monitoring flags a clean venue-year, and how often it finds a planted problem,
for every game: venue-years drawn from the par sheets and tested as monitoring tests them.

A venue-year is twelve months of ``days`` gaming days.  Each table deals ``rounds`` main
wagers a day (each side wager on its share of them), staked as the sample players stake
(10, 25, 50 or 100, in 35/35/20/10 parts), and each wager's results are drawn from its par
sheet's outcome probabilities.  Each month is tested as :mod:`audits.monitoring.month_tests`
tests it: every table's and the whole venue's hold of each wager each gaming day (one
family) and the month and year to date (another), each with at least :data:`FEWEST` wagers,
Benjamini–Hochberg, each family at half the month's level (a twelfth of the share of the
year's ``level`` monitoring spends, :func:`~audits.par.many_tests.month_level`;
:func:`month_flags`).

Planted, in one month at table ``T1`` (the month's test is then read for a flag at ``T1`` or
the whole venue on the planted wager):

- ``skim``: one winning main wager in twenty recorded as lost (the players' wins dropped);
- ``dealer``: one main wager in fifty paid a unit more than it won;
- ``paytable``: the game's first side wager paying a tenth less on every win.

Ante Up 21's ANTE and BET are drawn each from its own sheet (independently: a
simplification; the real two move together).  Pure: numpy and audits.par.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

import numpy as np

from audits.par.hold import Part, hold_of_parts
from audits.par.many_tests import MONTHS, family_thresholds, month_level

VENUE = ""
STAKES = np.array([10, 25, 50, 100])
STAKE_SHARES = np.array([0.35, 0.35, 0.20, 0.10])
PLANTS = ("skim", "dealer", "paytable")
#: a hold of fewer wagers is shown and not tested (the jurisdiction's deviation_min_wagers:
#: 400 unless its registry file says otherwise), as monitoring tests it
FEWEST = 400


@dataclass(frozen=True)
class Venue:
    """The tables of each game, and each game's wagers with their share of main wagers."""

    tables: dict[str, str]  # table -> game
    shares: dict[str, tuple[tuple[str, float], ...]]  # game -> ((wager, share), ...)
    days: int = 28
    rounds: int = 400

    def only(self, game: str) -> Venue:
        tables = {t: g for t, g in self.tables.items() if g == game}
        return Venue(tables, {game: self.shares[game]}, self.days, self.rounds)


DEMO = Venue(
    {"T1": "toss-one-21", "T2": "toss-one-21", "T3": "toss-one-21", "T4": "toss-one-21",
     "T5": "ante-up-21", "T6": "blackjack-tie-bonus"},
    {"toss-one-21": (("main", 1.0), ("lucky3", 0.4), ("bonus4", 0.3)),
     "ante-up-21": (("main", 1.0), ("poker_bonus", 0.3), ("ante", 1.0), ("bet", 0.85)),
     "blackjack-tie-bonus": (("main", 1.0), ("tie_left", 0.3), ("tie_right", 0.3),
                             ("tie_18", 0.1))},
)  # fmt: skip


def first_table(venue: Venue) -> str:
    return sorted(venue.tables)[0]


def side_wager(venue: Venue, game: str) -> str:
    return venue.shares[game][1][0]


def year_rates(venue: Venue, sheets: dict, years: int, seed: int, level: float = 0.05,
               planted_years: int | None = None):  # fmt: skip
    """``(clean years with any flag, {plant: planted months found})`` over ``years`` clean
    years and ``planted_years`` (as many when not given) of each plant."""
    rng = np.random.default_rng(seed)
    clean = 0
    for _ in range(years):
        year = [_month(rng, venue, sheets, None) for _ in range(MONTHS)]
        clean += any(month_flags(year, m, sheets, venue, level) for m in range(MONTHS))
    found = {}
    table = first_table(venue)
    game = venue.tables[table]
    for plant in PLANTS:
        wager = side_wager(venue, game) if plant == "paytable" else "main"
        hits = 0
        for _ in range(years if planted_years is None else planted_years):
            year = [_month(rng, venue, sheets, None) for _ in range(5)]
            year.append(_month(rng, venue, sheets, plant))  # June
            flags = month_flags(year, 5, sheets, venue, level)
            hits += any(t in (table, VENUE) and w == wager for _, t, _, w in flags)
        found[plant] = hits
    return clean, found


def month_flags(year: list[dict], month: int, sheets, venue: Venue, level: float) -> list:
    """The ``(period, table, game, wager)`` flagged by month ``month``'s test."""
    checks = []
    days = year[month]
    for day, cells in enumerate(days):
        checks += [(("day", day), *c) for c in _checks([cells], sheets, venue)]
    checks += [(("month",), *c) for c in _checks(days, sheets, venue)]
    ytd = [cells for m in year[: month + 1] for cells in m]
    checks += [(("year",), *c) for c in _checks(ytd, sheets, venue)]
    at = float(month_level(Decimal(str(level))))
    tested = [(p, t, g, w, hold_of_parts(parts, 1 - at)) for p, t, g, w, parts in checks]
    families: dict[str, list[float]] = {"days": [], "longer": []}
    for p, *_, h in tested:
        families["days" if p[0] == "day" else "longer"].append(h.p_value)
    cut = family_thresholds(families, at)
    return [(p, t, g, w) for p, t, g, w, h in tested
            if h.p_value <= cut["days" if p[0] == "day" else "longer"] > 0]  # fmt: skip


def _checks(days: list[dict], sheets, venue: Venue) -> list:
    """Each table's and the venue's ``(table, game, wager, parts)`` over ``days``."""
    summed: dict[tuple, list] = {}
    for cells in days:
        for key, sums in cells.items():
            total = summed.setdefault(key, [0, Decimal(0), Decimal(0), Decimal(0), Decimal(0)])
            for i, x in enumerate(sums):
                total[i] += x
    out, pooled = [], {}
    for (table, wager), (n, wagered, net, squares, cubes) in summed.items():
        game = venue.tables[table]
        part = Part(n, wagered, net, sheets[game][wager], squares, cubes)
        if n >= FEWEST:
            out.append((table, game, wager, [part]))
        pooled.setdefault((game, wager), []).append(part)
    for (game, wager), parts in pooled.items():
        if len(parts) > 1 and sum(p.wagers for p in parts) >= FEWEST:
            out.append((VENUE, game, wager, parts))
    return out


def _month(rng, venue: Venue, sheets, plant: str | None) -> list[dict]:
    table = first_table(venue)
    return [
        {
            (t, wager): _draw(rng, sheets[game][wager], venue.rounds, share,
                              plant if t == table and _planted(venue, game, wager, plant)
                              else None)  # fmt: skip
            for t, game in venue.tables.items()
            for wager, share in venue.shares[game]
        }
        for _ in range(venue.days)
    ]


def _planted(venue: Venue, game: str, wager: str, plant: str | None) -> bool:
    if plant is None:
        return False
    return wager == (side_wager(venue, game) if plant == "paytable" else "main")


def _draw(rng, sheet: dict, rounds: int, share: float, plant: str | None) -> tuple:
    """One table-day of a wager: (wagers, wagered, players' net, stakes squared, cubed)."""
    n = rounds if share == 1 else int(rng.binomial(rounds, share))
    outcomes = sheet["outcomes"]
    p = np.array([o["probability"] for o in outcomes])
    pays = np.array([o["pays"] for o in outcomes])
    p = p / p.sum()
    if plant == "paytable":
        pays = np.where(pays > 0, pays * 0.9, pays)
    per_stake = rng.multinomial(n, STAKE_SHARES)
    net = 0.0
    for stake, k in zip(STAKES, per_stake, strict=True):
        counts = rng.multinomial(k, p)
        if plant == "skim":  # a twentieth of the wins recorded as lost: pays becomes -1
            for i in np.flatnonzero(pays > 0):
                dropped = rng.binomial(counts[i], 1 / 20)
                net -= float(stake) * dropped * (pays[i] + 1)
        if plant == "dealer":
            net += float(stake) * rng.binomial(k, 1 / 50)
        net += float(stake) * float(counts @ pays)
    wagered = int(per_stake @ STAKES)
    squares = int(per_stake @ (STAKES**2))
    cubes = int(per_stake @ (STAKES**3))
    return n, Decimal(wagered), Decimal(str(round(net, 2))), Decimal(squares), Decimal(cubes)
