"""The exact par sheet of a defined side wager, from its definition and a paytable alone:
every hand of the cards read counted over a shoe of any number of decks (a hand of ``m``
copies of one card from ``decks`` copies: ``C(decks, m)`` ways; the cards leave the shoe as
they are dealt), each outcome's combinations, probability and return, and so the house edge
and the variance monitoring needs."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from functools import lru_cache
from math import comb

from ..parsheet import EXACT, OutcomeLine, WagerSheet
from ..paytables import Paytable
from .evaluate import NO_OUTCOME, _outcomes_by_hand
from .language import SideWagerDefinition
from .vocabulary import READS


def defined_combinations(definition: SideWagerDefinition, decks: int) -> dict[str, int]:
    """Each outcome's number of hands (unordered, of distinct physical cards) in a shoe of
    ``decks`` decks; they sum to ``C(52 * decks, cards read)`` (a copy of the count made
    once a process for each definition and shoe)."""
    return dict(_combinations(definition, decks))


@lru_cache(maxsize=128)
def _combinations(definition: SideWagerDefinition, decks: int) -> dict[str, int]:
    counts: Counter[str] = Counter({o: 0 for o in (*definition.outcome_keys, NO_OUTCOME)})
    for hand, outcome in _outcomes_by_hand(definition).items():
        ways = 1
        for copies in Counter(hand).values():
            ways *= comb(decks, copies)
        counts[outcome] += ways
    return dict(counts)


def defined_sheet(definition: SideWagerDefinition, paytable: Paytable, decks: int) -> WagerSheet:
    """The wager's exact sheet: each outcome with its pay (an outcome the paytable does not
    price loses, as a hand with no outcome does), its probability and its contribution."""
    counts = defined_combinations(definition, decks)
    total = comb(52 * decks, definition.cards)
    assert sum(counts.values()) == total, "every hand counted once"
    lines = tuple(
        OutcomeLine(outcome, Fraction(count, total), _pays(paytable, outcome))
        for outcome, count in counts.items()
        if count
    )
    lines = tuple(sorted(lines, key=lambda ln: (-ln.pays, ln.outcome)))
    notes = (f"Defined in the registry: {definition.title}, on {READS[definition.reads][1]}; "
             f"{len(definition.outcomes)} outcomes, the first that holds counts; "
             f"{total:,} hands of {decks} deck{'s' if decks != 1 else ''} counted.",)  # fmt: skip
    return WagerSheet(definition.key, definition.title, lines, EXACT, notes=notes)


def _pays(paytable: Paytable, outcome: str) -> Fraction:
    odds = paytable.odds(outcome) if outcome != NO_OUTCOME else None
    return Fraction(-1) if odds is None else Fraction(odds)
