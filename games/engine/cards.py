"""Cards and shoes, as in shared/handlog-format.md.

A card is a two-character code: rank ``A 2 3 4 5 6 7 8 9 T J Q K`` then suit
``S H D C``.  Internally a card is an ``int`` ``rank * 4 + suit`` (0..51), so
lookups on the hot path are list indexing, not string handling.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

RANKS = "A23456789TJQK"
SUITS = "SHDC"
RED_SUITS = frozenset((1, 2))  # hearts, diamonds; spades and clubs are black

ACE = 0
TEN_RANKS = frozenset((9, 10, 11, 12))  # T J Q K


class CardError(ValueError):
    """A card code that is not one of the 52."""


CARD_CODES: tuple[str, ...] = tuple(r + s for r in RANKS for s in SUITS)
CARD_INDEX: dict[str, int] = {code: i for i, code in enumerate(CARD_CODES)}

#: Blackjack value of each card, aces counted 1 (index by card int).
VALUE: tuple[int, ...] = tuple(min(i // 4 + 1, 10) for i in range(52))
RANK: tuple[int, ...] = tuple(i // 4 for i in range(52))
SUIT: tuple[int, ...] = tuple(i % 4 for i in range(52))
IS_RED: tuple[bool, ...] = tuple(i % 4 in RED_SUITS for i in range(52))


def parse_card(code: str) -> int:
    """The card int for a code such as ``"TS"``; :class:`CardError` otherwise."""
    try:
        return CARD_INDEX[code]
    except (KeyError, TypeError):
        raise CardError(f"{code!r} is not a card (rank A23456789TJQK then suit SHDC)") from None


def parse_cards(codes: Iterable[str]) -> tuple[int, ...]:
    return tuple(parse_card(c) for c in codes)


def card_code(card: int) -> str:
    return CARD_CODES[card]


def rank_value(rank: int) -> int:
    """Blackjack value of a rank index, ace as 1."""
    return min(rank + 1, 10)


def over_shoe(cards: Sequence[int], decks: int) -> list[int]:
    """Cards that appear more often than a shoe of ``decks`` decks holds."""
    counts = Counter(cards)
    return sorted(card for card, n in counts.items() if n > decks)
