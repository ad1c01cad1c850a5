"""The family screen's key of a split seat: seats with one key get one play analysis."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from audits.samples.settlement import sample_rules
from audits.validation.games.blackjack.split_keys import split_play_keys
from games.engine.blackjack import PlayerHand
from games.engine.blackjack_play import analyse_hands
from games.engine.cards import RANK, VALUE, parse_cards

CARD = st.integers(0, 51)
PARAMETERS = [  # the split rules read both ways
    {},
    {"resplit_aces": True, "split_tens_unlike": True, "hit_split_aces": True},
    {"max_split_hands": 2, "double_on": "10_11"},
]


@st.composite
def split_seats(draw):
    """A seat's first two cards and its hands after splitting: mostly a pair and hands that
    begin with its cards, sometimes anything (the analysis finds what is wrong)."""
    c0 = draw(CARD)
    c1 = draw(st.one_of(st.sampled_from([c0, c0 ^ 1, c0 ^ 2, c0 ^ 3]), CARD))
    hands = []
    for i in range(draw(st.integers(2, 4))):
        start = draw(st.one_of(st.just((c0, c1)[min(i, 1)]), st.sampled_from([c0, c1]), CARD))
        more = draw(st.lists(CARD, min_size=0, max_size=4))
        hands.append(PlayerHand((start, *more), draw(st.booleans())))
    return (c0, c1), tuple(hands)


def keys_of(seats: list) -> list[bytes]:
    """Each seat's key (``(first, hands)``), the seats' hands laid out as the screen's rows."""
    hands = [hand for _, played in seats for hand in played]
    cards = np.full((len(hands), 8), -1, np.int64)
    for i, hand in enumerate(hands):
        cards[i, : len(hand.cards)] = hand.cards
    n_hands = np.array([len(played) for _, played in seats], np.int64)
    keys = split_play_keys(np.array([first for first, _ in seats], np.int64), cards,
                           np.array([len(h.cards) for h in hands], np.int64),
                           np.array([h.doubled for h in hands], np.bool_),
                           np.cumsum(n_hands) - n_hands, n_hands,
                           np.arange(len(seats)), 4)  # fmt: skip
    return [row.tobytes() for row in keys]


def split_play_key(first, played) -> tuple:
    """The key's definition: the first two cards and each hand's first card by its rank and
    the order in which cards of that rank first appear among them, a hand's later cards by
    their value, with each hand's doubling."""
    labels: dict[int, tuple[int, int]] = {}
    seen: dict[int, int] = {}  # rank -> cards of it labelled so far

    def label(card: int) -> tuple[int, int]:
        known = labels.get(card)
        if known is None:
            rank = RANK[card]
            known = labels[card] = (rank, seen.get(rank, 0))
            seen[rank] = known[1] + 1
        return known

    def hand(cards) -> tuple:
        return (label(cards[0]), *(("value", VALUE[card]) for card in cards[1:]))

    return (tuple(map(label, first)),
            *((hand(h.cards), h.doubled) for h in played))  # fmt: skip


@settings(max_examples=200, deadline=None)
@given(st.lists(split_seats(), min_size=1, max_size=12))
def test_seats_share_a_row_exactly_when_they_share_the_keys_definition(seats):
    """Pairs among the seats and each seat's copy with the first card's suit changed (often
    the same labels, sometimes not)."""
    moved = [(((first[0] ^ 1), first[1]), hands) for first, hands in seats]
    every = seats + moved
    rows = keys_of(every)
    for i in range(len(every)):
        for j in range(len(every)):
            same = split_play_key(*every[i]) == split_play_key(*every[j])
            assert (rows[i] == rows[j]) == same


@st.composite
def suits_per_rank(draw):
    """A card relabelling that keeps every rank: a permutation of the four suits per rank."""
    return [draw(st.permutations(range(4))) for _ in range(13)]


def relabelled(cards, suits) -> tuple[int, ...]:
    return tuple(c - c % 4 + suits[c // 4][c % 4] for c in cards)


@settings(max_examples=400, deadline=None)
@given(split_seats(), suits_per_rank(), st.sampled_from(range(len(PARAMETERS))),
       st.sampled_from(["ante-up-21", "blackjack-tie-bonus"]))  # fmt: skip
def test_seats_written_with_other_suits_share_the_key_and_the_analysis(seat, suits, p, game):
    first, hands = seat
    other_first = relabelled(first, suits)
    other_hands = tuple(PlayerHand(relabelled(h.cards, suits), h.doubled) for h in hands)
    engine = sample_rules(game, {"blackjack_pays": "3:2"}, PARAMETERS[p]).engine
    assert keys_of([(first, hands)]) == keys_of([(other_first, other_hands)])
    assert (not analyse_hands(engine, first, hands).violations) == (
        not analyse_hands(engine, other_first, other_hands).violations
    )


@st.composite
def same_values(draw, cards):
    """``cards`` with each card but the first drawn again among the cards of its value."""
    return (cards[0], *(draw(st.sampled_from([c for c in range(52) if VALUE[c] == VALUE[card]]))
                        for card in cards[1:]))  # fmt: skip


@settings(max_examples=400, deadline=None)
@given(split_seats(), st.data(), st.sampled_from(range(len(PARAMETERS))),
       st.sampled_from(["ante-up-21", "blackjack-tie-bonus"]))  # fmt: skip
def test_hands_drawing_other_cards_of_the_same_values_share_the_key_and_the_analysis(
    seat, data, p, game
):
    first, hands = seat
    other_hands = tuple(PlayerHand(data.draw(same_values(h.cards)), h.doubled) for h in hands)
    engine = sample_rules(game, {"blackjack_pays": "3:2"}, PARAMETERS[p]).engine
    assert keys_of([(first, hands)]) == keys_of([(first, other_hands)])
    assert (not analyse_hands(engine, first, hands).violations) == (
        not analyse_hands(engine, first, other_hands).violations
    )


def test_the_key_tells_the_same_card_from_another_of_its_rank():
    pair = parse_cards(["8S", "8D"])
    same = parse_cards(["8S", "8S"])  # the same card twice (a shoe of several decks)
    hands = (PlayerHand(parse_cards(["8S", "3H"]), False),
             PlayerHand(parse_cards(["8D", "KC"]), False))  # fmt: skip
    doubled = hands[:1] + (PlayerHand(hands[1].cards, True),)
    key, other_card, other_doubling = keys_of([(pair, hands), (same, hands), (pair, doubled)])
    assert key != other_card and key != other_doubling  # doubling counts too
