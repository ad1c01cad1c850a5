"""The family screen's split seats: the engine's play analysis in its two parts (the deal,
each hand's play) says what the whole analysis says, and seats with one deal code, or hands
with the same values and doubling, get one answer."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from audits.samples.settlement import sample_rules
from audits.validation.games.blackjack.split_keys import split_deal_codes
from games.engine.blackjack import PlayerHand
from games.engine.blackjack_play import analyse_deal, analyse_hands, analyse_play
from games.engine.cards import RANK, VALUE, parse_cards

CARD = st.integers(0, 51)
PARAMETERS = [  # the split rules read both ways
    {},
    {"resplit_aces": True, "split_tens_unlike": True, "hit_split_aces": True},
    {"max_split_hands": 2, "double_on": "10_11", "double_after_split": False},
    {"split_aces_one_card": False, "hit_split_aces": True},
]
GAMES = ["ante-up-21", "blackjack-tie-bonus"]


@st.composite
def split_seats(draw):
    """A seat's first two cards and its hands after splitting: mostly a pair and hands that
    begin with its cards, sometimes anything (the analysis finds what is wrong); now and
    then a hand of one card."""
    c0 = draw(CARD)
    c1 = draw(st.one_of(st.sampled_from([c0, c0 ^ 1, c0 ^ 2, c0 ^ 3]), CARD))
    hands = []
    for i in range(draw(st.integers(2, 4))):
        start = draw(st.one_of(st.just((c0, c1)[min(i, 1)]), st.sampled_from([c0, c1]), CARD))
        more = draw(st.lists(CARD, min_size=0, max_size=4))
        hands.append(PlayerHand((start, *more), draw(st.booleans())))
    return (c0, c1), tuple(hands)


def engine_of(game: str, p: int):
    return sample_rules(game, {"blackjack_pays": "3:2"}, PARAMETERS[p]).engine


def codes_of(seats: list) -> list[int]:
    """Each seat's deal code (``(first, hands)``), the seats' hands laid out as the screen's
    rows."""
    hands = [hand for _, played in seats for hand in played]
    cards = np.full((len(hands), 8), -1, np.int64)
    for i, hand in enumerate(hands):
        cards[i, : min(len(hand.cards), 8)] = hand.cards[:8]
    n_hands = np.array([len(played) for _, played in seats], np.int64)
    return split_deal_codes(np.array([first for first, _ in seats], np.int64), cards,
                            np.array([len(h.cards) for h in hands], np.int64),
                            np.cumsum(n_hands) - n_hands, n_hands,
                            np.arange(len(seats))).tolist()  # fmt: skip


def deal_key(first, played) -> tuple:
    """The code's definition: the number of hands, the first two cards and each hand's first
    card by its rank and the order in which cards of that rank first appear among them, and
    which hands hold two cards or more."""
    labels: dict[int, tuple[int, int]] = {}
    seen: dict[int, int] = {}  # rank -> cards of it labelled so far

    def label(card: int) -> tuple[int, int]:
        known = labels.get(card)
        if known is None:
            rank = RANK[card]
            known = labels[card] = (rank, seen.get(rank, 0))
            seen[rank] = known[1] + 1
        return known

    return (len(played), tuple(map(label, first)),
            *((label(h.cards[0]), len(h.cards) >= 2) for h in played))  # fmt: skip


@settings(max_examples=300, deadline=None)
@given(split_seats(), st.sampled_from(range(len(PARAMETERS))), st.sampled_from(GAMES))
def test_the_deal_and_each_hands_play_say_what_the_whole_analysis_says(seat, p, game):
    first, hands = seat
    engine = engine_of(game, p)
    parts = not analyse_deal(engine, first, hands).violations and not any(
        analyse_play(engine, i, hand, len(hands)).violations for i, hand in enumerate(hands)
    )
    assert (not analyse_hands(engine, first, hands).violations) == parts


@settings(max_examples=200, deadline=None)
@given(st.lists(split_seats(), min_size=1, max_size=12))
def test_seats_share_a_code_exactly_when_they_share_the_codes_definition(seats):
    """Pairs among the seats and each seat's copy with the first card's suit changed (often
    the same labels, sometimes not)."""
    moved = [(((first[0] ^ 1), first[1]), hands) for first, hands in seats]
    every = seats + moved
    codes = codes_of(every)
    for i in range(len(every)):
        for j in range(len(every)):
            same = deal_key(*every[i]) == deal_key(*every[j])
            assert (codes[i] == codes[j]) == same


@st.composite
def same_deal(draw, seat):
    """The seat with each first card's suit permuted within its rank, each hand's other
    cards drawn anew (as many as it had) and its doubling drawn anew: the same deal."""
    first, hands = seat
    suits = [draw(st.permutations(range(4))) for _ in range(13)]

    def moved(card: int) -> int:
        return card - card % 4 + suits[card // 4][card % 4]

    other = tuple(
        PlayerHand((moved(h.cards[0]), *draw(st.lists(CARD, min_size=len(h.cards) - 1,
                                                      max_size=len(h.cards) - 1))),
                   draw(st.booleans()))
        for h in hands
    )  # fmt: skip
    return tuple(map(moved, first)), other


@settings(max_examples=300, deadline=None)
@given(split_seats(), st.data(), st.sampled_from(range(len(PARAMETERS))), st.sampled_from(GAMES))
def test_seats_with_one_deal_code_share_the_deals_analysis(seat, data, p, game):
    other = data.draw(same_deal(seat))
    engine = engine_of(game, p)
    assert codes_of([seat]) == codes_of([other])
    assert (not analyse_deal(engine, *seat).violations) == (
        not analyse_deal(engine, *other).violations
    )


@st.composite
def same_values(draw, cards):
    """``cards`` with each card drawn again among the cards of its value."""
    return tuple(draw(st.sampled_from([c for c in range(52) if VALUE[c] == VALUE[card]]))
                 for card in cards)  # fmt: skip


@settings(max_examples=300, deadline=None)
@given(split_seats(), st.data(), st.sampled_from(range(len(PARAMETERS))), st.sampled_from(GAMES))
def test_split_hands_of_the_same_values_and_doubling_share_their_plays_analysis(
    seat, data, p, game
):
    """A hand's play reads its cards by value, and of the seat only that it was split: the
    screen asks it once per sequence of values and doubling, whatever the hand's place and
    the seat's number of hands."""
    _, hands = seat
    engine = engine_of(game, p)
    for i, hand in enumerate(hands):
        other = PlayerHand(data.draw(same_values(hand.cards)), hand.doubled)
        elsewhere = data.draw(st.integers(0, 3))
        n = data.draw(st.integers(max(2, elsewhere + 1), 4))
        assert (not analyse_play(engine, i, hand, len(hands)).violations) == (
            not analyse_play(engine, elsewhere, other, n).violations
        )


def test_the_code_tells_the_same_card_from_another_of_its_rank_and_a_short_hand():
    pair = parse_cards(["8S", "8D"])
    same = parse_cards(["8S", "8S"])  # the same card twice (a shoe of several decks)
    hands = (PlayerHand(parse_cards(["8S", "3H"]), False),
             PlayerHand(parse_cards(["8D", "KC"]), False))  # fmt: skip
    short = hands[:1] + (PlayerHand(parse_cards(["8D"]), False),)
    code, other_card, one_card = codes_of([(pair, hands), (same, hands), (pair, short)])
    assert len({code, other_card, one_card}) == 3
