"""Ante Up 21, Poker Bonus Edition (001_763f04d33639373a.txt): one test per rule at least.

Rules are named by section and bullet, as in games/engine/ante_up_rules.py.
"""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.engine import ante_up_rules as R
from games.engine.ante_up import (
    AnteUp21,
    bonus_category,
    split_results,
)
from games.engine.ante_up_wagers import wager_violations
from games.engine.blackjack import PlayerHand
from games.engine.blackjack_play import analyse_hands
from games.engine.cards import parse_cards
from games.engine.parameters import ParameterError
from games.engine.paytables import make_paytable
from games.engine.sources import ANTE_UP_RULES

D = Decimal
GAME = AnteUp21()
FIRST_TWO = AnteUp21({"poker_hand": "first_two"})
TABLE = R.PAYTABLES[("poker_bonus", "1")]


def c(text: str) -> tuple[int, ...]:
    return parse_cards(text.split())


def h(text: str, doubled: bool = False) -> PlayerHand:
    return PlayerHand(c(text), doubled)


def seat(player: str, dealer: str, wagers: dict, poker="bet", hands=None, game=GAME):
    hands = hands or (h(player),)
    first_two = c(player)[:2]
    results = game.settle_seat(first_two, hands, c(dealer), wagers, poker)
    return split_results(results)


def violations(wagers: dict, poker="bet", up="7D", game=GAME) -> list[str]:
    return [v.code for v in wager_violations(game, wagers, poker, c(up)[0])]


# -- POKER BONUS ------------------------------------------------------------------------


def test_poker_bonus_1_fixed_stake_of_one_dollar():
    assert violations({"main": "5", "ante": "5", "bet": "5", "poker_bonus": "1.00"}) == []
    codes = violations({"main": "5", "ante": "5", "bet": "5", "poker_bonus": "5"})
    assert codes == ["poker_bonus_not_fixed_stake"]
    with pytest.raises(ParameterError):
        AnteUp21({"poker_bonus_stake": "5.00"})


def test_poker_bonus_2_only_the_first_two_cards():
    wagers = {"main": "5", "ante": "5", "bet": "5", "poker_bonus": "1"}
    _, other = seat("7S 7H", "9D TC", wagers, hands=(h("7S 7H 7C"),))
    assert (other["poker_bonus"].outcome, other["poker_bonus"].net) == ("pair", D(10))
    _, other = seat("7S 2H", "9D TC", wagers, hands=(h("7S 2H 7C"),))
    assert other["poker_bonus"].net == D(-1)


def test_poker_bonus_3_up_card_makes_three_of_a_kind_not_pairs():
    assert bonus_category(c("7S 7H"), c("7D")[0]) == "three_of_a_kind"
    assert bonus_category(c("7S 2H"), c("7D")[0]) is None
    wagers = {"main": "5", "ante": "5", "bet": "5", "poker_bonus": "1"}
    _, other = seat("7S 7H", "7D TC", wagers)
    assert (other["poker_bonus"].outcome, other["poker_bonus"].net) == ("three_of_a_kind", D(30))
    _, other = seat("7S 2H", "7D TC", wagers)
    assert other["poker_bonus"].outcome == "no_hand"
    assert other["poker_bonus"].source == R.R_PB_FIRST_TWO


def test_poker_bonus_suited_three_of_a_kind_and_fallback():
    assert bonus_category(c("7S 7S"), c("7S")[0]) == "suited_three_of_a_kind"
    result = GAME.settle_poker_bonus(D(1), c("7S 7S"), c("7S")[0], TABLE)
    assert (result.outcome, result.net) == ("suited_three_of_a_kind", D(100))
    only_trips = make_paytable(
        "poker_bonus", "x", {"three_of_a_kind": "25 to 1"}, TABLE.source, R.POKER_BONUS_OUTCOMES
    )
    result = GAME.settle_poker_bonus(D(1), c("7S 7S"), c("7S")[0], only_trips)
    assert (result.outcome, result.net) == ("three_of_a_kind", D(25))
    result = GAME.settle_poker_bonus(D(1), c("7S 7H"), c("2S")[0], only_trips)
    assert result.net == D(-1)  # this table does not pay pairs
    assert TABLE.illustrative and "ILLUSTRATIVE" in str(TABLE.source)


def test_poker_bonus_4_must_play_the_poker_portion():
    assert violations({"main": "5", "poker_bonus": "1"}, poker=None) == [
        "poker_bonus_without_poker"
    ]
    folded = {"main": "5", "ante": "5", "poker_bonus": "1"}
    assert violations(folded, poker="fold") == []  # default: placing the ANTE is playing
    strict = AnteUp21({"poker_bonus_requires": "bet"})
    assert violations(folded, poker="fold", game=strict) == ["poker_bonus_without_poker"]


# -- INITIAL BET -------------------------------------------------------------------------


def test_initial_bet_two_bets_each_settled():
    hands, other = seat("TS 9H", "TD 7C", {"main": "10", "ante": "5", "bet": "5"})
    assert [r.net for r in hands] == [D(10)]
    assert set(other) == {"ante", "bet"}


def test_initial_bet_1_both_spots_to_play_poker():
    assert violations({"ante": "5", "bet": "5"}) == ["ante_without_21"]


def test_initial_bet_2_ante_may_not_exceed_21_bet():
    assert violations({"main": "5", "ante": "10", "bet": "10"}) == ["ante_above_21"]


def test_initial_bet_3_21_bet_may_exceed_ante():
    assert violations({"main": "25", "ante": "5", "bet": "5"}) == []


# -- DEAL AND BET POKER ---------------------------------------------------------------------


