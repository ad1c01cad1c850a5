"""Worked examples for each of the 11 rules of Toss One 21 (seeds 000 and 002)."""

from decimal import Decimal

import pytest

from games.engine.cards import parse_cards
from games.engine.toss_one import TossOne21
from games.engine.toss_one_hands import BUST, lucky3_category
from games.engine.toss_one_rules import PAYTABLES

LUCKY3 = {1: PAYTABLES[("lucky3", "1")], 2: PAYTABLES[("lucky3", "2")]}
BONUS4 = PAYTABLES[("bonus4", "1")]


def cards(text):
    return parse_cards(text.split())


def settle(player, dealer, wagers, game=None, bj="3:2", lucky3=1, toss=None):
    game = game or TossOne21()
    stakes = {k: Decimal(v) for k, v in wagers.items()}
    tables = {"lucky3": LUCKY3[lucky3], "bonus4": BONUS4}
    results = game.settle_seat(cards(player), cards(dealer), stakes, bj, tables, toss)
    return {r.key: r for r in results}


def test_handlog_format_example_settles_as_recorded():
    r = settle("TS AH KC 9D", "AS KD 7C 2H", {"main": "25", "lucky3": "5", "bonus4": "5"})
    assert r["main"].net == Decimal("37.50")
    assert r["lucky3"].net == Decimal("10")
    assert r["bonus4"].net == Decimal("-5")


def test_rule_1_side_bets_need_a_main_bet():
    violations = TossOne21.structure_violations({"lucky3": Decimal("5"), "bonus4": Decimal("1")})
    assert [(key, code) for key, code, _ in violations] == [
        ("lucky3", "side_bet_without_main"),
        ("bonus4", "side_bet_without_main"),
    ]
    assert violations[0][2].rule == "1"
    assert TossOne21.structure_violations({"main": Decimal("5"), "lucky3": Decimal("5")}) == []


def test_rule_2_and_3_best_three_of_four_cards():
    game = TossOne21()
    hand = game.best_hand(cards("9S 2H 8D 9C"))
    assert (hand.total, hand.toss) == (20, 2)  # 9+2+9, the 8 tossed


@pytest.mark.parametrize(
    "hand, toss, correct",
    [
        ("9S 2H 8D 9C", 2, True),
        ("9S 2H 8D 9C", 1, False),  # leaves 9+8+9 = 26
        ("9S 2H 8D 9C", 0, False),  # leaves 2+8+9 = 19
        ("TS TH TD TC", None, True),  # bust: nothing to toss
        ("TS TH TD TC", 0, False),
        ("5S 6H TD KC", 2, True),  # either ten-value card leaves 21
        ("5S 6H TD KC", 3, True),
    ],
)
def test_rule_3_toss_must_leave_the_best_hand(hand, toss, correct):
    assert TossOne21().toss_is_correct(cards(hand), toss) is correct


def test_rule_3_aces_count_one_or_eleven():
    game = TossOne21()
    assert game.best_hand(cards("AS 5H 5D KC")).total == 21  # A(11)+5+5
    assert game.best_hand(cards("AS AH 9D KC")).total == 21  # A(11)+A(1)+9
    assert game.best_hand(cards("AS 9H 8D KC")).total == 20  # A(1)+9+K
    assert game.best_hand(cards("AS 9H 8D 7C")).total == 18  # A(11)+7 is 18; 9+8+A(1) too


def test_rule_4_player_bust_loses_main_lucky3_and_bonus4():
    r = settle("TS QH KD 9C", "2S 3H 4D 5C", {"main": "10", "lucky3": "5", "bonus4": "5"})
    assert TossOne21().best_hand(cards("TS QH KD 9C")).total == BUST
    assert {k: v.net for k, v in r.items()} == {
        "main": Decimal("-10"),
        "lucky3": Decimal("-5"),
        "bonus4": Decimal("-5"),
    }
    assert all(v.source.rule == "4" for v in r.values())


def test_rule_5_dealer_makes_best_hand_format_example_toss_is_wrong():
    game = TossOne21()
    dealer = cards("AS KD 7C 2H")
    assert game.best_hand(dealer).total == 20  # tosses the king: A+7+2
    assert not game.toss_is_correct(dealer, 3)  # the format page's example tosses 2H (18)


def test_rule_6_dealer_bust_pays_remaining_players():
    r = settle("2S 3H 4D 5C", "TS QH KD 9C", {"main": "10"})
    assert (r["main"].outcome, r["main"].net, r["main"].source.rule) == (
        "dealer_bust",
        Decimal("10"),
        "6",
    )


