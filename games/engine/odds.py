"""Exact odds and money.

Odds are exact fractions of the stake: ``"3:2"`` and ``"3 to 2"`` are 3/2,
``"40 to 1"`` is 40, ``"Push"`` is 0 and ``"Lose"`` is -1.  ``"N for M"`` counts the stake
in what is paid back, as paytables mean it: ``"5 for 1"`` is a net of 4 (``"1 for 1"`` a
push).  Money is ``Decimal``; a payout that does not come to a whole cent is rounded as the
rule version's ``payout_rounding`` parameter says.
"""

from __future__ import annotations

import re
from decimal import ROUND_DOWN, ROUND_HALF_UP, Decimal
from fractions import Fraction

CENT = Decimal("0.01")
ROUNDING_MODES = {"down_to_cent": ROUND_DOWN, "half_up_to_cent": ROUND_HALF_UP}

_ODDS = re.compile(r"^\s*(\d+)\s*(:|to|for|-)\s*(\d+)\s*$", re.IGNORECASE)
_WORDS = {"push": Fraction(0), "lose": Fraction(-1), "even money": Fraction(1)}


class OddsError(ValueError):
    """An odds string that cannot be read."""


def parse_odds(text: str | int | Fraction) -> Fraction:
    """Exact net odds per unit staked: ``"6:5"`` -> 6/5, ``"Push"`` -> 0."""
    if isinstance(text, Fraction | int):
        return Fraction(text)
    word = _WORDS.get(text.strip().lower())
    if word is not None:
        return word
    match = _ODDS.match(text)
    if not match:
        raise OddsError(f"{text!r} is not odds such as '3:2', '40 to 1', 'Push' or 'Lose'")
    win, per = int(match.group(1)), int(match.group(3))
    if per == 0:
        raise OddsError(f"{text!r} has a zero divisor")
    if match.group(2).lower() == "for":  # the stake is in what is paid back
        if win < per:
            raise OddsError(f"{text!r} pays back less than the stake: write it as odds to 1")
        return Fraction(win - per, per)
    return Fraction(win, per)


def format_odds(odds: Fraction) -> str:
    if odds == 0:
        return "Push"
    if odds == -1:
        return "Lose"
    if odds < 0:  # a loss of more than the stake, e.g. an ante and its bet: "-2"
        return str(odds)
    return f"{odds.numerator} to {odds.denominator}"


def settle_amount(stake: Decimal, odds: Fraction, rounding: str = "down_to_cent") -> Decimal:
    """The net result of ``stake`` settled at ``odds``, rounded to the cent."""
    if odds.denominator == 1:  # whole odds on a whole-cent stake: already exact
        return stake * odds.numerator
    exact = stake * odds.numerator / Decimal(odds.denominator)
    return exact.quantize(CENT, rounding=ROUNDING_MODES[rounding])
