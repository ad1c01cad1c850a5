"""Blackjack with tie bonus round checks (audits/validation/checks_tie_bonus.py).

A golden example per code.  Pure: GameRules is built directly with the engine,
its paytable and chosen limits; each line is JSON bytes through parse_line,
then check_tie_bonus.
"""

from __future__ import annotations

import copy
import json
from decimal import Decimal

import pytest

from audits.validation.checks_tie_bonus import check_tie_bonus
from audits.validation.context import GameRules, Limit
from audits.validation.findings import CODES, Finding
from audits.validation.parse import parse_line
from games.engine import tie_bonus_rules as R
from games.engine.tie_bonus import TieBonusBlackjack

D = Decimal
TABLE_MAX = Limit("max_single_wager", D(500), "", "WAC 230-15-140 (table limit)", "table")
TABLE_MIN = Limit("min_single_wager", D(5), "main", "table minimum", "table")
TIE_MAX = Limit("max_single_wager", D(25), "tie_21", "table limit (tie 21)", "table")
AGGREGATE = Limit("max_aggregate_payout", D(1000), "", "WAC 230-15-141", "aggregate")
LIMITS = (TABLE_MAX, TABLE_MIN, TIE_MAX, AGGREGATE)


def rules(engine=None, limits=LIMITS, decks=(6, 8)) -> GameRules:
    return GameRules(
        game="blackjack-tie-bonus",
        engine=engine or TieBonusBlackjack(),
        paytables={"tie_bonus": R.PAYTABLES[("tie_bonus", "1")]},
        limits=limits,
        decks_allowed=decks,
        wagers=R.WAGERS,
        rule_version="blackjack-tie-bonus v1",
    )


RULES = rules()


def hand(cards: str, result: str, doubled: bool = False) -> dict:
    return {"cards": cards.split(), "doubled": doubled, "result": result}


def seat(number, cards: str, wagers, results, hands=None) -> dict:
    data = {"seat": number, "cards": cards.split(), "wagers": wagers, "results": results}
    if hands is not None:
        data["hands"] = hands
    return data


def round_(*seats, dealer="9D TC", decks=6, options=None) -> dict:
    return {
        "v": 1,
        "round": "TB-1",
        "played_at": "2026-11-01T21:14:03-08:00",
        "venue": "WA-CR-0042",
        "table": "T2",
        "game": "blackjack-tie-bonus",
        "options": options or {"blackjack_pays": "3:2", "tie_bonus_paytable": "1"},
        "shoe": {"decks": decks},
        "dealer": {"cards": dealer.split()},
        "seats": list(seats),
    }


# Dealer 9-T: 19, stands; no ace up, so no insurance.
CLEAN = round_(
    # ties 19: the main pushes, Tie 19 pays 50 to 1 and LS (left_19) 15 to 1
    seat(
        1,
        "TS 9H",
        {"main": "20", "tie_19": "5", "tie_left": "5"},
        {"tie_19": "250", "tie_left": "75"},
        [hand("TS 9H", "0")],
    ),
    # a natural pays 3 to 2; a player Blackjack against a dealer non-Blackjack loses RS
    seat(2, "AS KD", {"main": "20", "tie_right": "5"}, {"tie_right": "-5"}, [hand("AS KD", "30")]),
    # doubles 11 to 20: wins twice the stake; 20 is no tie
    seat(
        3,
        "5C 6D",
        {"main": "20", "tie_20": "5"},
        {"tie_20": "-5"},
        [hand("5C 6D 9S", "40", doubled=True)],
    ),
    # splits eights: 19 pushes, 18 loses; the first hand ties 19 and decides the tie wagers
    seat(
        4,
        "8S 8H",
        {"main": "20", "tie_19": "5", "tie_18": "5"},
        {"tie_19": "250", "tie_18": "-5"},
        [hand("8S 3C 8C", "0"), hand("8H TH", "-20")],
    ),
)


def clean() -> dict:
    return copy.deepcopy(CLEAN)


