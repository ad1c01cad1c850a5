"""What settling a wager produces."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from .sources import Source


@dataclass(frozen=True, slots=True)
class WagerResult:
    """The settlement of one wager: its net result, the outcome and the rule."""

    key: str
    stake: Decimal
    net: Decimal
    outcome: str
    source: Source
