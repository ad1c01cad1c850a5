"""The blackjack family core: player actions inferred from logged hands, and illegal ones."""

from __future__ import annotations

import pytest

from games.engine.blackjack import BlackjackRules, PlayerHand
from games.engine.blackjack_play import Action, analyse_hands, double_allowed_on
from games.engine.cards import parse_cards


def c(text: str) -> tuple[int, ...]:
    return parse_cards(text.split())


def h(text: str, doubled: bool = False, surrendered: bool = False) -> PlayerHand:
    return PlayerHand(c(text), doubled, surrendered)


# -- actions ----------------------------------------------------------------------------


def analyse(first: str, *hands: PlayerHand, **params):
    return analyse_hands(BlackjackRules(params), c(first), list(hands))


def test_stand_and_hits():
    result = analyse("TS 7H", h("TS 7H"))
    assert result.actions == [Action("stand", 0)] and result.violations == []
    result = analyse("TS 2H", h("TS 2H 3C 5D"))
    assert result.actions == [Action("hit", 0, 2), Action("hit", 0, 3), Action("stand", 0)]
    assert result.violations == []


@pytest.mark.parametrize(
    "cards, code",
    [
        ("TS 5H 9C 2D", "hit_after_bust"),
        ("TS 5H 6C 2D", "hit_after_21"),
        ("AS KH 2C", "hit_after_21"),  # a natural is settled at once
    ],
)
def test_illegal_hits(cards, code):
    first = " ".join(cards.split()[:2])
    assert analyse(first, h(cards)).codes() == [code]


def test_double():
    result = analyse("5S 6H", h("5S 6H 9C", doubled=True))
    assert result.actions == [Action("double", 0, 2)] and result.violations == []
    assert analyse("5S 6H", h("5S 6H", doubled=True)).codes() == ["double_wrong_card_count"]
    wrong = analyse("5S 6H", h("5S 6H 2C 3D", doubled=True))
    assert wrong.codes() == ["double_wrong_card_count"]


@pytest.mark.parametrize(
    "rule, two, allowed",
    [
        ("any_two", "AS 7H", True),
        ("9_10_11", "4S 5H", True),
        ("9_10_11", "AS 8H", False),  # soft 19
        ("10_11", "4S 5H", False),
        ("10_11", "4S 6H", True),
        ("10_11", "AS 9H", False),
    ],
)
def test_double_on(rule, two, allowed):
    assert double_allowed_on(rule, c(two)) is allowed
    result = analyse(two, h(two + " 2C", doubled=True), double_on=rule)
    assert result.codes() == ([] if allowed else ["double_not_allowed"])


def test_split_and_play_each_hand():
    result = analyse("8S 8H", h("8S 3C 7D"), h("8H KC"))
    assert result.actions == [
        Action("split", 0),
        Action("hit", 0, 2),
        Action("stand", 0),
        Action("stand", 1),
    ]
    assert result.violations == []


def test_split_of_a_non_pair():
    assert analyse("8S 9H", h("8S 2C"), h("9H 3D")).codes() == ["split_not_allowed"]


def test_split_unlike_tens():
    assert analyse("KS QH", h("KS 9C"), h("QH TD")).violations == []
    codes = analyse("KS QH", h("KS 9C"), h("QH TD"), split_tens_unlike=False).codes()
    assert codes == ["split_not_allowed"]


def test_resplit_and_limits():
    hands = (h("8S 2C 9H"), h("8D 9C"), h("8H TD"))
    result = analyse("8S 8H", *hands)
    assert Action("resplit", 1) in result.actions and result.violations == []
    assert analyse("8S 8H", *hands, max_split_hands=2).codes() == ["too_many_splits"]
    assert analyse("8S 8H", *hands[::2], max_split_hands=1).codes() == ["split_not_allowed"]


def test_resplit_aces():
    hands = (h("AS 5C"), h("AD 9C"), h("AH TD"))
    assert analyse("AS AH", *hands).codes() == ["split_not_allowed"]
    assert analyse("AS AH", *hands, resplit_aces=True).violations == []


def test_split_aces_take_one_card():
    result = analyse("AS AH", h("AS 5C 2D"), h("AH TD"))
    assert result.codes() == ["hit_split_aces"]
    assert Action("stand", 1) not in result.actions
    ok = analyse("AS AH", h("AS 5C 2D"), h("AH TD"), split_aces_one_card=False, hit_split_aces=True)
    assert ok.violations == []
    assert analyse("AS AH", h("AS 5C 2D", doubled=True), h("AH TD")).codes() == [
        "double_not_allowed"
    ]


def test_double_after_split():
    hands = (h("8S 3C TD", doubled=True), h("8H KC"))
    assert analyse("8S 8H", *hands).violations == []
    assert analyse("8S 8H", *hands, double_after_split=False).codes() == ["double_not_allowed"]


@pytest.mark.parametrize(
    "first, hands",
    [
        ("8S 8H", (h("8H 2C"), h("8S 3C"))),  # the first hand must begin with the first card
        ("8S 8H", (h("8S 9C"),)),  # one hand must begin with the two cards dealt
        ("8S 8H", (h("8S 2C"), h("8H 3C"), h("5D 4C"))),  # 5 cannot have been split off
        ("8S 8H", (h("8S 2C"), h("8D 3C"))),  # no hand holds the second card
        ("8S 8H", (h("8S 2C"), h("8H"))),  # a split hand takes a second card
    ],
)
def test_hands_inconsistent(first, hands):
    result = analyse(first, *hands)
    assert result.codes() == ["hands_inconsistent"] and not result.consistent


def test_surrender():
    assert analyse("TS 6H", h("TS 6H", surrendered=True)).codes() == ["surrender_not_allowed"]
    assert analyse("TS 6H", h("TS 6H", surrendered=True), surrender="late").violations == []
    late = analyse("TS 3H", h("TS 3H 2C", surrendered=True), surrender="late")
    assert late.codes() == ["surrender_not_allowed"]