def check(data: dict, game_rules: GameRules = RULES) -> list[Finding]:
    parsed = parse_line(json.dumps(data).encode(), 11)
    return check_tie_bonus(parsed, game_rules)


def summary(found: list[Finding]) -> list[tuple]:
    return [(f.code, f.seat, f.key, f.expected, f.recorded) for f in found]


def only(found: list[Finding]) -> Finding:
    assert len(found) == 1, summary(found)
    finding = found[0]
    assert finding.line == 11 and finding.round == "TB-1"
    assert finding.code in CODES and finding.message and finding.rule
    return finding


def _one_seat(dealer: str, cards: str, hands: list, wagers=None, results=None) -> dict:
    return round_(seat(1, cards, wagers or {"main": "20"}, results or {}, hands), dealer=dealer)


# -- clean rounds ------------------------------------------------------------------------------


def test_clean_round_has_no_finding():
    assert check(clean()) == []


def _six_tens_of_spades() -> dict:
    """Three seats dealt TS TS, standing on 20 against 19: six TS in a six-deck shoe."""
    tens = [seat(n, "TS TS", {"main": "20"}, {}, [hand("TS TS", "20")]) for n in (1, 2, 3)]
    return round_(*tens)


def test_each_physical_card_counts_once():
    """A seat's first two cards are the first cards of its hands, not two more cards."""
    assert check(_six_tens_of_spades()) == []


def test_blackjack_pays_from_the_options():
    options = {"blackjack_pays": "6:5", "tie_bonus_paytable": "1"}
    data = round_(seat(1, "AS KD", {"main": "20"}, {}, [hand("AS KD", "24")]), options=options)
    assert check(data) == []
    data["seats"][0]["hands"][0]["result"] = "30"
    assert summary(check(data)) == [("overpaid", 1, "main", D(24), D(30))]


# -- options, shoe and card counts -------------------------------------------------------------


def test_options_the_engine_refuses():
    data = clean()
    data["options"]["blackjack_pays"] = "2:1"
    finding = only(check(data))
    assert (finding.code, finding.seat, finding.key) == ("options_not_approved", None, "")


def test_decks_not_approved_by_the_registry():
    data = clean()
    data["shoe"]["decks"] = 2
    finding = only(check(data))  # once, though the engine's setup 5 also refuses it
    assert (finding.code, finding.seat, finding.key) == ("decks_not_approved", None, "")


def test_decks_not_approved_by_the_rule_version():
    data = clean()
    data["shoe"]["decks"] = 8
    assert check(data) == []
    finding = only(check(data, rules(TieBonusBlackjack({"decks_allowed": (6,)}))))
    assert (finding.code, finding.seat, finding.key) == ("decks_not_approved", None, "")
    assert "decks_allowed=(6,)" in finding.rule and "setup 5" in finding.rule


def test_card_over_shoe():
    data = _six_tens_of_spades()
    data["seats"].append(seat(4, "TS 9H", {"main": "20"}, {}, [hand("TS 9H", "0")]))
    finding = only(check(data))
    assert (finding.code, finding.seat, finding.key) == ("card_over_shoe", None, "")
    assert finding.message == "TS appears 7 times; a 6-deck shoe holds 6"


def test_dealer_with_one_card():
    data = clean()
    data["dealer"]["cards"] = ["9D"]
    finding = only(check(data))
    assert (finding.code, finding.seat, finding.key) == ("wrong_card_count", None, "")
    assert finding.rule == str(R.R_DEAL)


def test_seat_without_two_first_cards():
    data = clean()
    data["seats"][1]["cards"] = ["AS"]
    finding = only(check(data))
    assert (finding.code, finding.seat, finding.key) == ("wrong_card_count", 2, "")


@pytest.mark.parametrize("hands", [None, []])
def test_hands_missing_with_a_main_wager(hands):
    data = clean()
    del data["seats"][0]["hands"]
    if hands is not None:
        data["seats"][0]["hands"] = hands
    finding = only(check(data))
    assert (finding.code, finding.seat, finding.key) == ("wrong_card_count", 1, "main")
    assert "handlog-format.md" in finding.rule


