"""Ante Up 21 round checks (audits/validation/games/ante_up/checks.py), a golden example per code:
wager keys, limits and structure, payouts, and the poker hand after a split.
"""

from __future__ import annotations

from audits.validation.context import Limit
from games.engine import ante_up_rules as R
from games.engine.ante_up import AnteUp21
from tests.audits.validation.ante_up_support import check, clean, one_seat, only, rules
from tests.audits.validation.blackjack_support import TABLE_MAX, D, hand, seat, summary

# -- wager keys and limits ---------------------------------------------------------------------


def test_unknown_wager():
    data = clean()
    data["seats"][1]["wagers"]["lucky3"] = "5"
    data["seats"][1]["results"]["lucky3"] = "-5"
    # one finding for the key, though it is both wagered and settled
    assert summary(check(data)) == [("unknown_wager", 2, "lucky3", None, None)]


def test_wager_without_result():
    data = clean()
    del data["seats"][0]["results"]["poker_bonus"]
    assert summary(check(data)) == [("wager_without_result", 1, "poker_bonus", None, None)]


def test_result_without_wager():
    data = clean()
    data["seats"][1]["results"]["insurance"] = "5"
    assert summary(check(data)) == [("result_without_wager", 2, "insurance", None, D(5))]


def test_hand_result_without_a_main_wager():
    data = clean()
    data["seats"].append(seat(4, "2S 3S", {}, {}, [hand("2S 3S", "10")]))
    finding = only(check(data))
    assert (finding.code, finding.seat, finding.key) == ("result_without_wager", 4, "main")
    assert (finding.expected, finding.recorded) == (None, D(10))


def test_over_limit():
    data = clean()
    data["seats"][0]["wagers"]["main"] = "600"
    data["seats"][0]["hands"][0]["result"] = "600"
    assert summary(check(data)) == [("over_limit", 1, "main", D(500), D(600))]


def test_under_minimum():
    data = clean()
    data["seats"][0]["wagers"].update(main="2", ante="2", bet="2")
    data["seats"][0]["results"].update(ante="2", bet="2")
    data["seats"][0]["hands"][0]["result"] = "2"
    assert summary(check(data)) == [("under_minimum", 1, "main", D(5), D(2))]


# -- wager structure ---------------------------------------------------------------------------


def test_ante_without_21():
    data = clean()
    # 3-2 high loses the poker hand to K-high
    data["seats"].append(
        seat(4, "2S 3S", {"ante": "5", "bet": "5"}, {"ante": "-5", "bet": "-5"}, poker="bet")
    )
    finding = only(check(data))
    assert (finding.code, finding.seat, finding.key) == ("ante_without_21", 4, "ante")
    assert finding.rule == str(R.R_BOTH_SPOTS)


def test_ante_above_21():
    data = clean()
    data["seats"][0]["wagers"]["main"] = "5"
    data["seats"][0]["hands"][0]["result"] = "5"
    assert summary(check(data)) == [("ante_above_21", 1, "ante", D(5), D(10))]


def test_bet_not_equal_ante():
    data = clean()
    data["seats"][0]["wagers"]["bet"] = "20"
    data["seats"][0]["results"]["bet"] = "20"
    assert summary(check(data)) == [("bet_not_equal_ante", 1, "bet", D(10), D(20))]


def test_bet_after_fold():
    data = clean()
    data["seats"][1]["wagers"]["bet"] = "10"
    data["seats"][1]["results"]["bet"] = "0"  # void
    assert summary(check(data)) == [("bet_after_fold", 2, "bet", None, None)]


def test_bet_without_ante():
    data = clean()
    data["seats"][1]["wagers"] = {"main": "25", "bet": "10"}
    data["seats"][1]["results"] = {"bet": "0"}  # void
    data["seats"][1]["poker"] = "bet"
    assert summary(check(data)) == [("bet_without_ante", 2, "bet", None, None)]


def test_poker_bonus_not_fixed_stake():
    data = clean()
    data["seats"][0]["wagers"]["poker_bonus"] = "5"
    data["seats"][0]["results"]["poker_bonus"] = "50"
    assert summary(check(data)) == [
        ("poker_bonus_not_fixed_stake", 1, "poker_bonus", D("1.00"), D(5))
    ]


