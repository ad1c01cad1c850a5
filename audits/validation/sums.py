"""What the totals count of a seat: each placed wager's stake and net result, on both paths."""

from __future__ import annotations

from collections.abc import Collection
from decimal import Decimal

from games.engine.catalog import GAMES

from .parse import ParsedSeat

ZERO = Decimal(0)


def seat_sums(seat: ParsedSeat) -> tuple[tuple[str, Decimal, Decimal], ...]:
    """(key, stake, net result) of each placed wager; a main wager settled on hands nets
    their results."""
    return _sums(seat, seat.wagers)


def _sums(seat: ParsedSeat, keys: Collection[str]) -> tuple[tuple[str, Decimal, Decimal], ...]:
    """:func:`seat_sums` of the placed wagers among ``keys``."""
    results = seat.results
    if seat.hands is not None:
        results = {**results, "main": sum((h.result for h in seat.hands), ZERO)}
    return tuple((key, stake, results.get(key, ZERO)) for key, stake in seat.wagers.items()
                 if key in keys)  # fmt: skip


def counted_sums(
    game: str, seat: ParsedSeat, wagers: Collection[str] | None = None
) -> tuple[tuple[str, Decimal, Decimal], ...]:
    """:func:`seat_sums` of the wagers the round's rules have (``wagers``: the rules in
    force, their side wagers defined as data included; None where no rules are in force:
    the game's own): a key that is not one of them is a finding (``unknown_wager``) and is
    counted in no total, so no line can make a row of totals per key it invents."""
    if wagers is None:
        definition = GAMES.get(game)
        wagers = definition.wagers if definition is not None else ()
    return _sums(seat, wagers)
