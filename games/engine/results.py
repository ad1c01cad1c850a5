"""What settling a wager produces."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

from .sources import Source

LOSE, VOID = Fraction(-1), Fraction(0)  # the stake lost; nothing won or lost


@dataclass(frozen=True, slots=True)
class WagerResult:
    """The settlement of one wager: its net result, the outcome and the rule, and how the
    net was reached: ``net == settle_amount(at_risk, odds, rounding)`` (``at_risk`` is the
    stake unless a rule puts another amount at risk: a doubled hand's two stakes, or only
    the first against a dealer's natural with the peek)."""

    key: str
    stake: Decimal
    net: Decimal
    outcome: str
    source: Source
    odds: Fraction
    at_risk: Decimal | None = None  # None: the stake

    @property
    def risked(self) -> Decimal:
        return self.stake if self.at_risk is None else self.at_risk