def test_hands_inconsistent():
    data = clean()
    data["seats"][3]["hands"][1] = hand("7H TH", "-20")  # begins with no split card
    finding = only(check(data))
    assert (finding.code, finding.seat, finding.key) == ("hands_inconsistent", 4, "main")


# -- player actions ----------------------------------------------------------------------------


def test_split_not_allowed_unlike_tens():
    hands = [hand("KS 9C", "0"), hand("QH TH", "20")]  # 19 pushes; 20 beats 19
    data = _one_seat("9D TC", "KS QH", hands)
    assert check(data) == []  # any two ten-values may split by default
    finding = only(check(data, rules(TieBonusBlackjack({"split_tens_unlike": False}))))
    assert (finding.code, finding.seat, finding.key) == ("split_not_allowed", 1, "main")
    assert finding.message == "hands[1]: KS and QH are unlike ten-value cards"


def test_too_many_splits():
    data = clean()
    data["seats"][3]["hands"].append(hand("8D 2S 9C", "0"))  # 19 pushes
    # the seat split more than once: every tie wager loses (play 9)
    data["seats"][3]["results"]["tie_19"] = "-5"
    assert check(data) == []
    finding = only(check(data, rules(TieBonusBlackjack({"max_split_hands": 2}))))
    assert (finding.code, finding.seat, finding.key) == ("too_many_splits", 4, "main")


def test_double_not_allowed_after_split():
    data = clean()
    data["seats"][3]["hands"][1] = hand("8H 2D 9H", "0", doubled=True)  # 19 pushes
    assert check(data) == []
    finding = only(check(data, rules(TieBonusBlackjack({"double_after_split": False}))))
    assert (finding.code, finding.seat, finding.key) == ("double_not_allowed", 4, "main")
    assert finding.message == "hands[1]: doubled after a split"


def test_double_wrong_card_count():
    data = clean()
    data["seats"][2]["hands"][0] = hand("5C 6D", "-40", doubled=True)  # 11 loses twice
    finding = only(check(data))
    assert (finding.code, finding.seat, finding.key) == ("double_wrong_card_count", 3, "main")
    assert finding.message == "hands[0]: a doubled hand takes exactly one card; it has 0"


def test_hit_after_21():
    data = clean()
    data["seats"][1]["hands"] = [hand("AS KD 9C", "20")]  # a natural hit to hard 20 beats 19
    finding = only(check(data))
    assert (finding.code, finding.seat, finding.key) == ("hit_after_21", 2, "main")
    assert finding.message == "hands[0]: card 3 drawn to a natural"


def test_hit_after_bust():
    data = clean()
    data["seats"][2]["cards"] = ["5C", "7D"]
    data["seats"][2]["hands"] = [hand("5C 7D TS 2S", "-20")]
    finding = only(check(data))
    assert (finding.code, finding.seat, finding.key) == ("hit_after_bust", 3, "main")


def test_hit_split_aces():
    hands = [hand("AS 5C 3D", "0"), hand("AH 8C", "0")]  # soft 19 and soft 19 push
    data = _one_seat("9D TC", "AS AH", hands)
    finding = only(check(data))
    assert (finding.code, finding.seat, finding.key) == ("hit_split_aces", 1, "main")


# -- the dealer: soft 17 both ways -------------------------------------------------------------

STANDS_ON_SOFT_17 = rules(TieBonusBlackjack({"dealer_hits_soft_17": False}))
HITS_SOFT_17 = rules(TieBonusBlackjack({"dealer_hits_soft_17": True}))


