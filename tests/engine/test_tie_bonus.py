"""Blackjack with tie bonus wagers (004_a9e458785fa10065.txt): every numbered rule.

The document's first numbered list is cited "setup N", the second "play N",
the "To Play" paragraph "intro".
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.engine import tie_bonus_rules as R
from games.engine.blackjack import PlayerHand
from games.engine.blackjack_play import analyse_hands
from games.engine.cards import parse_cards
from games.engine.paytables import make_paytable
from games.engine.results import WagerResult
from games.engine.sources import TIE_BONUS_RULES
from games.engine.tie_bonus import TieBonusBlackjack, aggregate_excess, category, tie_status

D = Decimal
GAME = TieBonusBlackjack()
TABLE = R.PAYTABLES[("tie_bonus", "1")]
ALL_TIES = {w: "1" for w in R.TIE_WAGERS}


def c(text: str) -> tuple[int, ...]:
    return parse_cards(text.split())


def h(text: str, doubled: bool = False) -> PlayerHand:
    return PlayerHand(c(text), doubled)


def settle(hands, dealer: str, wagers: dict, game=GAME, **kw) -> dict[str, WagerResult]:
    hands = hands if isinstance(hands, tuple) else (hands,)
    first_two = (hands[0].cards[0], hands[1].cards[0]) if len(hands) > 1 else hands[0].cards[:2]
    results = game.settle_seat(first_two, hands, c(dealer), wagers, **kw)
    out = {f"main{i}": r for i, r in enumerate(r for r in results if r.key == "main")}
    out.update({r.key: r for r in results if r.key != "main"})
    return out


def winners(results: dict[str, WagerResult]) -> set[str]:
    return {k for k, r in results.items() if k.startswith("tie_") and r.net > 0}


def codes(wagers: dict, up: str = "7D", game=GAME) -> list[str]:
    return [v.code for v in game.wager_violations(wagers, c(up)[0])]


def test_intro_half_the_main_bet_on_each_side():
    wagers = {"main": "100", "tie_17": "10", "tie_18": "10", "tie_19": "10", "tie_left": "20"}
    assert codes({**wagers, "tie_right": "50"}) == []
    assert codes({**wagers, "tie_left": "21"}) == ["left_side_above_half"]
    assert codes({"main": "100", "tie_blackjack": "50"}) == []
    assert codes({"main": "100", "tie_blackjack": "30", "tie_20": "21"}) == [
        "right_side_above_half"
    ]


def test_setup_1_primary_wager_mandatory():
    assert codes({"tie_18": "5"}) == ["bonus_without_primary"]
    assert codes({"main": "10"}) == []


def test_setup_2_dealer_up_card_first_hole_card_second():
    assert codes({"main": "10", "insurance": "5"}, up="AS") == []
    # the ace is the hole card: the up card (first) is a king, so no insurance was offered
    assert [
        v.code for v in GAME.wager_violations({"main": "10", "insurance": "5"}, c("KS AD")[0])
    ] == ["insurance_not_offered"]


def test_setup_3_hit_or_stand_as_in_conventional_blackjack():
    result = analyse_hands(GAME, c("TS 2H"), [h("TS 2H 3C 5D")])
    assert result.violations == []
    result = analyse_hands(GAME, c("TS 5H"), [h("TS 5H 9C 2D")])
    assert result.codes() == ["hit_after_bust"] and result.violations[0].source == R.R_PLAY


def test_setup_4_house_rules_are_parameters():
    source = {p.name: p.source for p in R.PARAMETERS}["dealer_hits_soft_17"]
    assert (source.document, source.rule) == (TIE_BONUS_RULES, "setup 4")
    h17 = TieBonusBlackjack({"dealer_hits_soft_17": True})
    assert h17.check_dealer(c("AS 6H")) is not None and GAME.check_dealer(c("AS 6H")) is None
    assert "Rules of Play, setup, rule 4" in str(GAME.cite("blackjack_pays"))


def test_setup_5_shoes_are_the_rule_versions_not_a_parameter():
    """One fact, one place: the rule version's decks_allowed (the registry checks it)."""
    assert "decks_allowed" not in {p.name for p in R.PARAMETERS}
    old = TieBonusBlackjack({"decks_allowed": (8,), "dealer_hits_soft_17": True})
    assert "decks_allowed" not in old.params and old.h17  # a stored older version still reads


