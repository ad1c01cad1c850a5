"""Every game and every wager the engine knows has words for people (the pages and reports
never fall back on a code for them)."""

from games.engine.catalog import GAMES
from games.engine.names import game_words, wager_words


def test_every_wager_of_every_game_has_words():
    for code, game in GAMES.items():
        assert game_words(code) == game.title != code
        for wager in game.wagers:
            assert wager_words(wager) != wager, (code, wager)
    assert wager_words("not_a_wager") == "not_a_wager" and game_words("x") == "x"
