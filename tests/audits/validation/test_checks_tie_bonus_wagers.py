"""Blackjack with tie bonus round checks (audits/validation/games/tie_bonus/checks.py), a golden
example per code: wager keys, limits and structure, payouts, tie wagers after a split, and
surrender.
"""

from __future__ import annotations

from games.engine import tie_bonus_rules as R
from games.engine.tie_bonus import TieBonusBlackjack
from tests.audits.validation.blackjack_support import D, hand, seat, summary
from tests.audits.validation.tie_bonus_support import check, clean, one_seat, only, rules

# -- wager keys and limits ---------------------------------------------------------------------


def test_unknown_wager():
    data = clean()
    data["seats"][2]["wagers"]["ante"] = "5"
    finding = only(check(data))
    assert (finding.code, finding.seat, finding.key) == ("unknown_wager", 3, "ante")


def test_wager_without_result():
    data = clean()
    del data["seats"][3]["results"]["tie_18"]
    assert summary(check(data)) == [("wager_without_result", 4, "tie_18", None, None)]


def test_result_without_wager():
    data = clean()
    data["seats"][1]["results"]["tie_blackjack"] = "-5"
    assert summary(check(data)) == [("result_without_wager", 2, "tie_blackjack", None, D(-5))]


def test_hand_result_without_a_main_wager():
    data = clean()
    data["seats"].append(seat(5, "2S 3S", {}, {}, [hand("2S 3S", "-20")]))
    assert summary(check(data)) == [("result_without_wager", 5, "main", None, D(-20))]


def test_over_limit():
    data = clean()
    data["seats"][0]["wagers"]["tie_21"] = "30"
    data["seats"][0]["wagers"]["main"] = "100"
    data["seats"][0]["results"]["tie_21"] = "-30"
    assert summary(check(data)) == [("over_limit", 1, "tie_21", D(25), D(30))]


def test_under_minimum():
    data = clean()
    data["seats"][2]["wagers"] = {"main": "4"}
    data["seats"][2]["results"] = {}
    data["seats"][2]["hands"][0]["result"] = "8"
    assert summary(check(data)) == [("under_minimum", 3, "main", D(5), D(4))]


# -- wager structure ---------------------------------------------------------------------------


def test_bonus_without_primary():
    data = clean()
    # no hands: the seat played no blackjack hand; 5-6 is no tie
    data["seats"].append(seat(5, "5H 6H", {"tie_18": "5"}, {"tie_18": "-5"}))
    finding = only(check(data))
    assert (finding.code, finding.seat, finding.key) == ("bonus_without_primary", 5, "")
    assert finding.rule == str(R.R_SPOTS)


def test_left_side_above_half():
    data = clean()
    data["seats"][0]["wagers"]["tie_17"] = "1"
    data["seats"][0]["results"]["tie_17"] = "-1"
    assert summary(check(data)) == [("left_side_above_half", 1, "", D(10), D(11))]


def test_right_side_above_half():
    data = clean()
    data["seats"][1]["wagers"]["tie_21"] = "6"
    data["seats"][1]["results"]["tie_21"] = "-6"
    assert summary(check(data)) == [("right_side_above_half", 2, "", D(10), D(11))]


def test_bonus_above_primary():
    """LS and RS each at most half the primary imply the sum at most the primary: the sum
    is only exceeded with a side above half."""
    data = clean()
    data["seats"][0]["wagers"].update(tie_17="1", tie_20="10")
    data["seats"][0]["results"].update(tie_17="-1", tie_20="-10")
    assert summary(check(data)) == [
        ("left_side_above_half", 1, "", D(10), D(11)),
        ("bonus_above_primary", 1, "", D(20), D(21)),
    ]


def test_insurance_not_offered():
    data = clean()
    data["seats"][2]["wagers"]["insurance"] = "5"
    data["seats"][2]["results"]["insurance"] = "-5"
    assert summary(check(data)) == [("insurance_not_offered", 3, "insurance", None, None)]


def test_insurance_above_half():
    # A-K: a dealer natural; insurance pays 2 to 1; a 20 loses only its stake
    wagers = {"main": "20", "insurance": "15"}
    data = one_seat("AD KC", "TS TD", [hand("TS TD", "-20")], wagers, {"insurance": "30"})
    assert summary(check(data)) == [("insurance_above_half", 1, "insurance", D(10), D(15))]
    data["seats"][0]["wagers"]["insurance"] = "10"
    data["seats"][0]["results"]["insurance"] = "20"
    assert check(data) == []


# -- payouts -----------------------------------------------------------------------------------


def test_overpaid_tie_wager():
    data = clean()
    data["seats"][0]["results"]["tie_19"] = "255"
    finding = only(check(data))
    assert summary([finding]) == [("overpaid", 1, "tie_19", D(250), D(255))]
    assert finding.rule == str(R.PAYTABLES[("tie_bonus", "1")].source_of("tie_19"))


def test_underpaid_split_hand():
    data = clean()
    data["seats"][3]["hands"][1]["result"] = "-40"
    finding = only(check(data))
    assert summary([finding]) == [("underpaid", 4, "main", D(-20), D(-40))]
    assert finding.message.startswith(
        "hands[1]: main was settled at -40.00; the approved rules give -20.00"
    )


def test_aggregate_payout_exceeded():
    # the dealer draws to 21 (9 2 T); the seat's 21 ties it: Tie 21 pays 230 to 1
    wagers = {"main": "20", "tie_21": "5"}
    data = one_seat("9D 2C TH", "7S 4D", [hand("7S 4D TD", "0")], wagers, {"tie_21": "1150"})
    finding = only(check(data))
    assert summary([finding]) == [("aggregate_payout_exceeded", None, "", D(1000), D(1150))]
    assert finding.rule == "WAC 230-15-141"


# -- splits and tie wagers ---------------------------------------------------------------------


def test_tie_wagers_follow_the_first_hand_only():
    """Play 8: after a split only the first hand decides; a tie on the second loses."""
    wagers = {"main": "20", "tie_19": "5"}
    hands = [hand("8S 3C 9C", "20"), hand("8H 2D 9H", "0")]  # 20 wins; 19 ties the dealer
    data = one_seat("9D TC", "8S 8H", hands, wagers, {"tie_19": "-5"})
    assert check(data) == []
    data["seats"][0]["results"]["tie_19"] = "250"
    assert summary(check(data)) == [("overpaid", 1, "tie_19", D(-5), D(250))]


# -- surrender ---------------------------------------------------------------------------------


def test_late_surrender_read_from_the_result():
    """The log has no surrender field: with late surrender allowed, a lone two-card hand
    settled at minus half the stake was surrendered."""
    surrendered = one_seat("9D TC", "TS 6H", [hand("TS 6H", "-10")])
    assert check(surrendered, rules(TieBonusBlackjack({"surrender": "late"}))) == []
    # without surrender, the 16 lost its whole stake to 19
    assert summary(check(surrendered)) == [("overpaid", 1, "main", D(-20), D(-10))]
