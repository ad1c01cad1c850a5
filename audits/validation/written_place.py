"""Where a rejected line says it was dealt, read leniently, so that its finding sorts with
the others by venue, table, game, time and dealer."""

from __future__ import annotations

from datetime import datetime
from typing import NamedTuple

import msgspec

from .parse import _time
from .rejected import Rejected


class WrittenPlace(NamedTuple):
    """What a rejected line says of where, when and by whom it was dealt, where it can be
    read: a reviewer sorts its finding with the others by venue, table, game, time, dealer."""

    round: str
    venue: str
    table: str
    game: str
    played_at: datetime | None
    dealer: str
    shift: str


def place_as_written(raw: bytes) -> WrittenPlace | None:
    """The place a line names, read leniently (any field that is not a string, a time with
    an offset, or not there at all is left empty); None when the line is not a JSON object."""
    try:
        record = msgspec.json.decode(raw)
    except (msgspec.DecodeError, ValueError, RecursionError):
        return None
    if not isinstance(record, dict):
        return None
    dealer = record.get("dealer")
    dealer = dealer if isinstance(dealer, dict) else {}
    return WrittenPlace(
        _text(record, "round"), _text(record, "venue"), _text(record, "table"),
        _text(record, "game"), _lenient_time(record.get("played_at")), _text(dealer, "id"),
        _text(record, "shift"),
    )  # fmt: skip


def _text(record: dict, key: str) -> str:
    value = record.get(key)
    return value if isinstance(value, str) else ""


def _lenient_time(value) -> datetime | None:
    try:
        return _time(value, 0, "") if isinstance(value, str) else None
    except Rejected:
        return None
