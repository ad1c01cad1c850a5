"""The screen's decoding: a round's scalar fields typed, its bulky parts kept as raw JSON.

The same field names and scalar types as the exact path's records (:mod:`..records`), so a
line decodes here only if it has the fields a round must have; the round id, the time, the
dealer, each seat, the options and the shoe stay ``msgspec.Raw`` (valid JSON, not yet read),
which the screen reads in bulk: by templates over their joined bytes (:mod:`.cards`,
:mod:`.times`, the games' screens), or all at once with :func:`decode_each`.  A line that
does not decode here goes to the exact path, which says what is wrong with it.
"""

from __future__ import annotations

from collections.abc import Sequence

import msgspec
from msgspec import Raw

from ..records import Name

EMPTY_OBJECT = Raw(b"{}")
NULL = Raw(b"null")


class ScreenRound(msgspec.Struct, gc=False, forbid_unknown_fields=True):
    v: int
    round: Raw
    played_at: Raw
    venue: str
    table: str
    game: str
    shoe: Raw
    dealer: Raw
    seats: list[Raw]
    options: Raw = EMPTY_OBJECT
    shift: Name | None = None  # checked as the exact path checks it: a bad one does not decode


class ScreenDealer(msgspec.Struct, gc=False, forbid_unknown_fields=True):
    cards: Raw
    toss: Raw = NULL
    id: Raw = NULL  # read apart (the dealer's name)


FALSE, TRUE = Raw(b"false"), Raw(b"true")


class ScreenHand(msgspec.Struct, gc=False, forbid_unknown_fields=True):
    cards: Raw
    result: Raw
    doubled: Raw = FALSE


class ScreenSeat(msgspec.Struct, gc=False, forbid_unknown_fields=True):
    """A seat: its hands (the blackjack family's) decoded, every other part raw."""

    seat: int
    cards: Raw
    wagers: Raw
    results: Raw = EMPTY_OBJECT
    toss: Raw = NULL
    hands: list[ScreenHand] | None = None
    poker: Raw = NULL


_DECODE = msgspec.json.Decoder(ScreenRound).decode
FAILED = (msgspec.DecodeError, UnicodeDecodeError, RecursionError)  # includes ValidationError


def decode_rounds(lines: Sequence[bytes]) -> list[ScreenRound | None]:
    """Each line as a :class:`ScreenRound`, or None where it does not decode as one."""
    return _decode_all(_DECODE, lines)


def _decode_all(decode, items: Sequence) -> list:
    """``decode`` of each item, None where it fails; a failure costs that item alone (the
    ones before it are kept, the ones after it decoded in the same stride)."""
    out: list = []
    rest = iter(items)
    while True:
        try:
            out.extend(map(decode, rest))  # what decodes before a failure stays in ``out``
            return out
        except FAILED:
            out.append(None)  # ``map`` took the failing item from ``rest``: go on after it


def decode_each(raws: Sequence, kind: type) -> list:
    """Raw JSON values (each one whole value) decoded as ``kind``: one call for them all;
    None for each that is not a ``kind``."""
    decoder = _decoders.get(kind)
    if decoder is None:
        decoder = _decoders[kind] = (msgspec.json.Decoder(list[kind]), msgspec.json.Decoder(kind))
    try:
        return decoder[0].decode(b"[" + b",".join(raws) + b"]")
    except FAILED:
        return _decode_all(decoder[1].decode, raws)


_decoders: dict[type, tuple] = {}
