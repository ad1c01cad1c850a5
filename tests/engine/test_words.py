"""Hands and outcomes in words: what the round view and the report read instead of keys."""

from __future__ import annotations

from games.engine.blackjack import BlackjackRules
from games.engine.cards import parse_cards
from games.engine.toss_one import TossOne21
from games.engine.words import outcome_has_words, outcome_in_words


def test_a_toss_one_hand_reads_as_its_three_cards_total_and_the_card_tossed():
    engine = TossOne21()
    cards = parse_cards(["TS", "7D", "4C", "9H"])
    assert engine.hand_in_words(cards) == "three-card 21, Nine tossed"
    assert engine.hand_in_words(cards, 2) == "bust: no three cards make 21 or less"
    assert engine.hand_in_words(parse_cards(["AS", "KD", "QC", "2H"])) == (
        "a three-card blackjack, Two tossed"
    )
    assert engine.hand_in_words(parse_cards(["TS", "KD", "QC", "JH"])).startswith("bust")


def test_a_blackjack_hand_reads_soft_hard_natural_or_bust():
    hand = BlackjackRules.hand_in_words
    assert hand(parse_cards(["AS", "6D"])) == "soft 17"
    assert hand(parse_cards(["TS", "QD"])) == "20"
    assert hand(parse_cards(["AS", "KD"])) == "blackjack"
    assert hand(parse_cards(["AS", "KD"]), n_hands=2) == "soft 21"
    assert hand(parse_cards(["TS", "QD", "5C"])) == "bust (25)"


def test_an_outcome_reads_in_words_and_side_wagers_read_their_own():
    assert outcome_in_words("higher_total") == "the player's higher total wins"
    assert outcome_in_words("dealer_blackjack", "main") == "the dealer's natural wins"
    assert outcome_in_words("dealer_blackjack", "insurance") == (
        "the dealer has a natural: insurance wins"
    )
    assert (
        outcome_in_words("player_blackjack", "tie_left") == "the player's natural: tie wagers lose"
    )
    assert outcome_in_words("total_12", "bonus4") == "all four cards total 12"
    assert outcome_in_words("tie_on_19", "tie_20") == "a tie on 19, not this wager's"
    assert outcome_in_words("a_new_key") == "a new key" and not outcome_has_words("a_new_key")
