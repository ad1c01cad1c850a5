"""The insurance wager's par sheet, exact: it wins when the dealer's hole card is a ten.

Insurance is offered only on an ace up card and pays 2 to 1 when the dealer has blackjack.
Whatever the player holds, the hole card is one of the shoe's other cards; the sheet counts
the shoe less the ace showing (the player's own cards are not known to the wager and are
not removed), so it holds for every strategy.
"""

from __future__ import annotations

from fractions import Fraction

from .parsheet import EXACT, OutcomeLine, WagerSheet

PAYS = Fraction(2)


def insurance_sheet(decks: int) -> WagerSheet:
    """Insurance per unit staked, exact over the hole card."""
    cards = 52 * decks - 1  # the ace showing is out of the shoe
    tens = Fraction(16 * decks, cards)
    lines = (
        OutcomeLine("dealer_blackjack", tens, PAYS),
        OutcomeLine("no_dealer_blackjack", 1 - tens, Fraction(-1)),
    )
    notes = ("the hole card drawn from the shoe less the ace showing; pays 2 to 1",)
    return WagerSheet("insurance", "Insurance", lines, EXACT, notes=notes)
