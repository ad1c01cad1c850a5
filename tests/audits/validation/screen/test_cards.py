"""The shoe counted in one compiled pass (audits/validation/screen/cards.py), held to its
plain reference: numpy counting every round's cards at once."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st


def shoe_by_counting(dealer, seats, seat_round, n, decks) -> np.ndarray:
    """The shoe check as numpy defines it: every round's cards counted at once."""
    rows = np.concatenate([np.repeat(np.arange(n), dealer.shape[1]),
                           np.repeat(seat_round, seats.shape[1])])  # fmt: skip
    every = np.concatenate([dealer.ravel(), seats.ravel()])
    real = every >= 0
    flat = rows[real] * 52 + every[real]
    return np.bincount(flat, minlength=n * 52).reshape(n, 52).max(axis=1) <= decks


@settings(max_examples=300, deadline=None)
@given(st.integers(1, 6), st.integers(1, 8), st.integers(0, 2**32 - 1), st.integers(1, 52))
def test_the_shoe_counted_in_one_pass_is_numpys_count(n, decks, seed, spread):
    """Rounds of a dealer and up to seven seats of up to eight cards drawn from ``spread``
    cards (few: the same card often), -1 padded; the seats' rounds in any order."""
    rng = np.random.default_rng(seed)

    def cards(rows: int) -> np.ndarray:
        drawn = rng.integers(0, spread, (rows, 8))
        return np.where(rng.random((rows, 8)) < 0.3, -1, drawn)

    seat_round = rng.integers(0, n, rng.integers(0, 7 * n + 1))
    dealer, seats = cards(n), cards(len(seat_round))
    want = shoe_by_counting(dealer, seats, seat_round, n, decks)
    from audits.validation.games.blackjack.cards import within_shoe

    assert within_shoe(dealer, seats, seat_round, n, decks).tolist() == want.tolist()
