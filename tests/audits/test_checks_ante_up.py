"""Ante Up 21 round checks (audits/validation/checks_ante_up.py): a golden example per code.

Pure: GameRules is built directly with the engine, its paytable and chosen
limits; each line is JSON bytes through parse_line, then check_ante_up.
"""

from __future__ import annotations

import copy
import json
from decimal import Decimal

import pytest

from audits.validation.checks_ante_up import check_ante_up
from audits.validation.context import GameRules, Limit
from audits.validation.findings import CODES, Finding
from audits.validation.parse import parse_line
from games.engine import ante_up_rules as R
from games.engine.ante_up import AnteUp21

D = Decimal
TABLE_MAX = Limit("max_single_wager", D(500), "", "WAC 230-15-140 (table limit)", "table")
TABLE_MIN = Limit("min_single_wager", D(5), "main", "table minimum", "table")
AGGREGATE = Limit("max_aggregate_payout", D(1000), "", "WAC 230-15-141", "aggregate")
LIMITS = (TABLE_MAX, TABLE_MIN, AGGREGATE)


def rules(engine=None, limits=LIMITS, decks=(6, 8)) -> GameRules:
    return GameRules(
        game="ante-up-21",
        engine=engine or AnteUp21(),
        paytables={"poker_bonus": R.PAYTABLES[("poker_bonus", "1")]},
        limits=limits,
        decks_allowed=decks,
        wagers=R.WAGERS,
        rule_version="ante-up-21 v1",
    )


RULES = rules()


def hand(cards: str, result: str, doubled: bool = False) -> dict:
    return {"cards": cards.split(), "doubled": doubled, "result": result}


def seat(number, cards: str, wagers, results, hands=None, poker=None) -> dict:
    data = {"seat": number, "cards": cards.split(), "wagers": wagers, "results": results}
    if hands is not None:
        data["hands"] = hands
    if poker is not None:
        data["poker"] = poker
    return data


def round_(*seats, dealer="KS 7H", decks=6, options=None) -> dict:
    return {
        "v": 1,
        "round": "AU-1",
        "played_at": "2026-11-01T21:14:03-08:00",
        "venue": "WA-CR-0042",
        "table": "T1",
        "game": "ante-up-21",
        "options": options or {"blackjack_pays": "3:2", "poker_bonus_paytable": "1"},
        "shoe": {"decks": decks},
        "dealer": {"cards": dealer.split()},
        "seats": list(seats),
    }


# Dealer K-7: 17, stands; his poker hand K-high qualifies.
CLEAN = round_(
    # pair of queens: 20 beats 17, the pair beats K-high, the Poker Bonus pair pays 10 to 1
    seat(
        1,
        "QH QD",
        {"main": "25", "ante": "10", "bet": "10", "poker_bonus": "1"},
        {"ante": "10", "bet": "10", "poker_bonus": "10"},
        [hand("QH QD", "25")],
        "bet",
    ),
    # folds the poker hand (no BET) and doubles 11 to 20
    seat(
        2,
        "5C 6D",
        {"main": "25", "ante": "10"},
        {"ante": "-10"},
        [hand("5C 6D 9S", "50", doubled=True)],
        "fold",
    ),
    # splits eights: 21 and 18 both beat 17; the poker hand is the first two cards, a pair
    seat(
        3,
        "8S 8H",
        {"main": "25", "ante": "5", "bet": "5"},
        {"ante": "5", "bet": "5"},
        [hand("8S 3C TD", "25"), hand("8H TH", "25")],
        "bet",
    ),
)


def clean() -> dict:
    return copy.deepcopy(CLEAN)


def check(data: dict, game_rules: GameRules = RULES) -> list[Finding]:
    parsed = parse_line(json.dumps(data).encode(), 7)
    return check_ante_up(parsed, game_rules)


def summary(found: list[Finding]) -> list[tuple]:
    return [(f.code, f.seat, f.key, f.expected, f.recorded) for f in found]


def only(found: list[Finding]) -> Finding:
    assert len(found) == 1, summary(found)
    finding = found[0]
    assert finding.line == 7 and finding.round == "AU-1"
    assert finding.code in CODES and finding.message and finding.rule
    return finding


# -- clean rounds ------------------------------------------------------------------------------


def test_clean_round_has_no_finding():
    assert check(clean()) == []


def test_each_physical_card_counts_once():
    """A one-deck shoe holds every card of the clean round: the first two cards of a seat
    are the first cards of its hands, not two more cards."""
    data = clean()
    data["shoe"]["decks"] = 1
    assert check(data, rules(decks=(1,))) == []


def test_blackjack_pays_from_the_options():
    wagers = {"main": "25"}
    options = {"blackjack_pays": "6:5", "poker_bonus_paytable": "1"}
    data = round_(seat(1, "AS KD", wagers, {}, [hand("AS KD", "30")]), options=options)
    assert check(data) == []
    data["seats"][0]["hands"][0]["result"] = "37.50"
    assert summary(check(data)) == [("overpaid", 1, "main", D(30), D("37.50"))]


