"""Many tests at once: the Benjamini–Hochberg procedure.

A venue's month is tested many times over: each table's and the whole venue's hold of each
wager on each gaming day, the month to date and the year to date.  Tested one by one at 95%,
about one in twenty would be outside its interval by chance alone.  The procedure keeps the
false discovery rate (the expected share of flags that are chance) at ``level`` over the
whole family: with ``m`` p-values sorted, the largest ``k`` with ``p_(k) <= k/m * level``
sets the threshold, and every p-value at or under it is flagged.  When nothing has truly
changed, every flag is chance, so the chance of any flag at all in the family is at most
``level`` (for tests independent or positively dependent, as a period's and its days' are).
Several families share the level equally (:func:`family_thresholds`).  Pure: the standard
library.
"""

from __future__ import annotations

import sys
from decimal import Decimal

MONTHS = 12  # a venue's year of months shares the jurisdiction's level
#: the share of the year's level the months' tests spend.  The rest is kept for the tails:
#: a p-value is exact only where the par sheet is, and its tails, measured against
#: simulation at the small levels a month's many tests reach, run up to 1.5 times the level
#: (docs/monitoring.md); spending half keeps a clean venue-year's chance of any flag under
#: the jurisdiction's level with that error and more.
SPENT = Decimal("0.5")
LEVEL_PLACES = Decimal("1e-8")

#: a threshold is never 0.0 when something is flagged (0.0 means none): a p-value that
#: underflowed to 0.0 (a hold far outside its band) flags at this threshold
SMALLEST = sys.float_info.min


def month_level(year_level: Decimal) -> Decimal:
    """The level a venue's month is tested at: its twelfth of the spent share of the year's
    level (the jurisdiction's, one minus ``deviation_confidence``)."""
    return (year_level * SPENT / MONTHS).quantize(LEVEL_PLACES)


def bh_threshold(p_values: list[float], level: float) -> float:
    """The largest p-value flagged (0.0 when none is): p-values at or under it are flags."""
    ordered = sorted(p_values)
    m = len(ordered)
    threshold = 0.0
    for k, p in enumerate(ordered, start=1):
        if p <= k / m * level:
            threshold = max(p, SMALLEST)
    return threshold


def family_thresholds(p_values: dict[str, list[float]], level: float) -> dict[str, float]:
    """Each family's threshold, Benjamini–Hochberg at an equal share of ``level`` (so that
    the chance of any flag in all of them, when nothing has changed, is still at most
    ``level``).  A month's days are one family and its longer periods another: a change
    that lasts weeks shows in the few month tests long before it passes the many days'."""
    share = level / max(len(p_values), 1)
    return {name: bh_threshold(ps, share) for name, ps in p_values.items()}
