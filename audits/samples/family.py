"""What one game of the blackjack family brings to its samples (:class:`FamilySampling`):
how its players stake besides the main wager, what makes the dealer complete his hand, and
its own deliberate errors; :mod:`.blackjack` deals and plays every round the same way."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .blackjack_faults import Fault
from .stakes import Stakes


@dataclass
class Seat:
    """A seat being staked: its first two cards, its main stake (cents), the stakes it draws
    from, the strategy it plays, its wagers so far, its record and the dealer's up card."""

    number: int
    cards: list[int]
    main: int
    stakes: Stakes
    basic: object
    wagers: dict[str, str]
    record: dict
    up: int
    decks: int
    rules: object  # the engine the round is settled by


@dataclass(frozen=True)
class FamilySampling:
    game: str
    table: str  # the demo's table of the game
    wagers: Callable[[Seat, Callable[[], float]], None]  # the game's own, after the main
    completes: Callable[[list[dict]], bool]  # a game rule makes the dealer complete his hand
    faults: dict[str, Fault]  # the game's own deliberate errors, after the family's
