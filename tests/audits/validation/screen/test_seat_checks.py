"""A seat's keys, stakes and written winnings checked in one compiled pass
(audits/validation/screen/seat_checks.py) say what the screen's column-wise statement of the
same rules says, for any masks, stakes and results, with the main wager settled on the seat
or on its hands."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from audits.validation.screen.money import MOST_STAKE_CENTS
from audits.validation.screen.seat_checks import MAIN, seat_checks

SLOTS = np.array([MAIN, 3, 5, 6], np.int64)  # the columns kept: main's first, a gap between
MASKS = st.integers(0, (1 << 8) - 1)  # slots 0..7: some kept, some not, some not the game's
AMOUNTS = st.sampled_from([-500, 0, 1, 499, 500, 501, 10_000, MOST_STAKE_CENTS + 1])
SEATS = st.lists(st.tuples(MASKS, MASKS, st.lists(AMOUNTS, min_size=4, max_size=4),
                           st.lists(AMOUNTS, min_size=4, max_size=4)),
                 min_size=1, max_size=40)  # fmt: skip


def _bits(mask: np.ndarray) -> np.ndarray:
    return ((mask[:, None] >> SLOTS) & 1).astype(bool)


def _as_columns(wager_mask, result_mask, wagers, results, game_keys, on_hands, most, least):
    """The rules as the screen stated them in numpy, column by column."""
    main = 1 << MAIN
    ok = ((wager_mask | result_mask) & ~game_keys) == 0
    needs = wager_mask & ~main if on_hands else wager_mask
    ok &= (needs & ~result_mask) == 0
    ok &= ~(_bits(result_mask & ~wager_mask) & (results != 0)).any(axis=1)
    if on_hands:
        ok &= (result_mask >> MAIN & 1) == 0
    placed = _bits(wager_mask)
    ok &= ~(placed & ((wagers > most) | (wagers > MOST_STAKE_CENTS))).any(axis=1)
    ok &= ~(placed[:, 0] & (wagers[:, 0] < least))
    won = _bits(result_mask) & (results > 0)
    if on_hands:
        won[:, 0] = False
    return ok, np.where(won, results, 0).sum(axis=1)


@settings(max_examples=300)
@given(SEATS, st.booleans(), st.integers(0, (1 << 8) - 1), st.sampled_from([0, 1, 500]))
def test_one_pass_says_what_the_columns_say(seats, on_hands, game_keys, least):
    wager_mask = np.array([s[0] for s in seats], np.int64)
    result_mask = np.array([s[1] for s in seats], np.int64)
    wagers = np.array([s[2] for s in seats], np.int64)
    results = np.array([s[3] for s in seats], np.int64)
    most = np.array([10_000, 500, MOST_STAKE_CENTS * 2, 1], np.int64)
    ok, won = seat_checks(wager_mask, result_mask, SLOTS, wagers, results,
                          game_keys=game_keys | 1 << MAIN, on_hands=on_hands, most=most,
                          least_main=least)  # fmt: skip
    want_ok, want_won = _as_columns(wager_mask, result_mask, wagers, results,
                                    game_keys | 1 << MAIN, on_hands, most, least)  # fmt: skip
    assert ok.tolist() == want_ok.tolist()
    assert won.tolist() == want_won.tolist()


def test_a_clean_seat_passes_and_each_fault_fails_it():
    main, side = 1 << MAIN, 1 << 3
    cases = {  # (wager mask, result mask, stakes, results): passes?
        "clean": (main | side, main | side, [500, 100, 0, 0], [500, -100, 0, 0], True),
        "another game's key": (main | 1 << 7, main | 1 << 7, [500, 0, 0, 0], [0] * 4, False),
        "no result": (main | side, main, [500, 100, 0, 0], [500, 0, 0, 0], False),
        "result without wager": (main, main | side, [500, 0, 0, 0], [500, 5, 0, 0], False),
        "zero without wager": (main, main | side, [500, 0, 0, 0], [500, 0, 0, 0], True),
        "over its limit": (main | side, main | side, [500, 501, 0, 0], [0] * 4, False),
        "under the least": (main, main, [99, 0, 0, 0], [0] * 4, False),
    }
    for name, (wm, rm, stakes, results, passes) in cases.items():
        ok, won = seat_checks(np.array([wm]), np.array([rm]), SLOTS, np.array([stakes]),
                              np.array([results]), game_keys=main | side | 1 << 5 | 1 << 6,
                              on_hands=False, most=np.array([10_000, 500, 500, 500]),
                              least_main=100)  # fmt: skip
        assert ok.tolist() == [passes], name
        assert won.tolist() == [500 if name in ("clean", "no result", "zero without wager") else
                                505 if name == "result without wager" else 0], name