# -- options, shoe and card counts -------------------------------------------------------------


def test_options_the_engine_refuses():
    data = clean()
    data["options"]["blackjack_pays"] = "7:5"
    finding = only(check(data))
    assert (finding.code, finding.seat, finding.key) == ("options_not_approved", None, "")
    assert finding.rule == "ante-up-21 v1"


def test_decks_not_approved():
    data = clean()
    data["shoe"]["decks"] = 2
    finding = only(check(data))
    assert (finding.code, finding.seat, finding.key) == ("decks_not_approved", None, "")


def test_card_over_shoe():
    data = clean()
    data["shoe"]["decks"] = 1
    data["seats"][1]["hands"][0]["cards"] = ["5C", "6D", "QH"]  # 21, and QH is seat 1's
    finding = only(check(data, rules(decks=(1,))))
    assert (finding.code, finding.seat, finding.key) == ("card_over_shoe", None, "")
    assert "QH appears 2 times" in finding.message


def test_dealer_with_one_card():
    data = clean()
    data["dealer"]["cards"] = ["KS"]
    finding = only(check(data))
    assert (finding.code, finding.seat, finding.key) == ("wrong_card_count", None, "")
    assert finding.rule == str(R.R_DECIDE)


def test_seat_without_two_first_cards():
    data = clean()
    data["seats"][0]["cards"] = ["QH", "QD", "2C"]
    finding = only(check(data))
    assert (finding.code, finding.seat, finding.key) == ("wrong_card_count", 1, "")


@pytest.mark.parametrize("hands", [None, []])
def test_hands_missing_with_a_main_wager(hands):
    data = clean()
    del data["seats"][0]["hands"]
    if hands is not None:
        data["seats"][0]["hands"] = hands
    finding = only(check(data))
    assert (finding.code, finding.seat, finding.key) == ("wrong_card_count", 1, "main")
    # the Poker Bonus does not need the hands: it is still checked
    data["seats"][0]["results"]["poker_bonus"] = "12"
    assert ("overpaid", 1, "poker_bonus", D(10), D(12)) in summary(check(data))


def test_hands_inconsistent():
    data = clean()
    data["seats"][0]["hands"] = [hand("QH QS", "25")]
    finding = only(check(data))
    assert (finding.code, finding.seat, finding.key) == ("hands_inconsistent", 1, "main")
    assert finding.message.startswith("hands[0]: ")


# -- player actions ----------------------------------------------------------------------------


def _seat3(data: dict, cards: str, hands: list, ante=("5", "5")) -> dict:
    data["seats"][2]["cards"] = cards.split()
    data["seats"][2]["hands"] = hands
    data["seats"][2]["results"] = {"ante": ante[0], "bet": ante[1]}
    return data


def test_split_not_allowed_on_a_non_pair():
    # 8-9 is no pair; 9-high loses the poker hand to K-high
    data = _seat3(clean(), "8S 9H", [hand("8S 3C TD", "25"), hand("9H 9C", "25")], ("-5", "-5"))
    finding = only(check(data))
    assert (finding.code, finding.seat, finding.key) == ("split_not_allowed", 3, "main")
    assert finding.message == "hands[1]: 8S and 9H are not a pair"


def test_split_not_allowed_by_the_rule_version():
    finding = only(check(clean(), rules(AnteUp21({"max_split_hands": 1}))))
    assert (finding.code, finding.seat, finding.key) == ("split_not_allowed", 3, "main")
    assert "max_split_hands=1" in finding.rule


def test_too_many_splits():
    hands = [hand("8S 3C TD", "25"), hand("8H TH", "25"), hand("8C 2S 9C", "25")]
    data = _seat3(clean(), "8S 8H", hands)
    assert check(data) == []  # four hands allowed by default
    finding = only(check(data, rules(AnteUp21({"max_split_hands": 2}))))
    assert (finding.code, finding.seat, finding.key) == ("too_many_splits", 3, "main")


def test_double_not_allowed():
    data = clean()
    data["seats"][1]["cards"] = ["5C", "4D"]
    data["seats"][1]["hands"] = [hand("5C 4D 9S", "50", doubled=True)]  # 18 beats 17
    assert check(data) == []  # any two cards may double by default
    finding = only(check(data, rules(AnteUp21({"double_on": "10_11"}))))
    assert (finding.code, finding.seat, finding.key) == ("double_not_allowed", 2, "main")
    assert finding.message == "hands[0]: doubled on hard 9"


def test_double_wrong_card_count():
    data = clean()
    data["seats"][1]["hands"] = [hand("5C 6D 2S 7S", "50", doubled=True)]
    finding = only(check(data))
    assert (finding.code, finding.seat, finding.key) == ("double_wrong_card_count", 2, "main")


def test_hit_after_21():
    data = clean()
    data["seats"][2]["hands"][0] = hand("8S 3C TD 2S", "-25")
    finding = only(check(data))
    assert (finding.code, finding.seat, finding.key) == ("hit_after_21", 3, "main")


