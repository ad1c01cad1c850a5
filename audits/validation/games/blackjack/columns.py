"""The blackjack family's screen in columns: the dealers', the seats' and the hands' arrays
(read by :mod:`.screen`, keyed on by each game's own screen)."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from games.engine.blackjack import PlayerHand

from .answers import row_cards


@dataclass
class Dealers:
    """The dealer's hand of each round, and the engine's answers about it."""

    cards: np.ndarray  # (rounds, MOST_CARDS), -1 padded
    counts: np.ndarray
    ok: np.ndarray  # read, no toss, 2 to MOST_CARDS cards
    natural: np.ndarray  # the first two cards
    total: np.ndarray
    blackjack: np.ndarray  # exactly two cards making 21
    up_ace: np.ndarray
    draws_ok: np.ndarray  # (rounds, 2): the drawing is right if he must not / must complete


@dataclass
class Hands:
    """Every hand of some seats, one row each, in seat order."""

    cards: np.ndarray  # (hands, MOST_CARDS), -1 padded
    counts: np.ndarray
    seat: np.ndarray  # the row's seat
    index: np.ndarray  # its place among the seat's hands (0 for the first)
    doubled: np.ndarray
    start: np.ndarray  # per seat, its first row
    total: np.ndarray = None  # BUST above 21
    natural: np.ndarray = None  # a natural of a seat's only hand

    def of(self, seat: int) -> tuple[PlayerHand, ...]:
        """The hands of a seat, as the engine reads them."""
        start = int(self.start[seat])
        stop = start + int(np.searchsorted(self.seat[start:], seat, side="right"))
        return tuple(PlayerHand(row_cards(self.cards, self.counts, i), bool(self.doubled[i]))
                     for i in range(start, stop))  # fmt: skip


@dataclass
class FamilySeats:
    """Some seats as the screen read them, with their hands; each seat's first hand's
    cards, total and natural are also per seat (``hand``, ``counts``, ``total``,
    ``natural``)."""

    numbers: np.ndarray
    first: np.ndarray  # (seats, 2)
    hand: np.ndarray  # (seats, MOST_CARDS), the first hand's cards, -1 padded
    counts: np.ndarray
    flags: np.ndarray  # per seat: the family's flags and the game's own
    ok: np.ndarray
    hands: Hands
    n_hands: np.ndarray
    total: np.ndarray = None  # the first hand's (BUST above 21)
    natural: np.ndarray = None

    @property
    def single(self) -> np.ndarray:
        return self.n_hands == 1
