"""Toss One 21 hands from their cards: totals, blackjacks, shapes, Lucky 3 categories.

A hand's shape depends only on its ranks.  Each rank multiset gets an integer
key, the sum of ``1 << 3*rank`` over its cards (no sorting needed), and the
shapes of all 1,820 multisets are computed once at import.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations_with_replacement

from .cards import ACE, CARD_CODES, IS_RED, RANK, SUIT, rank_value

BUST = 0

#: Per card int, its contribution to a hand's rank-multiset key.
RANK_BIT: tuple[int, ...] = tuple(1 << (3 * RANK[c]) for c in range(52))


#: Per card code (``"TS"``), the same contribution: keys straight from a hand log's codes.
CODE_BIT: dict[str, int] = {code: RANK_BIT[i] for i, code in enumerate(CARD_CODES)}


def rank_key(cards: Sequence[int]) -> int:
    a, b, c, d = cards
    return RANK_BIT[a] + RANK_BIT[b] + RANK_BIT[c] + RANK_BIT[d]


def three_card_total(ranks: Sequence[int]) -> int:
    """Best blackjack total of three ranks (one ace may count 11); may exceed 21."""
    total = sum(rank_value(r) for r in ranks)
    if ACE in ranks and total + 10 <= 21:
        total += 10
    return total


def is_three_card_blackjack(ranks: Sequence[int]) -> bool:
    """An Ace and two ten-value cards (rule 8)."""
    return sorted(rank_value(r) for r in ranks) == [1, 10, 10]


@dataclass(frozen=True, slots=True)
class Hand:
    """A made hand: best three-card total, blackjack, and the kicker's rank key."""

    total: int
    blackjack: bool
    kicker: int
    toss: int = -1  # index of the tossed card among the four; -1 when bust or not needed


@dataclass(frozen=True, slots=True)
class RankShape:
    """What a four-card hand is, from its ranks alone."""

    total: int  # best three-card total, BUST (0) when none is 21 or less
    blackjack: bool
    toss_ranks: frozenset[int]  # ranks whose toss leaves the best hand
    four_total: int  # all four cards, aces counted 1 (Bonus 4)


def _shape(ranks: tuple[int, ...]) -> RankShape:
    best: tuple[int, bool] = (BUST, False)
    tosses: set[int] = set()
    for i, tossed in enumerate(ranks):
        kept = ranks[:i] + ranks[i + 1 :]
        total = three_card_total(kept)
        if total > 21:
            continue
        key = (total, is_three_card_blackjack(kept))
        if key > best:
            best, tosses = key, {tossed}
        elif key == best:
            tosses.add(tossed)
    four_total = sum(rank_value(r) for r in ranks)
    return RankShape(best[0], best[1], frozenset(tosses), four_total)


SHAPES: dict[tuple[int, ...], RankShape] = {
    ranks: _shape(ranks) for ranks in combinations_with_replacement(range(13), 4)
}
SHAPES_BY_KEY: dict[int, RankShape] = {
    sum(1 << (3 * r) for r in ranks): shape for ranks, shape in SHAPES.items()
}


def lucky3_category(kept: Sequence[int]) -> str:
    """Lucky 3 category of a three-card 21: suited, coloured or other; blackjack or 21."""
    ranks = [RANK[c] for c in kept]
    kind = "blackjack" if is_three_card_blackjack(ranks) else "21"
    if SUIT[kept[0]] == SUIT[kept[1]] == SUIT[kept[2]]:
        return f"suited_{kind}"
    if IS_RED[kept[0]] == IS_RED[kept[1]] == IS_RED[kept[2]]:
        return f"coloured_{kind}"
    return f"other_{kind}"


def is_21_without(cards: Sequence[int], toss: int) -> bool:
    return three_card_total([RANK[c] for j, c in enumerate(cards) if j != toss]) == 21
