"""Validation's fast path: a light decoding of a line and a screen for clean rounds.

Almost every round of a real log is clean.  The fast path decodes a line into
:class:`QuickRound` (amounts kept as the strings the file holds, so that the
few distinct amounts of a log are converted and checked once), asks the
game's screen whether the round is certainly clean, and if so only counts it.
Anything else (a line the light decoding refuses, an unusual but legal shape
such as a zero stake or a JSON-number amount, and every round with a problem)
goes through the full path of :mod:`.parse` and the ``checks_*`` modules,
which alone produce findings.  The screen may therefore say "not sure", but
must never call clean a round the full path would find fault with;
``tests/audits/services/test_fast_path.py`` and ``test_fast_path_fuzz.py`` check
that both paths agree on every fault the sample generator makes and on random
mutations of clean rounds.
"""

from __future__ import annotations

from decimal import Decimal

import msgspec

from .parse import MAX_AMOUNT_DIGITS

#: An amount as the file holds it: only strings take the fast path.
RawAmount = str | int | float


class QuickSeat(msgspec.Struct, gc=False):
    seat: int
    cards: list[str]
    wagers: dict[str, RawAmount]
    results: dict[str, RawAmount] = {}
    toss: str | None = None
    hands: list[msgspec.Raw] | None = None
    poker: str | None = None


class QuickShoe(msgspec.Struct, gc=False):
    decks: int


class QuickDealer(msgspec.Struct, gc=False):
    cards: list[str]
    toss: str | None = None


class QuickRound(msgspec.Struct, gc=False):
    v: int
    round: str
    played_at: str
    venue: str
    table: str
    game: str
    shoe: QuickShoe
    dealer: QuickDealer
    seats: list[QuickSeat]
    options: dict[str, str | int] = {}


QUICK_DECODER = msgspec.json.Decoder(QuickRound)
_AMOUNTS: dict[str, Decimal | None] = {}
_MAX_REMEMBERED = 50_000


def quick_amount(raw: RawAmount) -> Decimal | None:
    """The amount of a string the full path accepts, else None (the full path decides)."""
    if type(raw) is not str:
        return None
    try:
        return _AMOUNTS[raw]
    except KeyError:
        pass
    amount = _checked_amount(raw)
    if len(_AMOUNTS) < _MAX_REMEMBERED:
        _AMOUNTS[raw] = amount
    return amount


def _checked_amount(raw: str) -> Decimal | None:
    try:
        # exactly as the full path's typed decoding reads a JSON string
        value = msgspec.json.decode(msgspec.json.encode(raw), type=Decimal)
    except msgspec.ValidationError:
        return None
    exponent = value.as_tuple().exponent
    if type(exponent) is not int or exponent < -2 or value.adjusted() >= MAX_AMOUNT_DIGITS:
        return None
    return value