def test_rule_7_closest_to_21_wins_even_money():
    r = settle("TS 9H 2D 2C", "TS 7H 2D 3C", {"main": "10"})  # 21 v 20
    assert (r["main"].outcome, r["main"].net) == ("higher_total", Decimal("10"))
    r = settle("TS 8H 2D 2C", "TS 9H 2D 3C", {"main": "10"})  # 20 v 21
    assert (r["main"].outcome, r["main"].net) == ("lower_total", Decimal("-10"))


def test_rule_7_kicker_breaks_equal_three_card_hands():
    # both 20 with T+8+2; player's kicker 9, dealer's kicker 3
    r = settle("TS 8H 2D 9C", "TH 8D 2C 3S", {"main": "10"})
    assert (r["main"].outcome, r["main"].net) == ("kicker_win", Decimal("10"))
    r = settle("TH 8D 2C 3S", "TS 8H 2D 9C", {"main": "10"})
    assert (r["main"].outcome, r["main"].net) == ("kicker_loss", Decimal("-10"))


@pytest.mark.parametrize("bj, expected", [("3:2", "15.00"), ("6:5", "12.00")])
def test_rule_8_player_blackjack_pays_3_2_or_6_5(bj, expected):
    r = settle("AS KH QD 5C", "9S 9H 3D 2C", {"main": "10"}, bj=bj)
    assert (r["main"].outcome, r["main"].net) == ("player_blackjack", Decimal(expected))


def test_rule_8_player_blackjack_beats_dealer_blackjack_and_any_21():
    for dealer in ("AH KS QC 5D", "7S 7H 7D 2C"):
        for reading in ("ordinary_21", "beats_21"):
            game = TossOne21({"dealer_three_card_blackjack": reading})
            r = settle("AS KH QD 5C", dealer, {"main": "10"}, game=game)
            assert r["main"].outcome == "player_blackjack"


def test_rule_8_other_winners_get_even_money_with_the_rule_cited():
    r = settle("TS 9H 2D 2C", "TS 7H 2D 3C", {"main": "7"})
    assert r["main"].net == Decimal("7")
    assert r["main"].source.rule == "8"


def test_rule_9_full_tie_loses():
    r = settle("TS 8H 2D 9C", "KH 8D 2C 9S", {"main": "10"})
    assert (r["main"].outcome, r["main"].net, r["main"].source.rule) == (
        "full_tie",
        Decimal("-10"),
        "9",
    )


@pytest.mark.parametrize(
    "hand, category, pays1, pays2",
    [
        ("AS KS QS 5H", "suited_blackjack", "200", "100"),
        ("AS KC QS 5H", "coloured_blackjack", "50", "40"),
        ("7S 7S 7S 5H", "suited_21", "25", "20"),  # multi-deck shoe
        ("5H 6D TH 2C", "coloured_21", "15", "15"),
        ("AH KC QS 5H", "other_blackjack", "10", "7.50"),
        ("5H 6S TH 2C", "other_21", "0", "5"),
        ("9H 6S TH 3C", None, "-5", "-5"),  # 19: loses
    ],
)
def test_rule_10_lucky3_paytables_1_and_2(hand, category, pays1, pays2):
    for table, pays in ((1, pays1), (2, pays2)):
        r = settle(hand, "2S 3H 4D 5C", {"main": "10", "lucky3": "5"}, lucky3=table)
        assert r["lucky3"].net == Decimal(pays)
        if category:
            assert r["lucky3"].outcome == category


def test_rule_10_lucky3_category_is_most_specific():
    assert lucky3_category(cards("AS KS QS")) == "suited_blackjack"
    assert lucky3_category(cards("AS KC QS")) == "coloured_blackjack"
    assert lucky3_category(cards("AD KC QS")) == "other_blackjack"


@pytest.mark.parametrize(
    "hand, pays",
    [
        ("AS AH AD AC", "1250"),  # 4: 250 to 1
        ("AS AH AD 2C", "750"),  # 5: 150 to 1
        ("2S 2H 2D 2C", "250"),  # 8: 50 to 1
        ("2S 3H 2D 3C", "50"),  # 10: 10 to 1
        ("4S 4H 4D 4C", "20"),  # 16: 4 to 1
        ("5S 5H 5D 6C", "10"),  # 21: 2 to 1
        ("5S 5H 6D 6C", "-5"),  # 22: loses
        ("AS TH TD 5C", "-5"),  # A counts 1: 26 loses though the hand is a blackjack
    ],
)
def test_rule_11_bonus4_on_four_card_total_aces_one(hand, pays):
    r = settle(hand, "2S 3H 4D 5C", {"main": "10", "bonus4": "5"})
    assert r["bonus4"].net == Decimal(pays)


def test_unplaced_wagers_are_not_settled():
    r = settle("TS 9H 2D 2C", "TS 8H 2D 3C", {"main": "10", "lucky3": "0"})
    assert set(r) == {"main"}
