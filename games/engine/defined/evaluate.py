"""What the cards decide on a defined side wager, and what it pays: one evaluator for every
defined wager, used by settlement, the screen (through :func:`outcome_table`), the round view
and the par sheet, so none of them decides an outcome on its own."""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from fractions import Fraction
from functools import lru_cache
from itertools import combinations_with_replacement, product

from ..odds import settle_amount
from ..paytables import Paytable
from ..results import LOSE, WagerResult
from ..sources import Source
from .language import DefinitionError, SideWagerDefinition, definition_read
from .vocabulary import PREDICATES

#: the outcome of a hand no outcome of the definition holds for: the wager loses
NO_OUTCOME = "lose"


def definition_checked(
    data: object, where: str | None = None, document: str = ""
) -> SideWagerDefinition:
    """:func:`~.language.definition_read`, and every outcome reached by some hand: a
    definition whose outcome is shadowed by an earlier one, or that no hand of the cards read
    can be, is refused with the outcome's place."""
    definition = definition_read(data, where, document)
    _reached(definition, where or definition.key)
    return definition


def outcome_of(definition: SideWagerDefinition, cards: Sequence[int]) -> str:
    """The first outcome whose predicates all hold for ``cards`` (:data:`NO_OUTCOME` if none).
    Every predicate is symmetric in the cards, so their order never matters."""
    return _outcomes_by_hand(definition)[tuple(sorted(cards))]


@lru_cache(maxsize=64)
def _outcomes_by_hand(definition: SideWagerDefinition) -> dict[tuple[int, ...], str]:
    """Every hand of the cards read (a multiset of the 52 cards, as several decks deal them)
    with its outcome."""
    return {hand: _decide(definition, hand)
            for hand in combinations_with_replacement(range(52), definition.cards)}  # fmt: skip


def _reached(definition: SideWagerDefinition, where: str) -> None:
    reached = set(_outcomes_by_hand(definition).values())
    for i, outcome in enumerate(definition.outcomes):
        if outcome.key not in reached:
            raise DefinitionError(
                f"{where}.outcomes[{i}]",
                f"{outcome.key!r} is never the outcome: every hand it names is an earlier "
                "outcome's, or no hand of the cards read is one",
            )


def _decide(definition: SideWagerDefinition, cards: tuple[int, ...]) -> str:
    for outcome in definition.outcomes:
        if all(_holds(name, arg, cards, definition.ace) for name, arg in outcome.when):
            return outcome.key
    return NO_OUTCOME


def _holds(name: str, arg: object, cards: tuple[int, ...], ace: str) -> bool:
    """A predicate's verdict; ``same_suit: false`` holds where ``same_suit: true`` does not."""
    predicate = PREDICATES[name]
    verdict = predicate.test(cards, arg, ace)
    return verdict == arg if predicate.takes == "yes_no" else verdict


@lru_cache(maxsize=16)
def outcome_table(definition: SideWagerDefinition) -> tuple[tuple[str, ...], bytes]:
    """The outcomes (index 0 :data:`NO_OUTCOME`, then the definition's, in order) and, for
    every ordered tuple of card ints read (``cards[0] * 52 ** (k-1) + …``), its outcome's
    index: the screen's lookup, the same decisions as :func:`outcome_of`."""
    names = (NO_OUTCOME, *definition.outcome_keys)
    index = {name: i for i, name in enumerate(names)}
    hands = _outcomes_by_hand(definition)
    table = bytes(index[hands[tuple(sorted(t))]]
                  for t in product(range(52), repeat=definition.cards))  # fmt: skip
    return names, table


def defined_settle(
    definition: SideWagerDefinition,
    paytable: Paytable,
    cards: Sequence[int],
    stake: Decimal,
    rounding: str,
) -> WagerResult:
    """The wager settled: its outcome from the cards, its odds from the paytable (an outcome
    the paytable does not price, like a hand with no outcome, loses), the source cited."""
    outcome = outcome_of(definition, cards)
    odds = paytable.odds(outcome) if outcome != NO_OUTCOME else None
    if odds is None:
        return WagerResult(definition.key, stake, -stake, outcome, _lost(definition, outcome),
                           LOSE)  # fmt: skip
    net = settle_amount(stake, odds, rounding)
    return WagerResult(definition.key, stake, net, outcome, paytable.source_of(outcome),
                       Fraction(odds))  # fmt: skip


def _lost(definition: SideWagerDefinition, outcome: str) -> Source:
    what = (f"{definition.words_of(outcome)}: not priced by the paytable, so it loses"
            if outcome != NO_OUTCOME else "no outcome of the wager: it loses")  # fmt: skip
    return Source(definition.document or f"side wager {definition.key}", definition.rule, what)