def test_poker_bonus_without_poker():
    data = clean()
    data["seats"][1]["wagers"] = {"main": "25", "poker_bonus": "1"}
    data["seats"][1]["results"] = {"poker_bonus": "-1"}  # 5-6: no pair
    del data["seats"][1]["poker"]
    assert summary(check(data)) == [("poker_bonus_without_poker", 2, "poker_bonus", None, None)]
    # a rule version that wants the poker hand bet: a fold does not play poker
    data = clean()
    data["seats"][1]["wagers"]["poker_bonus"] = "1"
    data["seats"][1]["results"]["poker_bonus"] = "-1"
    assert check(data) == []
    game = AnteUp21({"poker_bonus_requires": "bet"})
    assert summary(check(data, rules(game))) == [
        ("poker_bonus_without_poker", 2, "poker_bonus", None, None)
    ]


def test_insurance_not_offered():
    data = clean()
    data["seats"][0]["wagers"]["insurance"] = "5"
    data["seats"][0]["results"]["insurance"] = "-5"
    assert summary(check(data)) == [("insurance_not_offered", 1, "insurance", None, None)]


def test_insurance_above_half():
    # A-9 stands on soft 20; T-T pushes, and its pair beats A-high at poker
    wagers = {"main": "25", "ante": "10", "bet": "10", "insurance": "15"}
    results = {"ante": "10", "bet": "10", "insurance": "-15"}
    data = one_seat("AS 9H", "TS TD", [hand("TS TD", "0")], wagers, results, "bet")
    assert summary(check(data)) == [("insurance_above_half", 1, "insurance", D("12.5"), D(15))]
    data["seats"][0]["wagers"]["insurance"] = "12.50"
    data["seats"][0]["results"]["insurance"] = "-12.50"
    assert check(data) == []


# -- payouts -----------------------------------------------------------------------------------


def test_overpaid_main_hand():
    data = clean()
    data["seats"][0]["hands"][0]["result"] = "30"
    finding = only(check(data))
    assert summary([finding]) == [("overpaid", 1, "main", D(25), D(30))]
    assert finding.message.startswith(
        "hands[0]: main was settled at 30.00; the approved rules give 25.00"
    )


def test_underpaid_split_hand_and_ante():
    data = clean()
    data["seats"][2]["hands"][1]["result"] = "20"
    data["seats"][0]["results"]["ante"] = "5"
    found = check(data)
    assert summary(found) == [
        ("underpaid", 1, "ante", D(10), D(5)),
        ("underpaid", 3, "main", D(25), D(20)),
    ]
    assert found[1].message.startswith("hands[1]: ")


def test_aggregate_payout_exceeded():
    # the clean round pays 25+10+10+10 + 50 + 25+25+5+5 = 165
    low = Limit("max_aggregate_payout", D(100), "", "WAC 230-15-141", "aggregate")
    finding = only(check(clean(), rules(limits=(TABLE_MAX, low))))
    assert summary([finding]) == [("aggregate_payout_exceeded", None, "", D(100), D(165))]


# -- splits and poker --------------------------------------------------------------------------


def test_split_hands_play_poker_with_the_first_two_cards():
    """PLAY POKER 4: after a split the poker hand is the first two cards (a pair of fours,
    losing to the dealer's nines), not the best two of the first hand (kings)."""
    wagers = {"main": "25", "ante": "10", "bet": "10"}
    hands = [hand("4S KS KH", "-25"), hand("4H 6C TD", "25")]  # bust; 20 beats 18
    data = one_seat("9D 9C", "4S 4H", hands, wagers, {"ante": "-10", "bet": "-10"}, "bet")
    assert check(data) == []
    data["seats"][0]["results"] = {"ante": "10", "bet": "10"}
    assert summary(check(data)) == [
        ("overpaid", 1, "ante", D(-10), D(10)),
        ("overpaid", 1, "bet", D(-10), D(10)),
    ]


def test_unsplit_hand_plays_poker_with_its_best_two_cards():
    """Unsplit, the best two cards of the whole hand make the poker hand (kings here)."""
    wagers = {"main": "25", "ante": "10", "bet": "10"}
    data = one_seat("9D 9C", "4S KS", [hand("4S KS KH", "-25")], wagers, {}, "bet")
    data["seats"][0]["results"] = {"ante": "10", "bet": "10"}
    assert check(data) == []
