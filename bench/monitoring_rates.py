"""Monitoring's false alarms and detection, for every game and the venue's family together,
measured over venue-years drawn from the par sheets (:mod:`audits.par.year_rates`).

``.venv/bin/python bench/monitoring_rates.py [--years 40] [--seed 53] [--rounds 400]
[--games GAME ...]``

For each of the three games at its demo tables, and for the demo venue's six tables
together: the share of clean venue-years with any flag (day, month-to-date and year-to-date
tests of every month together; at most the jurisdiction's 5% when the tests are right), and
the share of planted months found (a skim, a dealer overpaying, a paytable changed).
Record the figures in docs/monitoring.md.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from audits.par.year_rates import DEMO, PLANTS, Venue, year_rates  # noqa: E402
from games.engine.catalog import GAMES as CATALOG  # noqa: E402
from games.engine.catalog import compute_parsheet  # noqa: E402

GAMES = tuple(CATALOG)  # every game, in the catalog's order


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--years", type=int, default=40)
    parser.add_argument("--planted-years", type=int, default=None,
                        help="venue-years of each plant (default: as many as --years)")
    parser.add_argument("--seed", type=int, default=53)
    parser.add_argument("--rounds", type=int, default=400)
    parser.add_argument("--games", nargs="+", choices=GAMES, default=GAMES,
                        help="the games' rows (default all, with the venue's)")  # fmt: skip
    parser.add_argument("--visible", action="store_true",
                        help="only the hold shifts each game's tests see, from the par sheets")
    args = parser.parse_args()
    sheets = {g: compute_parsheet(g, 6, sensitivity=False).to_dict()["wagers"] for g in GAMES}
    if args.visible:
        visible(sheets, args.rounds)
        return
    venue = Venue(DEMO.tables, DEMO.shares, rounds=args.rounds)
    planted = args.planted_years or args.years
    print(f"{args.years} clean venue-years and {planted} of each plant, {args.rounds} main "
          f"wagers a table-day, seed {args.seed}")
    print("| tables | clean venue-years flagged | skim found | dealer found | paytable found |")
    print("| --- | ---: | ---: | ---: | ---: |")
    rows = [(g, venue.only(g)) for g in args.games]
    if len(args.games) == len(GAMES):
        rows.append(("the venue, all six", venue))
    for name, place in rows:
        start = time.perf_counter()
        clean, found = year_rates(place, sheets, args.years, args.seed,
                                  planted_years=planted)  # fmt: skip
        cells = " | ".join(f"{found[p] / planted:.0%}" for p in PLANTS)
        print(f"| {name} ({', '.join(sorted(place.tables))}) | {clean / args.years:.1%} "
              f"({clean} of {args.years}) | "
              f"{cells} |   ({time.perf_counter() - start:.0f} s)", flush=True)  # fmt: skip


#: the two-sided z of the p-values a flag takes: a day's hold about 1e-5, a month's or a
#: year's to date about 1e-4 (the thresholds of the families' tests, docs/monitoring.md)
Z_DAY, Z_LONGER = 4.42, 3.89
#: the stakes' spread: the sample players' 10/25/50/100 in 35/35/20/10 parts weigh a hold as
#: (E stake)^2 / E stake^2 of its wagers (Kish's effective number)
EFFECTIVE = 32.25**2 / 1753.75


def visible(sheets: dict, rounds: int) -> None:
    """Per game and wager, the hold shift (points of hold) a test sees half the time at one
    table of ``rounds`` wagers a day: a day, a month of 28 days, a year of 12 such months
    (normal approximation: z times the hold's standard deviation)."""
    print(f"| game | wager | spread per unit | a day | a month | a year |  ({rounds} a day)")
    print("| --- | --- | ---: | ---: | ---: | ---: |")
    for game in GAMES:
        for wager in ("main", next(k for k in sheets[game] if k != "main")):
            outcomes = sheets[game][wager]["outcomes"]
            mean = sum(o["probability"] * o["pays"] for o in outcomes)
            spread = sum(o["probability"] * (o["pays"] - mean) ** 2 for o in outcomes) ** 0.5
            shifts = [z * spread / (n * EFFECTIVE) ** 0.5 for z, n in
                      ((Z_DAY, rounds), (Z_LONGER, 28 * rounds), (Z_LONGER, 336 * rounds))]
            print(f"| {game} | {wager} | {spread:.2f} | "
                  + " | ".join(f"{100 * x:.1f}" for x in shifts) + " |")  # fmt: skip


if __name__ == "__main__":
    main()
