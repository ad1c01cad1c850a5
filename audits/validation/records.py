"""The hand-log record types (docs/handlog-format.md), checked by msgspec.

A line is read by :func:`.parse.parse_line` (strict JSON, no key written twice, a number's
text kept), then converted to these types, which check types, required fields and that no
field is unknown (``forbid_unknown_fields``), naming the path of any error
(``$.seats[0].wagers.main``); the checks msgspec cannot express (cards, the form of an
amount, seat numbers, the time) are in :mod:`.parse`, and are written into the JSON Schema
these types generate (:mod:`.handlog_schema`) as schema-only annotations, which change no
decoding.
"""

from __future__ import annotations

from typing import Annotated

import msgspec
from msgspec import Meta

CARD_PATTERN = "^[A2-9TJQK][SHDC]$"
#: an amount as written: a JSON string, or a JSON number's text (a whole number as an int);
#: its form (AMOUNT_PATTERN: ASCII digits, at most eleven whole and two decimal) is checked
#: in parse
AMOUNT_PATTERN = r"^-?(0|[1-9][0-9]{0,10})(\.[0-9]{1,2})?$"
#: RFC 3339's date-time (section 5.6): the offset ``Z`` or ``+hh:mm``, the colon written
TIME_PATTERN = (r"^[0-9]{4}-[0-9]{2}-[0-9]{2}[Tt][0-9]{2}:[0-9]{2}:[0-9]{2}(\.[0-9]+)?"
                r"([Zz]|[+-][0-9]{2}:[0-9]{2})$")  # fmt: skip
Amount = Annotated[str | int, Meta(description="an amount: at most two decimals")]
#: a stake: an amount never negative (a negative one is its own finding, negative_stake)
Stake = Annotated[str | int, Meta(description="a stake: an amount, never negative")]
#: one rule for every fixed object of the format: a field it does not name rejects the line
STRICT = {"forbid_unknown_fields": True}
Card = Annotated[
    str, Meta(extra_json_schema={"pattern": CARD_PATTERN}, description="rank, then suit")
]


#: who dealt, and the shift: optional names of 1 to 64 characters, no control characters
Name = Annotated[
    str,
    Meta(min_length=1, max_length=64, pattern=r"^[^\x00-\x1f\x7f]+$",
         description="a name: 1 to 64 characters, no control characters"),
]  # fmt: skip


class Shoe(msgspec.Struct, **STRICT):
    decks: Annotated[int, Meta(extra_json_schema={"minimum": 1, "maximum": 8})]


class Dealer(msgspec.Struct, **STRICT):
    cards: list[Card]
    toss: Card | None = None
    id: Name | None = None


class Hand(msgspec.Struct, **STRICT):
    cards: list[Card]
    result: Amount
    doubled: bool = False


class Seat(msgspec.Struct, **STRICT):
    seat: Annotated[int, Meta(extra_json_schema={"minimum": 1, "maximum": 7})]
    cards: list[Card]
    wagers: dict[str, Stake]
    results: dict[str, Amount] = {}
    toss: Card | None = None
    hands: list[Hand] | None = None
    poker: Annotated[str, Meta(extra_json_schema={"enum": ["bet", "fold"]})] | None = None


class Round(msgspec.Struct, **STRICT):
    v: Annotated[int, Meta(extra_json_schema={"const": 1})]
    round: str
    played_at: Annotated[
        str, Meta(extra_json_schema={"format": "date-time", "pattern": TIME_PATTERN})
    ]
    venue: str
    table: str
    game: str
    shoe: Shoe
    dealer: Dealer
    seats: Annotated[list[Seat], Meta(extra_json_schema={"minItems": 1, "maxItems": 7})]
    options: dict[str, str | int] = {}
    shift: Name | None = None
