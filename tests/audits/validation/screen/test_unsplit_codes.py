"""The family screen's code of an unsplit hand: hands with one code get one answer of the
engine (whether the play breaks a rule, the total, a natural), and the code tells apart
what the engine may tell apart."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from audits.samples.settlement import sample_rules
from audits.validation.games.blackjack.answers import MOST_CARDS, unsplit_codes
from games.engine.blackjack import PlayerHand, hand_total, is_natural
from games.engine.blackjack_play import analyse_hands
from games.engine.cards import VALUE

CARD = st.integers(0, 51)
PARAMETERS = [{}, {"double_on": "10_11"}, {"double_on": "9_10_11"}, {"double_on": "any_two"}]
GAMES = ["ante-up-21", "blackjack-tie-bonus"]
OF_VALUE = {v: [c for c in range(52) if VALUE[c] == v] for v in range(1, 11)}


def codes_of(hands: list[tuple[int, ...]]) -> list[int]:
    cards = np.full((len(hands), MOST_CARDS), -1, np.int64)
    for i, held in enumerate(hands):
        cards[i, : len(held)] = held
    return unsplit_codes(cards, np.array([len(h) for h in hands], np.int64)).tolist()


def answer(engine, held: tuple[int, ...], doubled: bool) -> tuple:
    """What the screen asks the engine of an unsplit hand (``FamilyScreen._simple_play``)."""
    analysis = analyse_hands(engine, held[:2], (PlayerHand(held, doubled),))
    return not analysis.violations, hand_total(held)[0], is_natural(held)


def summary(held: tuple[int, ...]) -> tuple:
    """The code's definition: the first two cards' values' sum and whether one is an ace,
    the other cards' values in order, the count."""
    two = held[:2]
    return (sum(VALUE[c] for c in two), any(VALUE[c] == 1 for c in two),
            tuple(VALUE[c] for c in held[2:]), len(held))  # fmt: skip


HANDS = st.lists(CARD, min_size=2, max_size=MOST_CARDS).map(tuple)


@st.composite
def same_code(draw, held: tuple[int, ...]):
    """Another hand of the same summary: the first two cards any two of the same sum and
    aces, in either order, each other card any card of its value."""
    total, ace = sum(VALUE[c] for c in held[:2]), any(VALUE[c] == 1 for c in held[:2])
    pairs = [(a, total - a) for a in range(1, 11) if 1 <= total - a <= 10
             and (a == 1 or total - a == 1) == ace]  # fmt: skip
    a, b = draw(st.sampled_from(pairs))
    first = (draw(st.sampled_from(OF_VALUE[a])), draw(st.sampled_from(OF_VALUE[b])))
    return first + tuple(draw(st.sampled_from(OF_VALUE[VALUE[c]])) for c in held[2:])


@settings(max_examples=400, deadline=None)
@given(HANDS, st.data(), st.booleans(), st.sampled_from(range(len(PARAMETERS))),
       st.sampled_from(GAMES))  # fmt: skip
def test_hands_of_one_code_get_one_answer_of_the_engine(held, data, doubled, p, game):
    other = data.draw(same_code(held))
    engine = sample_rules(game, {"blackjack_pays": "3:2"}, PARAMETERS[p]).engine
    assert codes_of([held]) == codes_of([other])
    assert answer(engine, held, doubled) == answer(engine, other, doubled)


@settings(max_examples=200, deadline=None)
@given(st.lists(HANDS, min_size=2, max_size=12))
def test_hands_share_a_code_exactly_when_they_share_its_definition(hands):
    codes = codes_of(hands)
    for i in range(len(hands)):
        for j in range(len(hands)):
            assert (codes[i] == codes[j]) == (summary(hands[i]) == summary(hands[j]))
