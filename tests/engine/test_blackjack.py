"""The blackjack family core: totals, dealer drawing, action inference, settlement."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.engine.blackjack import (
    BlackjackRules,
    PlayerHand,
    hand_total,
    is_bust,
    is_natural,
)
from games.engine.blackjack_play import analyse_hands
from games.engine.blackjack_rules import CORE_PARAMETERS, HOUSE_RULES
from games.engine.blackjack_sim import main_sheet, simulate
from games.engine.cards import parse_cards
from games.engine.parameters import ParameterError
from games.engine.parsheet import SIMULATION


def c(text: str) -> tuple[int, ...]:
    return parse_cards(text.split())


def h(text: str, doubled: bool = False, surrendered: bool = False) -> PlayerHand:
    return PlayerHand(c(text), doubled, surrendered)


TEN = Decimal("10")


# -- totals ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "cards, total, soft",
    [
        ("AS 6D", 17, True),
        ("AS 6D KC", 17, False),
        ("AS AD", 12, True),
        ("AS AD 9C", 21, True),
        ("KS QD 5C", 25, False),
        ("5S 6H", 11, False),
    ],
)
def test_hand_total(cards, total, soft):
    assert hand_total(c(cards)) == (total, soft)


def test_natural_and_bust():
    assert is_natural(c("AS KD")) and is_natural(c("TH AC"))
    assert not is_natural(c("AS 5D 5C")) and not is_natural(c("KS QD"))
    assert is_bust(c("KS QD 2C")) and not is_bust(c("AS AD KC 9H"))


@given(st.lists(st.integers(0, 51), min_size=2, max_size=8))
def test_total_is_the_best_count(cards):
    total, soft = hand_total(cards)
    hard = sum(min(card // 4 + 1, 10) for card in cards)
    assert total == (hard + 10 if soft else hard)
    assert not soft or total <= 21


# -- dealer ----------------------------------------------------------------------------


def test_dealer_stands_on_17_and_draws_to_16():
    rules = BlackjackRules()
    assert rules.check_dealer(c("TS 7H")) is None
    assert rules.check_dealer(c("5S 6H 2C 3D 4S")) is None
    err = rules.check_dealer(c("TS 6H"))
    assert (err.index, err.drew, err.total) == (2, False, 16)
    err = rules.check_dealer(c("TS 7H 2C"))
    assert (err.index, err.drew, err.total) == (2, True, 17)
    err = rules.check_dealer(c("5S 6H 2C 3D"))
    assert (err.index, err.drew) == (4, False)
    assert err.source.document == HOUSE_RULES


def test_dealer_soft_17_stands_when_rule_says_stand():
    rules = BlackjackRules({"dealer_hits_soft_17": False})
    assert rules.check_dealer(c("AS 6H")) is None
    assert rules.check_dealer(c("AS 2H 4C")) is None
    err = rules.check_dealer(c("AS 6H 4C"))
    assert (err.index, err.drew, err.soft) == (2, True, True)
    assert "dealer_hits_soft_17=False" in str(err.source)


def test_dealer_soft_17_hits_when_rule_says_hit():
    rules = BlackjackRules({"dealer_hits_soft_17": True})
    assert rules.check_dealer(c("AS 6H 4C")) is None
    err = rules.check_dealer(c("AS 6H"))
    assert (err.index, err.drew) == (2, False)
    err = rules.check_dealer(c("AS 2H 4C"))  # soft 17 after a draw
    assert (err.index, err.drew) == (3, False)
    assert rules.check_dealer(c("AS 6H TC")) is None  # hard 17 after hitting soft 17


def test_dealer_stands_when_no_hand_needs_completing():
    rules = BlackjackRules()
    assert rules.check_dealer(c("TS 4H"), must_complete=False) is None
    err = rules.check_dealer(c("TS 4H 3C"), must_complete=False)
    assert (err.index, err.drew) == (2, True)
    with pytest.raises(ValueError):
        rules.check_dealer(c("TS"))


def test_dealer_must_complete_only_for_live_hands():
    rules = BlackjackRules()
    assert not rules.dealer_must_complete([[h("TS 6H 9C")], [h("AS KD")]])
    assert rules.dealer_must_complete([[h("TS 6H 9C")], [h("TS 7D")]])
    assert rules.dealer_must_complete([[h("AS KD"), h("AH 5C")]])  # split 21 is not a natural
    assert not rules.dealer_must_complete([[h("TS 6H", surrendered=True)]])


# -- settlement ---------------------------------------------------------------------------


def settle(player: PlayerHand | tuple, dealer: str, **params):
    hands = player if isinstance(player, tuple) else (player,)
    return BlackjackRules(params).settle_main(hands, c(dealer), TEN)


def test_bust_loses_even_when_dealer_busts():
    [result] = settle(h("TS 6H 8C"), "TS 6D 9C")
    assert (result.net, result.outcome) == (-TEN, "player_bust")


@pytest.mark.parametrize("pays, net", [("3:2", "15"), ("6:5", "12")])
def test_natural_pays_blackjack_pays(pays, net):
    [result] = settle(h("AS KH"), "TS 7D", blackjack_pays=pays)
    assert (result.net, result.outcome) == (Decimal(net), "blackjack")


def test_naturals_push_and_dealer_natural_beats_21():
    assert settle(h("AS KH"), "AD TC")[0].net == 0
    [result] = settle(h("7S 7H 7C"), "AS KD")
    assert (result.net, result.outcome) == (-TEN, "dealer_blackjack")


def test_dealer_natural_with_peek_takes_the_original_stake_only():
    [result] = settle(h("5S 6H 9C", doubled=True), "AS KD")
    assert (result.stake, result.net) == (Decimal(20), -TEN)
    assert "dealer_peeks=True" in str(result.source)
    first, second = settle((h("8S 3C"), h("8H KC")), "AS KD")
    assert (first.net, second.net, second.outcome) == (-TEN, 0, "void_after_dealer_blackjack")
    assert "dealer_peeks" in str(second.source) and "void" in str(second.source)
    assert "dealer_peeks" not in str(first.source)  # a hand lost to the natural: its rule


def test_dealer_natural_without_peek_takes_every_stake():
    [result] = settle(h("5S 6H 9C", doubled=True), "AS KD", dealer_peeks=False)
    assert result.net == Decimal(-20)
    first, second = settle((h("8S 3C"), h("8H KC")), "AS KD", dealer_peeks=False)
    assert (first.net, second.net) == (-TEN, -TEN)


@pytest.mark.parametrize(
    "player, dealer, net, outcome",
    [
        ("TS QH", "9S TD", 10, "higher_total"),
        ("TS 8H", "9S 9D", 0, "push"),
        ("TS 7H", "9S TD", -10, "lower_total"),
        ("TS 6H", "TS 6D 9C", 10, "dealer_bust"),
    ],
)
def test_totals_compare(player, dealer, net, outcome):
    [result] = settle(h(player), dealer)
    assert (result.net, result.outcome) == (Decimal(net), outcome)


def test_doubled_hand_wins_twice():
    assert settle(h("5S 6H 9C", doubled=True), "TS 8D")[0].net == Decimal(20)


def test_split_ace_and_ten_is_21_not_blackjack():
    first, second = settle((h("AS KD"), h("AH 9C")), "TS 7D 3C")
    assert (first.net, first.outcome) == (TEN, "higher_total")
    assert second.outcome == "push"


def test_surrender_returns_half():
    [result] = settle(h("TS 6H", surrendered=True), "TS 7D", surrender="late")
    assert (result.net, result.outcome) == (Decimal(-5), "surrender")
    odd = BlackjackRules({"surrender": "late"}).settle_hand(
        h("TS 6H", surrendered=True), 0, 1, c("TS 7D"), Decimal("0.25")
    )
    assert odd.net == Decimal("-0.12")  # rounded toward zero (down_to_cent)


def test_insurance():
    rules = BlackjackRules()
    assert rules.settle_insurance(Decimal(5), c("AS KD")).net == TEN
    assert rules.settle_insurance(Decimal(5), c("AS 7D")).net == Decimal(-5)
    assert rules.insurance_violations(TEN, Decimal(5), c("AS")[0]) == []
    codes = [v.code for v in rules.insurance_violations(TEN, Decimal(6), c("KS")[0])]
    assert codes == ["insurance_not_offered", "insurance_above_half"]
    off = BlackjackRules({"insurance": False})
    assert off.insurance_violations(TEN, Decimal(5), c("AS")[0])[0].code == "insurance_not_offered"


def test_parameters_are_checked_and_sourced():
    assert {p.name for p in CORE_PARAMETERS} >= {"dealer_hits_soft_17", "max_split_hands"}
    with pytest.raises(ParameterError):
        BlackjackRules({"split_ace_21_is_blackjack": True})
    with pytest.raises(ParameterError):
        BlackjackRules({"blackjack_pays": "2:1"})
    rules = BlackjackRules().variant({"blackjack_pays": "6:5", "poker_bonus_paytable": "1"})
    assert rules.params["blackjack_pays"] == "6:5"


SUITS = st.permutations(range(4))


@given(
    st.lists(st.integers(0, 12), min_size=2, max_size=5),
    st.lists(st.integers(0, 12), min_size=2, max_size=5),
    st.lists(st.integers(0, 3), min_size=10, max_size=10),
    SUITS,
    st.booleans(),
)
def test_main_settlement_ignores_suits(player_ranks, dealer_ranks, suits, perm, doubled):
    player = [r * 4 + s for r, s in zip(player_ranks, suits, strict=False)]
    dealer = [r * 4 + s for r, s in zip(dealer_ranks, suits[5:], strict=False)]
    swap = lambda cards: tuple(card // 4 * 4 + perm[card % 4] for card in cards)  # noqa: E731
    rules = BlackjackRules()
    a = rules.settle_hand(PlayerHand(tuple(player), doubled), 0, 1, dealer, TEN)
    b = rules.settle_hand(PlayerHand(swap(player), doubled), 0, 1, swap(dealer), TEN)
    assert (a.net, a.outcome) == (b.net, b.outcome)


# -- simulator ------------------------------------------------------------------------------


def test_simulation_is_deterministic_and_follows_the_rules():
    rules = BlackjackRules({"dealer_hits_soft_17": True})
    rounds = list(simulate(rules, 6, 2000, seed=7))
    assert rounds == list(simulate(rules, 6, 2000, seed=7))
    assert rounds != list(simulate(rules, 6, 2000, seed=8))
    for first_two, hands, dealer in rounds:
        live = rules.dealer_must_complete((hands,)) and not is_natural(dealer[:2])
        assert rules.check_dealer(dealer, must_complete=live) is None
        assert analyse_hands(rules, first_two, hands).violations == []


def test_main_sheet_simulated():
    sheet = main_sheet(BlackjackRules(), 6, rounds=20_000, seed=1)
    assert sheet.method == SIMULATION and sheet.rounds == 20_000
    assert sheet.total_probability == 1
    low, high = sheet.ci95_return
    assert low < float(sheet.return_to_player) < high
    assert -0.02 < float(sheet.house_edge) < 0.03  # basic strategy: about 0.4%
    assert "basic strategy" in sheet.notes[0]
