"""The catalog: every game's par sheet by code, with options and parameters routed."""

from fractions import Fraction

import pytest

from games.engine.ante_up_parsheet import poker_sheet
from games.engine.catalog import GAMES, UnknownGame, compute_parsheet, game, split_settings
from games.engine.parameters import ParameterError
from games.engine.parsheet import EXACT, SIMULATION
from tests.engine.sheets_support import six_deck_sheet


def test_the_three_seed_games_are_registered():
    assert set(GAMES) == {"toss-one-21", "ante-up-21", "blackjack-tie-bonus"}
    with pytest.raises(UnknownGame):
        game("baccarat")


@pytest.mark.parametrize("code", sorted(GAMES))
def test_every_wager_sheet_is_a_probability_distribution(code):
    sheet = six_deck_sheet(code)
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


def test_exact_ante_and_bet_sheets_under_first_two_reading():
    sheet = compute_parsheet("ante-up-21", 1, {"poker_hand": "first_two"}, sensitivity=False)
    ante, bet = sheet.wager("ante"), sheet.wager("bet")
    assert ante.method == bet.method == EXACT
    assert ante.total_probability == bet.total_probability == 1
    together = poker_sheet(1)  # the two priced together, per unit ANTE
    assert together.house_edge < 0  # this reading hands the player a large edge
    folds = next(ln.probability for ln in together.lines if ln.outcome == "fold")
    assert ante.expected + (1 - folds) * bet.expected == together.expected  # exactly
    assert "fold" not in {ln.outcome for ln in bet.lines}


def test_simulated_ante_and_bet_add_up_to_the_sheet_of_both():
    sheet = six_deck_sheet("ante-up-21")
    ante, bet = sheet.wager("ante"), sheet.wager("bet")
    assert ante.method == bet.method == SIMULATION and bet.rounds < ante.rounds == 200_000
    folds = next(ln.probability for ln in ante.lines if ln.outcome == "fold")
    assert bet.rounds == int(ante.rounds * (1 - folds))
    # the ANTE with its BET under basic strategy (doubles keep three cards, splits the first two)
    assert 0.165 < float(ante.house_edge + (1 - folds) * bet.house_edge) < 0.18


@pytest.mark.parametrize(("code", "decks"), [("ante-up-21", 1), ("blackjack-tie-bonus", 8)])
def test_insurance_is_priced_exactly_over_the_hole_card(code, decks):
    only = frozenset({"insurance"})
    insurance = compute_parsheet(code, decks, sensitivity=False, only=only).wager("insurance")
    tens = Fraction(16 * decks, 52 * decks - 1)
    assert insurance.method == EXACT and insurance.house_edge == 1 - 3 * tens


def test_unknown_settings_are_refused():
    with pytest.raises(ParameterError):
        compute_parsheet("blackjack-tie-bonus", 6, {"tie_bonus_paytable": "9"})
    with pytest.raises(ParameterError):
        compute_parsheet("toss-one-21", 0)
