"""Exact Toss One 21 par sheets, checked against brute force and public figures."""

from collections import Counter
from fractions import Fraction
from itertools import combinations
from math import comb

import pytest

from games.engine.catalog import compute_parsheet
from games.engine.toss_one import TossOne21
from games.engine.toss_one_hands import BUST
from games.engine.toss_one_parsheet import bonus4_sheet, lucky3_sheet, main_sheet
from games.engine.toss_one_rules import PAYTABLES

ONE_DECK_HANDS = comb(52, 4)


def edge_pct(sheet) -> float:
    return round(float(sheet.house_edge) * 100, 2)


@pytest.mark.parametrize("kicker_ace", ["high", "low"])
def test_wizard_of_odds_single_deck_house_edge_1_03_percent(kicker_ace):
    """Wizard of Odds publishes 1.03% (one deck, 3:2).  It is reproduced by the
    reading in which the dealer's Ace + two ten-value cards beats any player 21
    but a blackjack, with ten-value kickers equal; the ace's kicker rank then
    cancels out between player and dealer."""
    game = TossOne21({"dealer_three_card_blackjack": "beats_21", "kicker_ace": kicker_ace})
    sheet = main_sheet(game, 1, "3:2")
    assert edge_pct(sheet) == 1.03
    assert Fraction(10280, 1_000_000) < sheet.house_edge < Fraction(10290, 1_000_000)


def test_literal_reading_gives_the_player_the_edge():
    """Recorded so reviewers see how much rule 8's reading matters (-0.68%)."""
    assert edge_pct(main_sheet(TossOne21(), 1, "3:2")) == -0.68


@pytest.mark.parametrize("decks", [1, 2, 6, 8])
def test_every_sheet_sums_to_exactly_one(decks):
    sheet = compute_parsheet("toss-one-21", decks, sensitivity=False)
    for wager in sheet.wagers:
        assert wager.total_probability == 1, wager.key


def test_main_bust_and_blackjack_match_brute_force_over_all_single_deck_hands():
    game = TossOne21()
    counts = Counter()
    for hand in combinations(range(52), 4):
        made = game.best_hand(hand)
        counts["player_bust" if made.total == BUST else "blackjack" if made.blackjack else "-"] += 1
    sheet = main_sheet(game, 1, "3:2")
    lines = {line.outcome: line.probability for line in sheet.lines}
    assert lines["player_bust"] == Fraction(counts["player_bust"], ONE_DECK_HANDS)
    assert lines["player_blackjack"] == Fraction(counts["blackjack"], ONE_DECK_HANDS)


def test_lucky3_matches_brute_force_over_all_single_deck_hands():
    game, table = TossOne21(), PAYTABLES[("lucky3", "1")]
    counts = Counter()
    for hand in combinations(range(52), 4):
        outcome = game.lucky3_outcome(hand, game.best_hand(hand), table)
        counts[outcome if outcome and table.odds(outcome) is not None else "lose"] += 1
    sheet = lucky3_sheet(game, 1, table)
    assert {ln.outcome: ln.probability for ln in sheet.lines} == {
        k: Fraction(v, ONE_DECK_HANDS) for k, v in counts.items()
    }


def test_bonus4_four_aces_is_one_hand_in_270725():
    sheet = bonus4_sheet(1, PAYTABLES[("bonus4", "1")])
    lines = {line.outcome: line for line in sheet.lines}
    assert lines["total_4"].probability == Fraction(1, ONE_DECK_HANDS)
    assert lines["total_4"].pays == 250
    assert lines["total_4"].contribution == Fraction(250, ONE_DECK_HANDS)


def test_six_to_five_costs_three_tenths_of_the_blackjack_probability():
    game = TossOne21()
    three_two, six_five = main_sheet(game, 6, "3:2"), main_sheet(game, 6, "6:5")
    p_bj = next(ln.probability for ln in three_two.lines if ln.outcome == "player_blackjack")
    assert six_five.house_edge - three_two.house_edge == p_bj * Fraction(3, 10)


def test_lucky3_paytable_two_differs_from_one():
    game = TossOne21()
    one = lucky3_sheet(game, 6, PAYTABLES[("lucky3", "1")])
    two = lucky3_sheet(game, 6, PAYTABLES[("lucky3", "2")])
    assert one.house_edge != two.house_edge
    assert one.hit_frequency < two.hit_frequency  # "other 21" pays on #2, pushes on #1


def test_hit_frequency_and_return_are_consistent():
    sheet = compute_parsheet("toss-one-21", 6, sensitivity=False)
    for wager in sheet.wagers:
        assert wager.hit_frequency == sum(ln.probability for ln in wager.lines if ln.pays > 0)
        assert wager.return_to_player == 1 - wager.house_edge


def test_sensitivity_shows_each_open_point():
    sheet = compute_parsheet("toss-one-21", 1)
    assert set(sheet.alternatives) == {
        "kicker_ace",
        "kicker_tens",
        "dealer_three_card_blackjack",
        "lucky3_hand",
    }
    beats = sheet.alternatives["dealer_three_card_blackjack"]["beats_21"]["main"]
    assert round(beats["house_edge"] * 100, 2) == 1.03
    assert Fraction(beats["house_edge_exact"]) > 0


def test_json_shape_for_later_issues():
    data = compute_parsheet("toss-one-21", 2, {"lucky3_paytable": "2"}, sensitivity=False).to_dict()
    assert set(data["wagers"]) == {"main", "lucky3", "bonus4"}
    for wager in data["wagers"].values():
        for field in ("house_edge", "return", "hit_frequency"):
            assert isinstance(wager[field], float)
            assert Fraction(wager[f"{field}_exact"]) == pytest.approx(wager[field])
        for line in wager["outcomes"]:
            assert {"outcome", "probability", "pays", "contribution"} <= set(line)
    assert data["options"] == {"blackjack_pays": "3:2", "lucky3_paytable": "2"}
