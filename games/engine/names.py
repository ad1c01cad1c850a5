"""Games and wagers by name, for people: the pages, charts, CSV headers and reports name a
game by its title and a wager by what it is, never by its code alone."""

from __future__ import annotations

WAGERS = {
    "main": "main wager",
    "lucky3": "Lucky 3",
    "bonus4": "Bonus 4",
    "ante": "Ante",
    "bet": "Bet",
    "poker_bonus": "Poker Bonus",
    "insurance": "Insurance",
    "tie_17": "Tie on 17",
    "tie_18": "Tie on 18",
    "tie_19": "Tie on 19",
    "tie_left": "Tie on 17, 18 or 19",
    "tie_20": "Tie on 20",
    "tie_21": "Tie on 21",
    "tie_blackjack": "Tie on blackjack",
    "tie_right": "Tie on 20, 21 or blackjack",
}


def wager_words(key: str) -> str:
    """``lucky3`` -> ``Lucky 3``; a key the engine does not know stays as it came."""
    return WAGERS.get(key, key)


def game_words(code: str) -> str:
    """The game's title as the engine knows it (the code of a game it does not know)."""
    from games.engine.catalog import GAMES  # the catalog imports every game: only when asked

    game = GAMES.get(code)
    return game.title if game is not None else code
