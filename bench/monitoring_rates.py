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
from games.engine.catalog import compute_parsheet  # noqa: E402

GAMES = ("toss-one-21", "ante-up-21", "blackjack-tie-bonus")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--years", type=int, default=40)
    parser.add_argument("--planted-years", type=int, default=None,
                        help="venue-years of each plant (default: as many as --years)")
    parser.add_argument("--seed", type=int, default=53)
    parser.add_argument("--rounds", type=int, default=400)
    parser.add_argument("--games", nargs="+", choices=GAMES, default=GAMES,
                        help="the games' rows (default all, with the venue's)")  # fmt: skip
    args = parser.parse_args()
    sheets = {g: compute_parsheet(g, 6, sensitivity=False).to_dict()["wagers"] for g in GAMES}
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


if __name__ == "__main__":
    main()
