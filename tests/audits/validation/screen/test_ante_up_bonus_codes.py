"""Ante Up 21's screen asks the Poker Bonus category once per reading of the cards: over
every first two cards and up card (52³ of them, and an up card of -1, as Python indexes the
engine's tables), two rows share a code exactly when the engine reads the same of them
(``bonus_reads``), and the category is a function of that reading."""

from __future__ import annotations

from collections import defaultdict

import numpy as np

from audits.validation.games.ante_up.screen import bonus_codes
from games.engine.ante_up import bonus_category, bonus_category_of, bonus_reads


def _every_three_cards() -> tuple[np.ndarray, np.ndarray]:
    a, b, up = np.meshgrid(np.arange(52), np.arange(52), np.arange(-1, 52), indexing="ij")
    return np.column_stack([a.ravel(), b.ravel()]), up.ravel()


def test_a_code_is_one_reading_of_the_cards_and_a_reading_one_code():
    first, up = _every_three_cards()
    codes = bonus_codes(first, up)
    readings_of = defaultdict(set)
    codes_of = defaultdict(set)
    for (a, b), u, code in zip(first.tolist(), up.tolist(), codes.tolist(), strict=True):
        reading = bonus_reads((a, b), u)
        readings_of[code].add(reading)
        codes_of[reading].add(code)
    assert all(len(found) == 1 for found in readings_of.values())
    assert all(len(found) == 1 for found in codes_of.values())
    assert len(codes_of) == 13 * 13 * 13 * 2  # each three ranks, of one suit or not


def test_the_category_is_what_its_reading_says():
    first, up = _every_three_cards()
    for (a, b), u in zip(first.tolist(), up.tolist(), strict=True):
        assert bonus_category((a, b), u) == bonus_category_of(*bonus_reads((a, b), u))
