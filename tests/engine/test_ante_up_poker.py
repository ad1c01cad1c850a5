"""Ante Up 21 (001_763f04d33639373a.txt), section PLAY POKER: the two-card poker hands.

Rules are named by section and bullet, as in games/engine/ante_up_rules.py.
"""

from __future__ import annotations

from decimal import Decimal

from games.engine import ante_up_rules as R
from games.engine.ante_up import AnteUp21, poker_key, poker_outcome, qualifies, split_results
from games.engine.blackjack import PlayerHand
from games.engine.cards import parse_cards

D = Decimal
GAME = AnteUp21()
FIRST_TWO = AnteUp21({"poker_hand": "first_two"})


def c(text: str) -> tuple[int, ...]:
    return parse_cards(text.split())


def h(text: str) -> PlayerHand:
    return PlayerHand(c(text))


def seat(player: str, dealer: str, wagers: dict, hands=None, game=GAME):
    hands = hands or (h(player),)
    results = game.settle_seat(c(player)[:2], hands, c(dealer), wagers, "bet")
    return split_results(results)


# -- PLAY POKER --------------------------------------------------------------------------------


def test_play_poker_best_two_card_hand_of_the_whole_hand():
    wagers = {"main": "5", "ante": "5", "bet": "5"}
    _, other = seat("KS 9H", "5S 9D 5D", wagers)  # the dealer's draw makes a pair of fives
    assert other["ante"].outcome == "lose"
    assert other["ante"].source == GAME.poker_source()  # the reading decided it
    _, other = seat("KS 9H", "5S 9D 5D", wagers, game=FIRST_TWO)  # 9-high does not qualify
    assert other["ante"].outcome == "dealer_not_qualified"
    assert poker_key(c("2S 5H 5D 9C")) == (1, 5, 0)
    assert GAME.poker_source().document.startswith("rule-version parameter poker_hand")


def test_play_poker_1_dealer_qualifies_with_queen_high():
    assert qualifies(poker_key(c("QS 2H"))) and qualifies(poker_key(c("2S 2H")))
    assert not qualifies(poker_key(c("JS 9H")))
    assert qualifies(poker_key(c("AS 2H")))  # the ace is high


def test_play_poker_2_dealer_not_qualified_ante_wins_bet_pushes():
    _, other = seat("2S 3H", "JS 9D", {"main": "5", "ante": "5", "bet": "5"})
    assert (other["ante"].net, other["bet"].net) == (D(5), D(0))
    assert other["ante"].source == R.R_NOT_QUALIFIED


def test_play_poker_3_pairs_and_high_cards_only():
    suited_connectors = poker_key(c("9S TS"))
    assert suited_connectors < poker_key(c("KH 2D"))  # no flush, no straight
    assert poker_key(c("2S 2H")) > poker_key(c("AS KS"))  # a pair beats high cards
    assert poker_key(c("9S 9H")) > poker_key(c("8S 8H"))
    assert poker_key(c("KS 9H")) > poker_key(c("KH 8D")) > poker_key(c("QS JH"))
    assert poker_outcome(poker_key(c("KS 9H")), poker_key(c("KH 8D")), False)[0] == "win"


def test_play_poker_4_split_hand_uses_only_the_first_two_cards():
    hands = (h("8S 8D 8C"), h("8H 2C 9D"))
    player = GAME.player_poker_cards(c("8S 8H"), hands)
    assert player == c("8S 8H")
    assert GAME.player_poker_cards(c("KS 9H"), (h("KS 9H 9C"),)) == c("KS 9H 9C")
    _, other = seat("8S 8H", "KD 9C", {"main": "5", "ante": "5", "bet": "5"}, hands=hands)
    assert other["ante"].outcome == "win"  # pair of eights against king high


def test_play_poker_5_dealer_natural_ante_by_comparison_bet_pushes():
    wagers = {"main": "5", "ante": "5", "bet": "5"}
    for player, outcome, ante in (
        ("2S 2H", "dealer_natural_win", 5),
        ("AH KS", "dealer_natural_tie", 0),
        ("KH QS", "dealer_natural_lose", -5),
    ):
        _, other = seat(player, "AS KD", wagers)
        assert (other["ante"].outcome, other["ante"].net, other["bet"].net) == (outcome, ante, 0)
        assert other["ante"].source in (R.R_DEALER_NATURAL, R.R_TIE)


def test_play_poker_6_ties_push():
    _, other = seat("KS 9H", "KD 9C", {"main": "5", "ante": "5", "bet": "5"})
    assert (other["ante"].net, other["bet"].net, other["ante"].outcome) == (0, 0, "tie")
    assert other["ante"].source == R.R_TIE