def test_hit_after_bust():
    data = clean()
    # still a pair of queens for poker (the best two cards of the hand)
    data["seats"][0]["hands"] = [hand("QH QD 5S 2S", "-25")]
    finding = only(check(data))
    assert (finding.code, finding.seat, finding.key) == ("hit_after_bust", 1, "main")


def test_hit_split_aces():
    hands = [hand("AS 5C 2D", "25"), hand("AH 9C", "25")]  # soft 18 and soft 20 beat 17
    data = _seat3(clean(), "AS AH", hands)
    finding = only(check(data))
    assert (finding.code, finding.seat, finding.key) == ("hit_split_aces", 3, "main")
    assert finding.message.startswith("hands[0]: ")


# -- the dealer --------------------------------------------------------------------------------


def test_dealer_drew_on_17():
    data = clean()
    data["dealer"]["cards"] = ["KS", "7H", "2C"]  # 19: seat 3's 18 now loses
    data["seats"][2]["hands"][1]["result"] = "-25"
    finding = only(check(data))
    assert (finding.code, finding.seat, finding.key) == ("dealer_drew_wrongly", None, "")
    assert finding.message == "the dealer drew 2C to hard 17 (KS 7H); the rule is to stand"


def _one_seat(dealer: str, cards: str, hands: list, wagers=None, results=None, poker=None):
    wagers = wagers or {"main": "25"}
    return round_(seat(1, cards, wagers, results or {}, hands, poker), dealer=dealer)


def test_dealer_hits_soft_17():
    """PLAY 21 1 fixes the soft 17 rule: the dealer hits it."""
    stood = _one_seat("AS 6H", "TS 8H", [hand("TS 8H", "25")])
    finding = only(check(stood))
    assert finding.code == "dealer_drew_wrongly"
    assert finding.message == "the dealer stood on soft 17 (AS 6H); the rule is to draw"
    assert finding.rule == str(R.R_SOFT_17)
    hit = _one_seat("AS 6H 2C", "TS 8H", [hand("TS 8H", "-25")])  # soft 19 beats 18
    assert check(hit) == []


def test_dealer_stands_when_every_hand_is_bust():
    busted = [hand("TS 6H 9C", "-25")]
    assert check(_one_seat("KS 5H", "TS 6H", busted)) == []
    finding = only(check(_one_seat("KS 5H 2C", "TS 6H", busted)))
    assert finding.code == "dealer_drew_wrongly"
    assert finding.rule == str(R.R_DEALER_COMPLETES)
    assert "no player hand left" in finding.message


def test_a_poker_bet_makes_the_dealer_complete():
    """PLAY 21 5: all hands bust but a poker BET: the dealer completes his hand."""
    wagers = {"main": "25", "ante": "10", "bet": "10"}
    busted = [hand("TS 6H 9C", "-25")]
    # K-5 stood on 15; T-9 high is the best two of T 6 9, losing to K-high
    stood = _one_seat("KS 5H", "TS 6H", busted, wagers, {"ante": "-10", "bet": "-10"}, "bet")
    finding = only(check(stood))
    assert finding.code == "dealer_drew_wrongly"
    assert finding.message == "the dealer stood on hard 15 (KS 5H); the rule is to draw"
    assert finding.rule == str(R.R_DEALER_COMPLETES)
    drew = _one_seat("KS 5H 3C", "TS 6H", busted, wagers, {"ante": "-10", "bet": "-10"}, "bet")
    assert check(drew) == []


# -- wager keys and limits ---------------------------------------------------------------------


def test_unknown_wager():
    data = clean()
    data["seats"][1]["wagers"]["lucky3"] = "5"
    data["seats"][1]["results"]["lucky3"] = "-5"
    assert summary(check(data)) == [
        ("unknown_wager", 2, "lucky3", None, None),
        ("unknown_wager", 2, "lucky3", None, None),
    ]


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
    data = _one_seat("AS 9H", "TS TD", [hand("TS TD", "0")], wagers, results, "bet")
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
    assert finding.message.startswith("hands[0]: main settled 30; the rules give 25")


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
    data = _one_seat("9D 9C", "4S 4H", hands, wagers, {"ante": "-10", "bet": "-10"}, "bet")
    assert check(data) == []
    data["seats"][0]["results"] = {"ante": "10", "bet": "10"}
    assert summary(check(data)) == [
        ("overpaid", 1, "ante", D(-10), D(10)),
        ("overpaid", 1, "bet", D(-10), D(10)),
    ]


def test_unsplit_hand_plays_poker_with_its_best_two_cards():
    """Unsplit, the best two cards of the whole hand make the poker hand (kings here)."""
    wagers = {"main": "25", "ante": "10", "bet": "10"}
    data = _one_seat("9D 9C", "4S KS", [hand("4S KS KH", "-25")], wagers, {}, "bet")
    data["seats"][0]["results"] = {"ante": "10", "bet": "10"}
    assert check(data) == []
