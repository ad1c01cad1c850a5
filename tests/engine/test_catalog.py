"""The catalog: every game's par sheet by code, with options and parameters routed."""

import pytest

from games.engine.catalog import GAMES, UnknownGame, compute_parsheet, game, split_settings
from games.engine.parameters import ParameterError
from games.engine.parsheet import EXACT, SIMULATION


def test_the_three_seed_games_are_registered():
    assert set(GAMES) == {"toss-one-21", "ante-up-21", "blackjack-tie-bonus"}
    with pytest.raises(UnknownGame):
        game("baccarat")


@pytest.mark.parametrize("code", sorted(GAMES))
def test_every_wager_sheet_is_a_probability_distribution(code):
    sheet = compute_parsheet(code, 6, sensitivity=False)
    assert {w.key for w in sheet.wagers} <= set(GAMES[code].wagers)
    for wager in sheet.wagers:
        assert wager.total_probability == 1, (code, wager.key)
        assert wager.method in (EXACT, SIMULATION)
        if wager.method == SIMULATION:
            low, high = wager.ci95_return
            assert low <= float(wager.return_to_player) <= high


def test_options_take_precedence_over_parameters_of_the_same_name():
    params, options = split_settings(GAMES["ante-up-21"], {"blackjack_pays": "6:5"})
    assert options["blackjack_pays"] == "6:5"


def test_exact_ante_sheet_under_first_two_reading():
    sheet = compute_parsheet("ante-up-21", 1, {"poker_hand": "first_two"}, sensitivity=False)
    ante = sheet.wager("ante")
    assert ante.method == EXACT and ante.total_probability == 1
    assert ante.house_edge < 0  # this reading hands the player a large edge


def test_unknown_settings_are_refused():
    with pytest.raises(ParameterError):
        compute_parsheet("blackjack-tie-bonus", 6, {"tie_bonus_paytable": "9"})
    with pytest.raises(ParameterError):
        compute_parsheet("toss-one-21", 0)
