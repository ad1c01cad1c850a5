"""The hand-log record types (docs/handlog-format.md), decoded by msgspec.

Decoding checks types and required fields and names the path of any error
(``$.seats[0].wagers.main``); the checks msgspec cannot express (cards,
amounts with at most two decimals, seat numbers) are in :mod:`.parse`, and
are written into the JSON Schema these types generate
(:mod:`.handlog_schema`) as schema-only annotations, which change no decoding.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Annotated

import msgspec
from msgspec import Meta

CARD_PATTERN = "^[A2-9TJQK][SHDC]$"
#: JSON string or number; at most two decimals and eleven whole digits (checked in parse)
Amount = Annotated[Decimal, Meta(description="an amount: at most two decimals")]
Card = Annotated[
    str, Meta(extra_json_schema={"pattern": CARD_PATTERN}, description="rank, then suit")
]


#: who dealt, and the shift: optional names of 1 to 64 characters, no control characters
Name = Annotated[
    str,
    Meta(min_length=1, max_length=64, pattern=r"^[^\x00-\x1f\x7f]+$",
         description="a name: 1 to 64 characters, no control characters"),
]  # fmt: skip


class Shoe(msgspec.Struct):
    decks: Annotated[int, Meta(extra_json_schema={"minimum": 1, "maximum": 8})]


class Dealer(msgspec.Struct):
    cards: list[Card]
    toss: Card | None = None
    id: Name | None = None


class Hand(msgspec.Struct):
    cards: list[Card]
    result: Amount
    doubled: bool = False


class Seat(msgspec.Struct):
    seat: Annotated[int, Meta(extra_json_schema={"minimum": 1, "maximum": 7})]
    cards: list[Card]
    wagers: dict[str, Amount]
    results: dict[str, Amount] = {}
    toss: Card | None = None
    hands: list[Hand] | None = None
    poker: Annotated[str, Meta(extra_json_schema={"enum": ["bet", "fold"]})] | None = None


class Round(msgspec.Struct):
    v: Annotated[int, Meta(extra_json_schema={"const": 1})]
    round: str
    played_at: Annotated[str, Meta(extra_json_schema={"format": "date-time"})]
    venue: str
    table: str
    game: str
    shoe: Shoe
    dealer: Dealer
    seats: Annotated[list[Seat], Meta(extra_json_schema={"minItems": 1, "maxItems": 7})]
    options: dict[str, str | int] = {}
    shift: Name | None = None


DECODER = msgspec.json.Decoder(Round)
