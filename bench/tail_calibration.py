"""How often a clean period's hold test gives a p-value at or under small levels, against
those levels: the tails of one test, measured on periods drawn from the wager's own par sheet
with the bench's unequal stakes (:mod:`audits.par.year_rates`).

``.venv/bin/python bench/tail_calibration.py GAME WAGER [--days 1] [--periods 20000]
[--seed 11]``

With right tails every ratio is near 1 (within its count's chance); a ratio well above 1 at
a small level is a test that flags clean play more often than it says.  Record the figures in
docs/monitoring.md.
"""

from __future__ import annotations

import argparse
import sys
import time
from decimal import Decimal
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from audits.par import year_rates as yr  # noqa: E402
from audits.par.hold import Part, hold_of_parts  # noqa: E402
from games.engine.catalog import compute_parsheet  # noqa: E402

LEVELS = (0.05, 0.01, 1e-3, 3e-4, 1e-4)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("wager")
    parser.add_argument("--days", type=int, default=1, help="gaming days in a period")
    parser.add_argument("--periods", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=11)
    args = parser.parse_args()
    sheet = compute_parsheet(args.game, 6, sensitivity=False).to_dict()["wagers"][args.wager]
    share = dict(yr.DEMO.shares[args.game])[args.wager]
    rng = np.random.default_rng(args.seed)
    start, p_values, method = time.perf_counter(), [], ""
    for _ in range(args.periods):
        sums = [0, 0, 0, 0, 0]
        for _ in range(args.days):
            day = yr._draw(rng, sheet, 400, share, None)
            sums = [a + b for a, b in zip(sums, day, strict=True)]
        n, wagered, net, squares, cubes = sums
        part = Part(n, Decimal(wagered), Decimal(net), sheet, Decimal(squares), Decimal(cubes))
        hold = hold_of_parts([part], 0.999)
        p_values.append(hold.p_value)
        method = hold.method
    p = np.array(p_values)
    print(f"{args.game} {args.wager}: {args.periods:,} periods of {args.days} day(s), "
          f"{share:.0%} of 400 main wagers a day, method {method}, seed {args.seed} "
          f"({time.perf_counter() - start:.0f} s)")  # fmt: skip
    for level in LEVELS:
        count = int(np.sum(p <= level))
        print(f"  p <= {level:g}: {count:,} periods, {count / len(p) / level:.2f} x the level")


if __name__ == "__main__":
    main()