def test_setup_6_any_aggregate():
    results = [WagerResult("tie_18", D(100), D(4500), "tie_18", R.R_SEVERAL, Fraction(45))]
    assert aggregate_excess(results, D(2000)) == D(2500)
    assert aggregate_excess(results, None) == 0


def test_setup_7_ls_covers_17_18_19_and_rs_20_21_blackjack():
    for player, dealer, total in (
        ("9S 8H", "TD 7C", "17"),
        ("9S 8H AS", "TD 8C", "18"),
        ("9S 8H 2S", "TD 9C", "19"),
    ):
        result = settle(h(player), dealer, {"main": "10", "tie_left": "1"})
        assert result["tie_left"].outcome == f"left_{total}" and result["tie_left"].net == 15
    result = settle(h("TS QH"), "KD QC", {"main": "10", "tie_right": "1", "tie_20": "1"})
    assert result["tie_right"].net == D(15) and result["tie_20"].net == D(25)


def test_play_1_primary_even_money_and_natural_per_house_rules():
    assert settle(h("TS 9H"), "TD 8C", {"main": "10"})["main0"].net == D(10)
    natural = settle(h("AS KH"), "TD 8C", {"main": "10"}, options={"blackjack_pays": "6:5"})
    assert natural["main0"].net == D(12) and natural["main0"].source == R.R_PRIMARY_PAYS


def test_play_2_tie_wins_the_bonus_and_pushes_the_primary():
    result = settle(h("TS 7H"), "9D 8C", {"main": "10", "tie_17": "2"})
    assert result["main0"].net == 0 and result["tie_17"].net == D(96)
    assert settle(h("AS KH"), "AD QC", {"main": "10"})["main0"].net == 0


def test_play_3_several_bonus_wagers_tie_18_pays_45_to_1():
    result = settle(h("TS 8H"), "9D 9C", {"main": "10", "tie_18": "1", "tie_21": "1"})
    assert result["tie_18"].net == D(45) and result["tie_21"].net == D(-1)
    assert result["tie_18"].source == R.R_SEVERAL  # the documented figure


def test_play_4_sides_win_only_on_an_exact_tie():
    result = settle(h("TS 8H"), "TD 7C", {"main": "10", "tie_left": "5"})
    assert result["tie_left"].net == D(-5) and result["tie_left"].outcome == "no_tie"


def test_play_5_limits_of_bonus_wagers():
    assert codes({"main": "10", "tie_left": "5", "tie_right": "5"}) == []
    assert codes({"main": "10", "tie_left": "6", "tie_right": "5"}) == [
        "left_side_above_half",
        "bonus_above_primary",
    ]
    assert codes({"main": "10", "tie_17": "4", "tie_20": "4", "tie_21": "3"}) == [
        "right_side_above_half",
        "bonus_above_primary",
    ]


def test_play_6_split_aces_first_hand_ten_is_21_not_blackjack():
    hands = (h("AS KD"), h("AH 9C"))
    result = settle(
        hands, "TS 5D 6C", {"main": "10", "tie_21": "1", "tie_right": "1", "tie_blackjack": "1"}
    )
    assert result["tie_21"].net == D(230) and result["tie_right"].net == D(50)
    assert result["tie_blackjack"].net == D(-1)
    assert category(c("AS KD"), natural_possible=False) == "21"


def test_play_7_both_blackjack_win_blackjack_and_rs():
    result = settle(h("AS KH"), "AD QC", {"main": "10", "tie_blackjack": "1", "tie_right": "1"})
    assert result["tie_blackjack"].net == D(350) and result["tie_right"].net == D(100)


