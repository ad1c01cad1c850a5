"""Look-ups Toss One 21 settlement shares: the Bonus 4 paytable by total, blackjack odds."""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from .odds import parse_odds
from .paytables import Paytable
from .sources import Source

_BONUS4_ROWS: dict[int, tuple[Paytable, list]] = {}


def bonus4_rows(table: Paytable) -> list[tuple[str, Fraction | None, Source]]:
    """Per four-card total (0..40): outcome name, odds (None: loses) and source."""
    cached = _BONUS4_ROWS.get(id(table))
    if cached is None or cached[0] is not table:
        rows = []
        for total in range(41):
            outcome = f"total_{total}"
            rows.append((outcome, table.odds(outcome), table.source_of(outcome)))
        cached = _BONUS4_ROWS[id(table)] = (table, rows)
    return cached[1]


@lru_cache(maxsize=8)
def blackjack_odds(text: str) -> Fraction:
    return parse_odds(text)
