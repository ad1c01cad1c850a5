"""Ante Up 21 round checks (audits/validation/games/ante_up/checks.py), a golden example per code:
clean rounds, options, shoe and card counts, the player's actions and the dealer's.
"""

from __future__ import annotations

import pytest

from games.engine import ante_up_rules as R
from games.engine.ante_up import AnteUp21
from tests.audits.validation.ante_up_support import check, clean, one_seat, only, round_, rules
from tests.audits.validation.blackjack_support import D, hand, seat, summary

# -- clean rounds ------------------------------------------------------------------------------


def test_clean_round_has_no_finding():
    assert check(clean()) == []


def test_each_physical_card_counts_once():
    """A one-deck shoe holds every card of the clean round: the first two cards of a seat
    are the first cards of its hands, not two more cards."""
    data = clean()
    data["shoe"]["decks"] = 1
    assert check(data) == []


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


def test_the_shoe_size_is_judged_with_the_authorization_not_here():
    data = clean()
    data["shoe"]["decks"] = 2
    assert check(data) == []


def test_card_over_shoe():
    data = clean()
    data["shoe"]["decks"] = 1
    data["seats"][1]["hands"][0]["cards"] = ["5C", "6D", "QH"]  # 21, and QH is seat 1's
    finding = only(check(data))
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


def test_dealer_hits_soft_17():
    """PLAY 21 1 fixes the soft 17 rule: the dealer hits it."""
    stood = one_seat("AS 6H", "TS 8H", [hand("TS 8H", "25")])
    finding = only(check(stood))
    assert finding.code == "dealer_drew_wrongly"
    assert finding.message == "the dealer stood on soft 17 (AS 6H); the rule is to draw"
    assert finding.rule == str(R.R_SOFT_17)
    hit = one_seat("AS 6H 2C", "TS 8H", [hand("TS 8H", "-25")])  # soft 19 beats 18
    assert check(hit) == []


def test_a_dealer_drawing_when_every_hand_is_bust_is_only_a_house_procedure():
    busted = [hand("TS 6H 9C", "-25")]
    assert check(one_seat("KS 5H", "TS 6H", busted)) == []
    drew = one_seat("KS 5H 2C", "TS 6H", busted)
    assert check(drew) == []  # PLAY 21 5 says nothing of it: the literal reading
    finding = only(
        check(drew, rules(AnteUp21({"dealer_draw_with_no_live_hand": "house_procedure"})))
    )
    assert (finding.code, finding.severity) == ("dealer_drew_needlessly", "warning")
    assert "every hand was already bust" in finding.message


def test_a_poker_bet_makes_the_dealer_complete():
    """PLAY 21 5: all hands bust but a poker BET: the dealer completes his hand."""
    wagers = {"main": "25", "ante": "10", "bet": "10"}
    busted = [hand("TS 6H 9C", "-25")]
    # K-5 stood on 15; T-9 high is the best two of T 6 9, losing to K-high
    stood = one_seat("KS 5H", "TS 6H", busted, wagers, {"ante": "-10", "bet": "-10"}, "bet")
    finding = only(check(stood))
    assert finding.code == "dealer_drew_wrongly"
    assert finding.message == "the dealer stood on hard 15 (KS 5H); the rule is to draw"
    assert finding.rule == str(R.R_DEALER_COMPLETES)
    drew = one_seat("KS 5H 3C", "TS 6H", busted, wagers, {"ante": "-10", "bet": "-10"}, "bet")
    assert check(drew) == []
