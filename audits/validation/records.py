"""The hand-log record types (shared/handlog-format.md), decoded by msgspec.

Decoding checks types and required fields and names the path of any error
(``$.seats[0].wagers.main``); the checks msgspec cannot express (cards,
amounts with at most two decimals, seat numbers) are in :mod:`.parse`.
"""

from __future__ import annotations

from decimal import Decimal

import msgspec

Amount = Decimal  # JSON string or number; at most two decimals (checked in parse)


class Shoe(msgspec.Struct):
    decks: int


class Dealer(msgspec.Struct):
    cards: list[str]
    toss: str | None = None


class Hand(msgspec.Struct):
    cards: list[str]
    result: Amount
    doubled: bool = False


class Seat(msgspec.Struct):
    seat: int
    cards: list[str]
    wagers: dict[str, Amount]
    results: dict[str, Amount] = {}
    toss: str | None = None
    hands: list[Hand] | None = None
    poker: str | None = None


class Round(msgspec.Struct):
    v: int
    round: str
    played_at: str
    venue: str
    table: str
    game: str
    shoe: Shoe
    dealer: Dealer
    seats: list[Seat]
    options: dict[str, str | int] = {}


DECODER = msgspec.json.Decoder(Round)
