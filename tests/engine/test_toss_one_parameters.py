"""The open points of the Toss One 21 documents, each a rule-version parameter."""

from decimal import Decimal

import pytest

from games.engine.cards import parse_cards
from games.engine.parameters import ParameterError
from games.engine.toss_one import TossOne21
from games.engine.toss_one_rules import PAYTABLES

LUCKY3_1 = PAYTABLES[("lucky3", "1")]


def cards(text):
    return parse_cards(text.split())


def main_outcome(game, player, dealer):
    return game.main_outcome(game.best_hand(cards(player)), game.best_hand(cards(dealer)))


def test_defaults_are_the_literal_reading():
    assert TossOne21().params == {
        "kicker_ace": "high",
        "kicker_tens": "equal",
        "dealer_three_card_blackjack": "ordinary_21",
        "lucky3_hand": "kept",
        "payout_rounding": "down_to_cent",
    }


def test_unknown_or_disallowed_parameter_is_refused():
    with pytest.raises(ParameterError, match="unknown"):
        TossOne21({"kicker": "high"})
    with pytest.raises(ParameterError, match="not allowed"):
        TossOne21({"kicker_ace": "middle"})


@pytest.mark.parametrize("reading, outcome", [("high", "kicker_win"), ("low", "kicker_loss")])
def test_kicker_ace_high_or_low(reading, outcome):
    # player 7+7+7 = 21 tossing the ace; dealer 9+9+3 = 21 tossing a 5
    game = TossOne21({"kicker_ace": reading})
    assert main_outcome(game, "AS 7S 7H 7D", "9S 9H 3D 5C")[0] == outcome


@pytest.mark.parametrize("reading, outcome", [("equal", "full_tie"), ("ranked", "kicker_win")])
def test_kicker_tens_equal_or_ranked(reading, outcome):
    game = TossOne21({"kicker_tens": reading})
    # both 20 (ten-value + 8 + 2); the player keeps a king as kicker, the dealer a jack
    assert main_outcome(game, "TS 8H 2D KC", "JH 8D 2C TS")[0] == outcome


@pytest.mark.parametrize(
    "reading, outcome", [("ordinary_21", "kicker_win"), ("beats_21", "dealer_three_card_blackjack")]
)
def test_dealer_ace_and_two_tens(reading, outcome):
    game = TossOne21({"dealer_three_card_blackjack": reading})
    # player 7+7+7 kicker 9 against dealer A+K+Q kicker 2
    outcome_, source = main_outcome(game, "7S 7H 7D 9C", "AH KS QC 2D")
    assert outcome_ == outcome
    if reading == "beats_21":
        assert "dealer_three_card_blackjack" in source.document


def test_lucky3_hand_kept_or_best_21_with_ranked_tens():
    # A♠ K♠ J♠ Q♥: ranked tens keep the king as the kicker, leaving A♠ J♠ Q♥ (other blackjack)
    hand = cards("AS KS JS QH")
    kept = TossOne21({"kicker_tens": "ranked", "lucky3_hand": "kept"})
    best = TossOne21({"kicker_tens": "ranked", "lucky3_hand": "best_21"})
    assert kept.lucky3_outcome(hand, kept.best_hand(hand), LUCKY3_1) == "other_blackjack"
    assert best.lucky3_outcome(hand, best.best_hand(hand), LUCKY3_1) == "suited_blackjack"


def test_lucky3_kept_with_equal_tens_picks_the_best_paying_equal_hand():
    hand = cards("AS KS JS QH")
    game = TossOne21()
    assert game.lucky3_outcome(hand, game.best_hand(hand), LUCKY3_1) == "suited_blackjack"


def test_recorded_toss_decides_lucky3_when_it_is_a_correct_toss():
    game = TossOne21()
    hand = cards("AS KS JS QH")
    tables = {"lucky3": LUCKY3_1, "bonus4": PAYTABLES[("bonus4", "1")]}
    stakes = {"main": Decimal("10"), "lucky3": Decimal("1")}
    results = game.settle_seat(hand, cards("2S 3H 4D 5C"), stakes, "3:2", tables, player_toss=1)
    lucky3 = next(r for r in results if r.key == "lucky3")
    assert lucky3.outcome == "other_blackjack"  # A♠ J♠ Q♥ kept


@pytest.mark.parametrize(
    "rounding, expected", [("down_to_cent", "0.06"), ("half_up_to_cent", "0.06")]
)
def test_payout_rounding_6_5_on_a_nickel(rounding, expected):
    game = TossOne21({"payout_rounding": rounding})
    tables = {"lucky3": LUCKY3_1, "bonus4": PAYTABLES[("bonus4", "1")]}
    results = game.settle_seat(
        cards("AS KH QD 5C"), cards("9S 9H 3D 2C"), {"main": Decimal("0.05")}, "6:5", tables
    )
    assert results[0].net == Decimal(expected)


def test_payout_rounding_differs_on_odd_cents():
    tables = {"lucky3": LUCKY3_1, "bonus4": PAYTABLES[("bonus4", "1")]}
    args = (cards("AS KH QD 5C"), cards("9S 9H 3D 2C"), {"main": Decimal("0.09")}, "6:5", tables)
    down = TossOne21({"payout_rounding": "down_to_cent"}).settle_seat(*args)[0].net
    up = TossOne21({"payout_rounding": "half_up_to_cent"}).settle_seat(*args)[0].net
    assert (down, up) == (Decimal("0.10"), Decimal("0.11"))  # exact 0.108