def test_play_8_only_the_first_split_hand_decides():
    hands = (h("8S TD"), h("8H 9C"))
    result = settle(hands, "TS 8D", {"main": "10", "tie_17": "1", "tie_18": "1"})
    assert winners(result) == {"tie_18"}
    hands = (h("8S 9D"), h("8H TC"))
    assert winners(settle(hands, "TS 8D", {"main": "10", "tie_18": "1"})) == set()


def test_play_9_more_than_one_split_loses_all_bonus_wagers():
    hands = (h("8S TD"), h("8D 9C"), h("8H TC"))
    result = settle(hands, "TS 8D", {"main": "30", **ALL_TIES})
    assert winners(result) == set()
    assert result["tie_18"].outcome == "more_than_one_split"
    assert result["tie_18"].source == R.R_RESPLIT


def test_play_10_21_does_not_tie_blackjack():
    result = settle(h("7S 7H 7C"), "AD QC", {"main": "10", **ALL_TIES})
    assert winners(result) == set() and result["tie_21"].outcome == "21_against_blackjack"
    result = settle((h("AS KD"), h("AH 9C")), "AD QC", {"main": "10", **ALL_TIES})
    assert winners(result) == set()


def test_play_11_player_blackjack_against_non_blackjack_loses_all_bonuses():
    result = settle(h("AS KH"), "TD 5C 6S", {"main": "10", **ALL_TIES})
    assert winners(result) == set() and result["main0"].net == D(15)
    assert result["tie_21"].outcome == "player_blackjack"


def test_busted_hands_do_not_tie():
    result = settle(h("TS 6H 8C"), "TD 6C 8S", {"main": "10", **ALL_TIES})
    assert winners(result) == set() and result["tie_17"].outcome == "player_bust"


def test_an_outcome_missing_from_the_paytable_loses():
    table = make_paytable("tie_bonus", "x", {"tie_18": "45 to 1"}, TABLE.source, R.TIE_OUTCOMES)
    result = settle(
        h("TS 7H"), "9D 8C", {"main": "10", "tie_17": "1"}, paytables={"tie_bonus": table}
    )
    assert result["tie_17"].net == D(-1)


def test_paytable_is_illustrative_but_tie_18():
    assert TABLE.illustrative and TABLE.entries["tie_18"] == 45
    assert TABLE.source_of("tie_18") == R.R_SEVERAL
    assert "ILLUSTRATIVE" in str(TABLE.source_of("tie_17"))


def test_seat_lists_main_hands_first():
    results = GAME.settle_seat(
        c("8S 8H"),
        (h("8S TD"), h("8H 9C")),
        c("TS 8D"),
        {"main": "10", "tie_18": "1", "insurance": "0"},
    )
    assert [r.key for r in results] == ["main", "main", "tie_18"]


@pytest.mark.parametrize(
    "player, dealer, tied",
    [("TS 7H", "9D 8C", "17"), ("TS 7H", "9D 9C", None), ("AS KH", "AD QC", "blackjack")],
)
def test_tie_status(player, dealer, tied):
    assert tie_status((h(player),), c(dealer))[0] == tied


@given(
    st.lists(st.integers(0, 51), min_size=6, max_size=6, unique=True),
    st.permutations(range(4)),
)
def test_tie_settlement_ignores_suits(cards, perm):
    swap = lambda cs: tuple(x // 4 * 4 + perm[x % 4] for x in cs)  # noqa: E731
    player, dealer = tuple(cards[:3]), tuple(cards[3:])

    def run(p, d):
        res = GAME.settle_seat(p[:2], (PlayerHand(p),), d, {"main": "10", **ALL_TIES})
        return [(r.key, r.net, r.outcome) for r in res]

    assert run(player, dealer) == run(swap(player), swap(dealer))
