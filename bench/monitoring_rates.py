"""Monitoring's false-alarm and detection rates, measured on months drawn from the par sheets.

``.venv/bin/python bench/monitoring_rates.py [--months 200] [--seed 7] [--rounds 400 1500]``

For each shape (rounds a table deals a day; four tables, thirty days, Toss One 21 at six
decks with its Lucky 3 and Bonus 4), prints the share of clean months with any flag and the
share of planted months flagged at the planted table (:mod:`audits.par.monitoring_rates`).
Record the figures in docs/monitoring.md.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from audits.par.monitoring_rates import Shape, monitoring_rates  # noqa: E402
from games.engine.catalog import compute_parsheet  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--months", type=int, default=200)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--rounds", type=int, nargs="+", default=[400, 1500])
    args = parser.parse_args()
    sheets = compute_parsheet("toss-one-21", 6, sensitivity=False).to_dict()["wagers"]
    print("rounds/table-day  months  false alarms  Lucky 3 a tenth less, a week  dealer 1 in 50")
    for rounds in args.rounds:
        start = time.perf_counter()
        rates = monitoring_rates(sheets, args.months, args.seed, shape=Shape(rounds=rounds))
        found = rates.to_dict()["detection_rate"]
        print(
            f"{rounds:>16,}  {args.months:>6}  {rates.clean_flagged / args.months:>12.1%}"
            f"  {found['lucky3']:>29.1%}  {found['dealer']:>14.1%}"
            f"   ({time.perf_counter() - start:.0f} s)",
            flush=True,
        )


if __name__ == "__main__":
    main()