def test_dealer_stands_on_soft_17():
    stood = _one_seat("AS 6H", "TS 8H", [hand("TS 8H", "20")])  # 18 beats 17
    assert check(stood, STANDS_ON_SOFT_17) == []
    hit = _one_seat("AS 6H 2C", "TS 8H", [hand("TS 8H", "-20")])  # soft 19 beats 18
    finding = only(check(hit, STANDS_ON_SOFT_17))
    assert finding.code == "dealer_drew_wrongly"
    assert finding.message == "the dealer drew 2C to soft 17 (AS 6H); the rule is to stand"
    assert "dealer_hits_soft_17=False" in finding.rule


def test_dealer_hits_soft_17():
    hit = _one_seat("AS 6H 2C", "TS 8H", [hand("TS 8H", "-20")])
    assert check(hit, HITS_SOFT_17) == []
    stood = _one_seat("AS 6H", "TS 8H", [hand("TS 8H", "20")])
    finding = only(check(stood, HITS_SOFT_17))
    assert (finding.code, finding.seat, finding.key) == ("dealer_drew_wrongly", None, "")
    assert finding.message == "the dealer stood on soft 17 (AS 6H); the rule is to draw"
    assert "dealer_hits_soft_17=True" in finding.rule


def test_dealer_stands_with_no_live_hand():
    natural = [hand("AS KD", "30")]  # a paid natural leaves nothing to play against
    assert check(_one_seat("5D TC", "AS KD", natural)) == []
    finding = only(check(_one_seat("5D TC 4H", "AS KD", natural)))
    assert finding.code == "dealer_drew_wrongly"
    assert finding.rule == str(R.R_HOUSE)


def test_dealer_not_judged_when_a_seat_hands_are_unknown():
    """No known live hand, but a seat whose hands are missing: its hand may have been
    live, so the dealer's draw is not judged (the missing hands are the finding)."""
    data = round_(
        seat(1, "AS KD", {"main": "20"}, {}, [hand("AS KD", "30")]),
        seat(2, "TS 6H", {"main": "20"}, {}),
        dealer="5D TC 4H",
    )
    assert summary(check(data)) == [("wrong_card_count", 2, "main", None, None)]


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
    data = _one_seat("AD KC", "TS TD", [hand("TS TD", "-20")], wagers, {"insurance": "30"})
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
    assert finding.message.startswith("hands[1]: main settled -40; the rules give -20")


def test_aggregate_payout_exceeded():
    # the dealer draws to 21 (9 2 T); the seat's 21 ties it: Tie 21 pays 230 to 1
    wagers = {"main": "20", "tie_21": "5"}
    data = _one_seat("9D 2C TH", "7S 4D", [hand("7S 4D TD", "0")], wagers, {"tie_21": "1150"})
    finding = only(check(data))
    assert summary([finding]) == [("aggregate_payout_exceeded", None, "", D(1000), D(1150))]
    assert finding.rule == "WAC 230-15-141"


# -- splits and tie wagers ---------------------------------------------------------------------


def test_tie_wagers_follow_the_first_hand_only():
    """Play 8: after a split only the first hand decides; a tie on the second loses."""
    wagers = {"main": "20", "tie_19": "5"}
    hands = [hand("8S 3C 9C", "20"), hand("8H 2D 9H", "0")]  # 20 wins; 19 ties the dealer
    data = _one_seat("9D TC", "8S 8H", hands, wagers, {"tie_19": "-5"})
    assert check(data) == []
    data["seats"][0]["results"]["tie_19"] = "250"
    assert summary(check(data)) == [("overpaid", 1, "tie_19", D(-5), D(250))]


# -- surrender ---------------------------------------------------------------------------------


def test_late_surrender_read_from_the_result():
    """The log has no surrender field: with late surrender allowed, a lone two-card hand
    settled at minus half the stake was surrendered."""
    surrendered = _one_seat("9D TC", "TS 6H", [hand("TS 6H", "-10")])
    assert check(surrendered, rules(TieBonusBlackjack({"surrender": "late"}))) == []
    # without surrender, the 16 lost its whole stake to 19
    assert summary(check(surrendered)) == [("overpaid", 1, "main", D(-20), D(-10))]
