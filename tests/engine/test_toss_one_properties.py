"""Property tests of Toss One 21 hands and settlement."""

from decimal import Decimal
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine.cards import CARD_CODES, RANK, SUIT
from games.engine.toss_one import TossOne21
from games.engine.toss_one_hands import (
    BUST,
    is_three_card_blackjack,
    lucky3_category,
    three_card_total,
)
from games.engine.toss_one_rules import PAYTABLES

GAME = TossOne21()
TABLES = {"lucky3": PAYTABLES[("lucky3", "1")], "bonus4": PAYTABLES[("bonus4", "1")]}
WAGERS = {"main": Decimal("10"), "lucky3": Decimal("5"), "bonus4": Decimal("5")}

four_cards = st.lists(st.integers(0, 51), min_size=4, max_size=4)  # a multi-deck shoe
eight_cards = st.lists(st.integers(0, 51), min_size=8, max_size=8)
suit_permutations = st.permutations(range(4))
CARD = CARD_CODES.index


def permute(cards, perm):
    return [RANK[c] * 4 + perm[SUIT[c]] for c in cards]


@given(four_cards)
def test_kept_three_are_never_beaten_by_another_choice(cards):
    hand = GAME.best_hand(cards)
    choices = []
    for kept in combinations([RANK[c] for c in cards], 3):
        total = three_card_total(kept)
        if total <= 21:
            choices.append((total, is_three_card_blackjack(kept)))
    if not choices:
        assert hand.total == BUST
    else:
        assert (hand.total, hand.blackjack) == max(choices)
        assert GAME.toss_is_correct(cards, hand.toss)


@given(eight_cards, suit_permutations)
def test_main_and_bonus4_are_invariant_under_suit_permutation(cards, perm):
    before = GAME.settle_seat(cards[:4], cards[4:], WAGERS, "3:2", TABLES)
    after = GAME.settle_seat(
        permute(cards[:4], perm), permute(cards[4:], perm), WAGERS, "3:2", TABLES
    )
    for b, a in zip(before, after, strict=True):
        if b.key != "lucky3":
            assert (b.key, b.net, b.outcome) == (a.key, a.net, a.outcome)


COLOUR_PRESERVING = [(0, 1, 2, 3), (3, 1, 2, 0), (0, 2, 1, 3), (1, 0, 3, 2), (2, 3, 0, 1)]


@given(eight_cards, st.sampled_from(COLOUR_PRESERVING))
def test_lucky3_is_invariant_under_colour_preserving_suit_permutation(cards, perm):
    before = GAME.settle_seat(cards[:4], cards[4:], WAGERS, "3:2", TABLES)
    after = GAME.settle_seat(
        permute(cards[:4], perm), permute(cards[4:], perm), WAGERS, "3:2", TABLES
    )
    assert [r.net for r in before] == [r.net for r in after]


@settings(max_examples=300)
@given(eight_cards)
def test_main_net_sign_follows_outcome(cards):
    main = GAME.settle_seat(cards[:4], cards[4:], {"main": Decimal("10")}, "3:2", TABLES)[0]
    winning = {"player_blackjack", "dealer_bust", "higher_total", "kicker_win"}
    assert (main.net > 0) == (main.outcome in winning)
    assert main.net in (Decimal("-10"), Decimal("10"), Decimal("15"))


@given(four_cards)
def test_bonus4_pays_only_on_four_card_totals_up_to_21(cards):
    bonus = GAME.settle_seat(cards, [0, 4, 8, 12], {"bonus4": Decimal("1")}, "3:2", TABLES)[0]
    total = sum(min(RANK[c] + 1, 10) for c in cards)
    assert (bonus.net > 0) == (total <= 21)


def _lucky3_pay(cards, toss, table):
    kept = [c for i, c in enumerate(cards) if i != toss]
    return table.entries.get(lucky3_category(kept), -1)


@given(four_cards, st.sampled_from(["1", "2"]))
def test_a_players_toss_keeps_the_best_hand_then_the_best_lucky3(cards, code):
    """The sample players' toss is correct (rule 3), and among the correct tosses it pays the
    most on Lucky 3: what the par sheet assumes (lucky3_hand=kept)."""
    table = PAYTABLES[("lucky3", code)]
    toss = GAME.player_toss(cards, table)
    assert GAME.toss_is_correct(cards, toss)
    if toss is None:
        return
    hand, best_hand = GAME.hand_with_toss(cards, toss), GAME.best_hand(cards)
    assert (hand.total, hand.blackjack, hand.kicker) == (
        best_hand.total,
        best_hand.blackjack,
        best_hand.kicker,
    )
    if hand.total != 21:
        return  # Lucky 3 loses whatever is kept
    correct = [i for i in range(4) if GAME.toss_is_correct(cards, i)]
    best = max(_lucky3_pay(cards, i, table) for i in correct)
    assert _lucky3_pay(cards, toss, table) == best
    outcome = GAME.lucky3_outcome(cards, GAME.best_hand(cards), table)
    if outcome is not None:  # the par sheet's category is the one the player is paid on
        assert table.entries.get(outcome, -1) == best


def test_a_player_keeps_the_suited_21_over_the_first_one():
    """7S 7H 7S 7S: tossing the 7H (index 1) keeps three spades (a suited 21, 5 to 1 on
    paytable 1); the first correct toss in the order dealt (index 0) would keep a coloured one."""
    cards = [CARD("7S"), CARD("7H"), CARD("7S"), CARD("7S")]
    table = PAYTABLES[("lucky3", "1")]
    assert GAME.player_toss(cards, table) == 1
    assert _lucky3_pay(cards, 1, table) > _lucky3_pay(cards, 0, table)
