"""How the sample players of the blackjack family play: basic strategy, stated in words for
the answer key and the par sheet's basis."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from games.engine.blackjack import hand_total
from games.engine.blackjack_sim import basic_no_split
from games.engine.cards import RANK, VALUE

ACE, EIGHT = 0, 7  # ranks


@dataclass(frozen=True)
class Strategy:
    """How the players play, stated for the answer key and the par sheet's basis."""

    name: str
    description: str

    @staticmethod
    def split(first_two: Sequence[int]) -> bool:
        """Split aces and eights (a pair of the same rank), once."""
        a, b = first_two
        return RANK[a] == RANK[b] and RANK[a] in (ACE, EIGHT)

    @staticmethod
    def double(cards: Sequence[int], up: int) -> bool:
        """Double a hard 10 or 11 on two cards against a dealer 2 to 9."""
        total, soft = hand_total(cards)
        return len(cards) == 2 and not soft and total in (10, 11) and 2 <= VALUE[up] <= 9

    @staticmethod
    def hit(cards: Sequence[int], up: int) -> bool:
        total, soft = hand_total(cards)
        return total < 21 and basic_no_split(total, soft, VALUE[up])


BASIC = Strategy(
    "BASIC",
    "split aces and eights once (split aces take one card); double hard 10 or 11 against "
    "2-9; otherwise stand on hard 17+, on hard 13-16 against 2-6, on hard 12 against 4-6, "
    "hit below; stand on soft 18+; never insure; Ante Up 21: bet or fold the poker hand as "
    "the par sheet's fold/bet decisions do (by the two cards and the up card)",
)
