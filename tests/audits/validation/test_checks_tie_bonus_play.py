"""Blackjack with tie bonus round checks (audits/validation/games/tie_bonus/checks.py), a golden
example per code: clean rounds, options, shoe and card counts, the player's actions and the
dealer's.
"""

from __future__ import annotations

import pytest

from games.engine import tie_bonus_rules as R
from games.engine.tie_bonus import TieBonusBlackjack
from tests.audits.validation.blackjack_support import D, hand, seat, summary
from tests.audits.validation.tie_bonus_support import check, clean, one_seat, only, round_, rules

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


def test_the_shoe_size_is_no_longer_the_checks_business():
    """Setup 5's 6 or 8 decks are the rule version's decks_allowed, judged with the
    authorization before the round is settled (tests/games/test_selectors.py)."""
    data = clean()
    data["shoe"]["decks"] = 2
    assert check(data) == []


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
    assert "Hand log format v1, § Games of the blackjack family" in finding.rule


def test_hands_inconsistent():
    data = clean()
    data["seats"][3]["hands"][1] = hand("7H TH", "-20")  # begins with no split card
    finding = only(check(data))
    assert (finding.code, finding.seat, finding.key) == ("hands_inconsistent", 4, "main")


# -- player actions ----------------------------------------------------------------------------


def test_split_not_allowed_unlike_tens():
    hands = [hand("KS 9C", "0"), hand("QH TH", "20")]  # 19 pushes; 20 beats 19
    data = one_seat("9D TC", "KS QH", hands)
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
    assert finding.message == "hands[0]: a doubled hand takes exactly one card; it took 0"


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
    data = one_seat("9D TC", "AS AH", hands)
    finding = only(check(data))
    assert (finding.code, finding.seat, finding.key) == ("hit_split_aces", 1, "main")


# -- the dealer: soft 17 both ways -------------------------------------------------------------

STANDS_ON_SOFT_17 = rules(TieBonusBlackjack({"dealer_hits_soft_17": False}))
HITS_SOFT_17 = rules(TieBonusBlackjack({"dealer_hits_soft_17": True}))


def test_dealer_stands_on_soft_17():
    stood = one_seat("AS 6H", "TS 8H", [hand("TS 8H", "20")])  # 18 beats 17
    assert check(stood, STANDS_ON_SOFT_17) == []
    hit = one_seat("AS 6H 2C", "TS 8H", [hand("TS 8H", "-20")])  # soft 19 beats 18
    finding = only(check(hit, STANDS_ON_SOFT_17))
    assert finding.code == "dealer_drew_wrongly"
    assert finding.message == "the dealer drew 2C to soft 17 (AS 6H); the rule is to stand"
    assert "dealer_hits_soft_17=False" in finding.rule


def test_dealer_hits_soft_17():
    hit = one_seat("AS 6H 2C", "TS 8H", [hand("TS 8H", "-20")])
    assert check(hit, HITS_SOFT_17) == []
    stood = one_seat("AS 6H", "TS 8H", [hand("TS 8H", "20")])
    finding = only(check(stood, HITS_SOFT_17))
    assert (finding.code, finding.seat, finding.key) == ("dealer_drew_wrongly", None, "")
    assert finding.message == "the dealer stood on soft 17 (AS 6H); the rule is to draw"
    assert "dealer_hits_soft_17=True" in finding.rule


def test_a_dealer_drawing_with_no_live_hand_is_a_house_procedure_not_a_rule():
    natural = [hand("AS KD", "30")]  # a paid natural leaves nothing to play against
    assert check(one_seat("5D TC", "AS KD", natural)) == []
    drew = one_seat("5D TC 4H", "AS KD", natural)
    assert check(drew) == []  # no document says he stands: not reported by default
    house = rules(TieBonusBlackjack({"dealer_draw_with_no_live_hand": "house_procedure"}))
    finding = only(check(drew, house))
    assert (finding.code, finding.severity) == ("dealer_drew_needlessly", "warning")
    assert "dealer_draw_with_no_live_hand=house_procedure" in finding.rule
    assert "no settlement changes" in finding.message


def test_dealer_not_judged_when_a_seat_hands_are_unknown():
    """No known live hand, but a seat whose hands are missing: its hand may have been
    live, so the dealer's draw is not judged (the missing hands are the finding)."""
    data = round_(
        seat(1, "AS KD", {"main": "20"}, {}, [hand("AS KD", "30")]),
        seat(2, "TS 6H", {"main": "20"}, {}),
        dealer="5D TC 4H",
    )
    assert summary(check(data)) == [("wrong_card_count", 2, "main", None, None)]