def test_deal_and_bet_poker_1_a_bet_is_placed_to_play():
    _, other = seat("KS KH", "QD 2C 5S", {"main": "5", "ante": "5", "bet": "5"})
    assert (other["bet"].outcome, other["bet"].net) == ("win", D(5))


def test_deal_and_bet_poker_2_bet_equals_ante():
    assert violations({"main": "5", "ante": "5", "bet": "4"}) == ["bet_not_equal_ante"]
    assert violations({"main": "5", "ante": "5"}, poker="bet") == ["bet_not_equal_ante"]
    assert violations({"main": "5", "ante": "5", "bet": "5"}, poker="fold") == ["bet_after_fold"]
    assert violations({"main": "5", "bet": "5"}) == ["bet_without_ante"]


def test_deal_and_bet_poker_3_fold_forfeits_ante():
    hands, other = seat("2S 3H", "9D 2C 8S", {"main": "5", "ante": "5"}, poker="fold")
    assert (other["ante"].net, other["ante"].outcome) == (D(-5), "fold")
    assert "bet" not in other and hands[0].outcome == "lower_total"


def test_deal_and_bet_poker_4_dealer_checks_for_a_natural_after_decisions():
    with pytest.raises(ParameterError):
        AnteUp21({"dealer_peeks": False})
    [result] = GAME.settle_main([h("5S 6H 9C", doubled=True)], c("AS KD"), D(10))
    assert result.net == D(-10)  # only the original 21 bet is lost


# -- PLAY 21 ---------------------------------------------------------------------------------


def test_play_21_1_dealer_must_hit_soft_17():
    err = GAME.check_dealer(c("AS 6H"))
    assert (err.index, err.drew) == (2, False) and err.source == R.R_SOFT_17
    assert GAME.check_dealer(c("AS 6H 4C")) is None
    with pytest.raises(ParameterError):
        AnteUp21({"dealer_hits_soft_17": False})


def test_play_21_2_insurance_on_the_21_bet_only():
    assert violations({"main": "10", "insurance": "5"}, up="AS") == []
    codes = violations({"main": "10", "insurance": "6"}, up="AS")
    assert codes == ["insurance_above_half"]
    assert violations({"main": "10", "insurance": "5"}, up="KS") == ["insurance_not_offered"]
    _, other = seat("TS 9H", "AD KC", {"main": "10", "insurance": "5"})
    assert (other["insurance"].net, other["insurance"].source) == (D(10), R.R_INSURANCE)


def test_play_21_3_no_surrender():
    result = analyse_hands(GAME, c("TS 6H"), [PlayerHand(c("TS 6H"), surrendered=True)])
    assert result.codes() == ["surrender_not_allowed"]
    assert result.violations[0].source == R.R_NO_SURRENDER
    with pytest.raises(ParameterError):
        AnteUp21({"surrender": "late"})


def test_play_21_4_busted_hand_remains_in_play_for_poker():
    wagers = {"main": "5", "ante": "5", "bet": "5"}
    busted, other = seat("KS 5H", "QD 7C", wagers, hands=(h("KS 5H KD"),))
    assert busted[0].outcome == "player_bust"
    assert other["ante"].outcome == "win" and other["bet"].net == D(5)  # pair of kings


def test_play_21_5_dealer_completes_when_all_bust_but_a_poker_bet():
    busted = [[h("KS 5H KD")]]
    assert not GAME.dealer_must_complete(busted)
    assert GAME.dealer_must_complete(busted, poker_bets=True)
    err = GAME.check_dealer(c("TS 4H"), must_complete=True)
    assert (err.index, err.drew) == (2, False)
    err = GAME.check_dealer(c("TS 4H 3C"), must_complete=False)
    assert err.drew and err.source == R.R_DEALER_COMPLETES


# -- the seat --------------------------------------------------------------------------------


def test_settle_seat_returns_hands_first_in_order():
    hands = (h("8S 3C TD"), h("8H KC"))
    results = GAME.settle_seat(
        c("8S 8H"), hands, c("TS 7D"), {"main": "5", "ante": "5", "bet": "5"}, "bet"
    )
    assert [r.key for r in results] == ["main", "main", "ante", "bet"]
    assert [r.net for r in results[:2]] == [D(5), D(5)]


def test_options_apply_per_round():
    results = GAME.settle_seat(
        c("AS KH"),
        (h("AS KH"),),
        c("TS 7D"),
        {"main": "10"},
        None,
        options={"blackjack_pays": "6:5", "poker_bonus_paytable": "1"},
    )
    assert results[0].net == D(12)
    assert GAME.params["blackjack_pays"] == "3:2"


def test_every_source_cites_the_document():
    for name in dir(R):
        if name.startswith("R_"):
            assert getattr(R, name).document == ANTE_UP_RULES
    assert {p.name for p in R.PARAMETERS} >= {"poker_hand", "poker_bonus_requires"}
    assert TABLE.entries["three_of_a_kind"] == 30


@given(
    st.lists(st.integers(0, 51), min_size=6, max_size=6, unique=True),
    st.permutations(range(4)),
    st.sampled_from(["bet", "fold"]),
)
def test_seat_settlement_ignores_suits_except_poker_bonus(cards, perm, decision):
    swap = lambda cs: tuple(x // 4 * 4 + perm[x % 4] for x in cs)  # noqa: E731
    player, dealer = tuple(cards[:2]) + (cards[4],), tuple(cards[2:4]) + (cards[5],)
    wagers = {"main": "5", "ante": "5", "bet": "5" if decision == "bet" else "0"}

    def settle(p, d):
        res = GAME.settle_seat(p[:2], (PlayerHand(p),), d, wagers, decision)
        return [(r.key, r.net, r.outcome) for r in res]

    assert settle(player, dealer) == settle(swap(player), swap(dealer))
