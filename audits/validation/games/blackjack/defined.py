"""The side wagers a rule version defines as data, in the family's columns: each seat's
outcome of each looked up in the engine's table of every hand the wager reads
(:func:`games.engine.defined.evaluate.outcome_table`), so the class of a seat holds what
the cards decide on it and the screen settles it at its class's odds, as for the game's own
side wagers.  The seat's first two cards and the dealer's up card (``dealer.cards`` begins
with it) are what the family logs of them (:func:`.settle.defined_cards`)."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from games.engine.defined.evaluate import outcome_table

from ...screen.keys import WagerKeys
from ...screen.seats import SeatTable

CARDS = 52


@dataclass(frozen=True)
class DefinedColumn:
    """One defined wager the batch reads: its key, whether it reads the up card besides the
    first two, and its outcomes' indexes by the cards read in order (None: it reads cards
    the family's log does not hold before play, and a seat that places it is not screened)."""

    key: str
    with_up_card: bool
    outcomes: np.ndarray | None


def defined_columns(rules, keys: WagerKeys) -> list[DefinedColumn]:
    """The rule version's defined wagers that have a slot in ``keys``, in key order."""
    columns = []
    for key, definition in sorted(rules.defined.items()):
        if keys.slot(key) is None:
            continue  # not read: its lines take the exact path
        readable = definition.reads in ("first_two", "first_two_and_up")
        table = np.frombuffer(outcome_table(definition)[1], np.uint8) if readable else None
        columns.append(DefinedColumn(key, definition.reads == "first_two_and_up", table))
    return columns


def defined_outcomes(columns: list[DefinedColumn], table: SeatTable, first: np.ndarray,
                     up: np.ndarray, seat_ok: np.ndarray) -> np.ndarray:  # fmt: skip
    """``(seats, len(columns))``: the outcome (its index in the engine's table) of each defined
    wager a seat placed, 0 where it placed none; ``first`` the seats' first two cards and
    ``up`` their dealer's up card (-1: not read).  A seat that placed one whose cards are not
    read is left not ok in ``seat_ok``."""
    found = np.zeros((len(table), len(columns)), np.int64)
    readable = (first >= 0).all(axis=1)
    code = np.where(readable, first[:, 0] * CARDS + first[:, 1], 0)
    for j, column in enumerate(columns):
        placed = table.stake(column.key) > 0
        if column.outcomes is None:
            seat_ok &= ~placed
            continue
        can = readable & (up >= 0) if column.with_up_card else readable
        at = np.where(can, code * CARDS + np.maximum(up, 0), 0) if column.with_up_card else code
        found[:, j] = np.where(placed & can, column.outcomes[at], 0)
        seat_ok &= ~placed | can
    return found
