"""What every game's screen checks of each seat's wager keys and stakes, and what the seat's
written results won, in one compiled pass over the seats (:func:`seat_checks`): a dozen numpy
passes over ``[seat, key]`` arrays before, a sixth of Toss One 21's screen."""

from __future__ import annotations

import numpy as np

from . import layout
from .kernel import compiled
from .money import MOST_STAKE_CENTS

MAIN = layout.WAGER_KEYS.index("main")


def seat_checks(wager_mask: np.ndarray, result_mask: np.ndarray, slots: np.ndarray,
                wagers: np.ndarray, results: np.ndarray, *, game_keys: int, on_hands: bool,
                most: np.ndarray, least_main: int) -> tuple[np.ndarray, np.ndarray]:  # fmt: skip
    """Per seat (a :class:`~.seats.SeatTable`'s columns, ``slots`` the reader's slots of its
    ``wagers`` and ``results`` columns, main's first): whether its keys and stakes pass
    (:func:`_seat_checks` says when), and its positive results written, in cents (the main
    wager's left out where the game settles it on the hands, ``on_hands``)."""
    ok, won = np.empty(len(wager_mask), np.bool_), np.empty(len(wager_mask), np.int64)
    _seat_checks(wager_mask, result_mask, np.ascontiguousarray(slots, np.int64), wagers,
                 results, np.int64(game_keys), bool(on_hands),
                 np.ascontiguousarray(most, np.int64), np.int64(least_main), ok, won)  # fmt: skip
    return ok, won


@compiled
def _seat_checks(wager_mask, result_mask, slots, wagers, results, game_keys, on_hands, most,
                 least_main, ok, won):  # fmt: skip
    """A seat passes when: its wagers and results are all of the game's keys
    (``game_keys``, a mask of slots); each wager placed has its result written (the main
    wager's on the hands where ``on_hands``, and then no main result beside them); a result
    written without a wager is 0; each stake placed is within its column's limit (``most``)
    and the screen's (:data:`MOST_STAKE_CENTS`), and the main one (the first column) at least
    ``least_main``."""
    main_bit = np.int64(1) << np.int64(MAIN)
    for s in range(len(wager_mask)):
        placed, written = wager_mask[s], result_mask[s]
        good = ((placed | written) & ~game_keys) == 0
        needs = placed & ~main_bit if on_hands else placed
        if needs & ~written != 0 or (on_hands and written & main_bit != 0):
            good = False
        stray = written & ~placed
        total = np.int64(0)
        for k in range(len(slots)):
            bit = np.int64(1) << slots[k]
            stake, result = wagers[s, k], results[s, k]
            if stray & bit != 0 and result != 0:
                good = False
            if placed & bit != 0 and (stake > most[k] or stake > MOST_STAKE_CENTS):
                good = False
            if written & bit != 0 and result > 0 and not (on_hands and k == 0):
                total += result
        if placed & (np.int64(1) << slots[0]) != 0 and wagers[s, 0] < least_main:
            good = False
        ok[s], won[s] = good, total
