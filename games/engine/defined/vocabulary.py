"""The closed vocabulary of a defined side wager: what its cards may be, and each predicate
an outcome may combine, with the argument it takes and what it means in words.

Every predicate is a pure function of the cards read (card ints, ``rank * 4 + suit``) and
its argument; an outcome holds when all of its predicates do. Ranks and suits are written
as in the hand-log format (``A 2 … 9 T J Q K``; ``S H D C``)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..cards import IS_RED, RANK, RANKS, SUIT, SUITS, VALUE

#: what a wager may read, how many cards that is, and its words
READS: dict[str, tuple[int, str]] = {
    "first_two": (2, "the player's first two cards"),
    "first_two_and_up": (3, "the player's first two cards and the dealer's up card"),
    "first_three": (3, "the player's first three cards"),
}
#: how an ace runs in ``consecutive``: below a two, above a king, or either (never around)
ACE_RUNS = ("low", "high", "high_or_low")


@dataclass(frozen=True)
class Predicate:
    name: str
    takes: str  # "yes_no", "totals", "ranks", "suits", "colour"
    words: str
    test: Callable[[Sequence[int], object, str], bool]


def _same_suit(cards, _arg, _ace) -> bool:
    return len({SUIT[c] for c in cards}) == 1


def _same_colour(cards, _arg, _ace) -> bool:
    return len({IS_RED[c] for c in cards}) == 1


def _same_rank(cards, _arg, _ace) -> bool:
    return len({RANK[c] for c in cards}) == 1


def _pair(cards, _arg, _ace) -> bool:
    return len({RANK[c] for c in cards}) < len(cards)


def _consecutive(cards, _arg, ace: str) -> bool:
    ranks = sorted(RANK[c] for c in cards)  # ace 0 ... king 12
    runs = []
    if ace in ("low", "high_or_low"):
        runs.append(ranks)
    if ace in ("high", "high_or_low") and ranks[0] == 0:
        runs.append(sorted(13 if r == 0 else r for r in ranks))
    return any(all(b - a == 1 for a, b in zip(run, run[1:], strict=False)) for run in runs)


def hard_total(cards: Sequence[int]) -> int:
    return sum(VALUE[c] for c in cards)


def best_total(cards: Sequence[int]) -> int:
    """The blackjack total: one ace counted 11 when that does not pass 21."""
    total = hard_total(cards)
    return total + 10 if total <= 11 and any(RANK[c] == 0 for c in cards) else total


def _total(cards, totals, _ace) -> bool:
    return best_total(cards) in totals


def _hard_total(cards, totals, _ace) -> bool:
    return hard_total(cards) in totals


def _ranks(cards, ranks, _ace) -> bool:
    return Counter(RANKS[RANK[c]] for c in cards) == Counter(ranks)


def _any_rank(cards, ranks, _ace) -> bool:
    return any(RANKS[RANK[c]] in ranks for c in cards)


def _suits(cards, suits, _ace) -> bool:
    return all(SUITS[SUIT[c]] in suits for c in cards)


def _colour(cards, colour, _ace) -> bool:
    return all(IS_RED[c] == (colour == "red") for c in cards)


PREDICATES: dict[str, Predicate] = {
    p.name: p
    for p in (
        Predicate("same_suit", "yes_no", "every card of one suit", _same_suit),
        Predicate("same_colour", "yes_no", "every card of one colour", _same_colour),
        Predicate("same_rank", "yes_no", "every card of one rank", _same_rank),
        Predicate("pair", "yes_no", "two cards or more of one rank", _pair),
        Predicate("consecutive", "yes_no", "ranks in a run (the ace as the wager says)",
                  _consecutive),
        Predicate("total", "totals", "the blackjack total (an ace 11 unless that passes 21)",
                  _total),
        Predicate("hard_total", "totals", "the total with every ace counted 1", _hard_total),
        Predicate("ranks", "ranks", "exactly these ranks, in any order", _ranks),
        Predicate("any_rank", "ranks", "at least one card of these ranks", _any_rank),
        Predicate("suits", "suits", "every card of these suits", _suits),
        Predicate("colour", "colour", "every card of this colour (red or black)", _colour),
    )
}  # fmt: skip


def condition_words(name: str, arg: object) -> str:
    """One predicate of an outcome in words, as the registry page shows it:
    ``same_suit: false`` -> "not every card of one suit"; ``total: [20, 21]`` -> "the
    blackjack total (…): 20 or 21"."""
    predicate = PREDICATES[name]
    if predicate.takes == "yes_no":
        return predicate.words if arg else f"not {predicate.words}"
    if predicate.takes == "colour":
        return f"every card {arg}"
    values = sorted(arg, key=str) if isinstance(arg, frozenset) else list(arg)
    joined = (", " if name == "ranks" else " or ").join(str(v) for v in values)
    return f"{predicate.words}: {joined}"
