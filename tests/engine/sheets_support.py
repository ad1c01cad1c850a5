"""The seed games' par sheets at six decks with their default parameters, computed once a
process for every test that reads them, in whatever module (the engine is pure, and the
blackjack family's sheets are simulated: seconds each)."""

from __future__ import annotations

from functools import cache

from games.engine.catalog import compute_parsheet
from games.engine.parsheet import ParSheet


@cache
def six_deck_sheet(code: str) -> ParSheet:
    """The game's sheet at 6 decks, without the sensitivity to its open points."""
    return compute_parsheet(code, 6, sensitivity=False)
