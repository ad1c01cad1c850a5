"""The family screen's key of a split seat: seats with one key get one play analysis."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from audits.samples.settlement import sample_rules
from audits.validation.screen.blackjack import split_play_key
from games.engine.blackjack import PlayerHand
from games.engine.blackjack_play import analyse_hands
from games.engine.cards import parse_cards

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
    assert split_play_key(first, hands) == split_play_key(other_first, other_hands)
    assert (not analyse_hands(engine, first, hands).violations) == (
        not analyse_hands(engine, other_first, other_hands).violations
    )


def test_the_key_tells_the_same_card_from_another_of_its_rank():
    pair = parse_cards(["8S", "8D"])
    same = parse_cards(["8S", "8S"])  # the same card twice (a shoe of several decks)
    hands = (PlayerHand(parse_cards(["8S", "3H"]), False),
             PlayerHand(parse_cards(["8D", "KC"]), False))  # fmt: skip
    assert split_play_key(pair, hands) != split_play_key(same, hands)
    assert split_play_key(pair, hands) != split_play_key(pair, hands[:1] + (
        PlayerHand(hands[1].cards, True),))  # doubling counts too
