"""The records a chunk passes between its parts: where a round was played, a round seen, and
the running sums per (venue, table, game, gaming day, wager key). Named, so no file reads
another's by position."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal
from typing import NamedTuple

ZERO = Decimal(0)


class RoundPlace(NamedTuple):
    """Where and when a round was played: what every finding and seen round is filed under."""

    venue: str
    table: str
    game: str
    played_at: datetime | None
    gaming_day: date | None = None  # the venue's (None: an unknown venue)
    dealer: str = ""  # who dealt, when the log says
    shift: str = ""


class TableDay(NamedTuple):
    """A table's gaming day, for a game: what the sums of a chunk are kept per."""

    venue: str
    table: str
    game: str
    gaming_day: date | None


class TotalKey(NamedTuple):
    """The sums of one wager key at a table's gaming day (``wager_key`` ``""``: rounds)."""

    venue: str
    table: str
    game: str
    gaming_day: date | None
    wager_key: str


class DealerKey(NamedTuple):
    """The sums of one dealer's wager key at a table's gaming day."""

    venue: str
    table: str
    game: str
    gaming_day: date | None
    dealer: str
    wager_key: str


class SeatKey(NamedTuple):
    """The rounds in which one seat number played at a table's gaming day."""

    venue: str
    table: str
    game: str
    gaming_day: date | None
    seat: int


class SeenRound(NamedTuple):
    """A round read, for the duplicate checks at the end."""

    place: RoundPlace
    round_id: str
    line: int


@dataclass
class Tally:
    """The sums of one (venue, table, game, gaming day, wager key); the key ``""`` counts
    rounds."""

    rounds: int = 0
    wagers: int = 0
    wagered: Decimal = ZERO
    net_result: Decimal = ZERO
    paid_out: Decimal = ZERO
    stake_squares: Decimal = ZERO
    stake_cubes: Decimal = ZERO

    def add_sums(self, wagers: int, wagered: Decimal, net: Decimal, paid_out: Decimal,
                 stake_squares: Decimal, stake_cubes: Decimal = ZERO) -> None:  # fmt: skip
        """Many wagers' sums at once (the screen's:
        :func:`~audits.validation.screen.money.placed_sums`)."""
        self.wagers += wagers
        self.wagered += wagered
        self.net_result += net
        self.paid_out += paid_out
        self.stake_squares += stake_squares
        self.stake_cubes += stake_cubes

    def add_wager(self, stake: Decimal, result: Decimal) -> None:
        """One wager's stake and net result (the exact path's, a seat at a time)."""
        square = stake * stake
        self.wagers += 1
        self.wagered += stake
        self.stake_squares += square
        self.stake_cubes += square * stake
        self.net_result += result
        if result > 0:
            self.paid_out += result


def totals() -> defaultdict[TotalKey, Tally]:
    """Each :class:`TotalKey`'s :class:`Tally`, made on first use."""
    return defaultdict(Tally)
