"""Basic strategy: the chart's moves, the rules' fallbacks, hands that follow the rules, and
the house edge it gives against the published figures for the rules it plays."""

from __future__ import annotations

import random

import pytest

from games.engine.basic_strategy import (
    DOUBLE,
    HIT,
    SPLIT,
    STAND,
    BasicStrategy,
    play_seat,
    surrenders,
)
from games.engine.blackjack import BlackjackRules
from games.engine.blackjack_play import analyse_hands
from games.engine.blackjack_sim import main_sheet, simulate
from games.engine.cards import CARD_CODES

CARD = {code: i for i, code in enumerate(CARD_CODES)}


def cards(*codes: str) -> list[int]:
    return [CARD[c] for c in codes]


def move(strategy: BasicStrategy, hand: list[str], up: str, split=False, may_split=True):
    return strategy.move(cards(*hand), CARD[up], split, may_split)


def test_the_chart_as_published():
    s17 = BasicStrategy.of(BlackjackRules())
    h17 = BasicStrategy.of(BlackjackRules({"dealer_hits_soft_17": True}))
    assert move(s17, ["6S", "5H"], "AD") == HIT and move(h17, ["6S", "5H"], "AD") == DOUBLE
    assert move(s17, ["7S", "5H"], "3D") == HIT and move(s17, ["7S", "5H"], "4D") == STAND
    assert move(s17, ["AS", "7H"], "2D") == STAND and move(h17, ["AS", "7H"], "2D") == DOUBLE
    assert move(s17, ["AS", "7H"], "9D") == HIT and move(s17, ["AS", "7H"], "8D") == STAND
    assert move(s17, ["AS", "2H"], "5D") == DOUBLE and move(s17, ["AS", "2H"], "4D") == HIT
    assert move(s17, ["9S", "9H"], "7D") == STAND and move(s17, ["9S", "9H"], "8D") == SPLIT
    assert move(s17, ["8S", "8H"], "TD") == SPLIT and move(s17, ["TS", "TH"], "6D") == STAND
    assert move(s17, ["5S", "5H"], "9D") == DOUBLE  # fives are a ten, never split
    assert move(s17, ["8S", "8H"], "TD", may_split=False) == HIT  # no more hands: a 16


def test_the_rules_fallbacks():
    tens_only = BasicStrategy.of(BlackjackRules({"double_on": "10_11"}))
    assert move(tens_only, ["AS", "7H"], "4D") == STAND  # soft 18 doubles, else stands
    assert move(tens_only, ["5S", "4H"], "4D") == HIT  # 9 doubles, else hits
    no_das = BasicStrategy.of(BlackjackRules({"double_after_split": False}))
    assert move(no_das, ["6S", "5H"], "6D", split=True) == HIT
    assert move(no_das, ["2S", "2H"], "2D") == HIT and move(no_das, ["2S", "2H"], "4D") == SPLIT
    assert surrenders(cards("TS", "6H"), 10, False) and not surrenders(cards("TS", "5H"), 9, False)
    assert surrenders(cards("TS", "7H"), 11, True) and not surrenders(cards("8S", "8H"), 11, False)


RULES = (
    {},
    {"dealer_hits_soft_17": True, "surrender": "late", "resplit_aces": True},
    {"max_split_hands": 2, "double_after_split": False, "double_on": "9_10_11"},
    {"split_aces_one_card": False, "hit_split_aces": True, "max_split_hands": 3},
)


@pytest.mark.parametrize("params", RULES)
def test_every_hand_played_follows_the_rules(params):
    rules = BlackjackRules(params)
    strategy = BasicStrategy.of(rules)
    rng = random.Random(5)
    seen = set()
    for _ in range(6000):
        shoe = [c for c in range(52) for _ in range(6)]
        rng.shuffle(shoe)
        first_two, up = (shoe.pop(), shoe.pop()), shoe.pop()
        hands = play_seat(strategy, first_two, up, shoe.pop)
        assert analyse_hands(rules, first_two, hands).violations == [], (first_two, up, hands)
        seen.update({"split" if len(hands) > 1 else "one", *("double" for h in hands if h.doubled)})
        seen.update("surrender" for h in hands if h.surrendered)
        assert len(hands) <= params.get("max_split_hands", 4)
    assert {"split", "double"} <= seen
    assert ("surrender" in seen) == (params.get("surrender") == "late")


def test_the_simulator_plays_every_move():
    rules = BlackjackRules({"surrender": "late"})
    rounds = list(simulate(rules, 6, 20_000, seed=3))
    assert any(len(hands) > 2 for _, hands, _ in rounds)  # resplits
    assert any(h.doubled for _, hands, _ in rounds for h in hands)
    assert any(h.surrendered for _, hands, _ in rounds for h in hands)


#: house edges of basic strategy, six decks, 3 to 2, peek, split to four hands, no resplit of
#: aces, one card to split aces (Wizard of Odds' house edge calculator; the Color of
#: Blackjack's rule-by-rule table gives the same within 0.03%)
PUBLISHED = (
    ({}, 0.0042),  # S17, DAS, no surrender (0.40-0.44%)
    ({"dealer_hits_soft_17": True}, 0.0062),  # H17: about 0.2% more
    ({"double_after_split": False}, 0.0056),  # no DAS: about 0.14% more
)


@pytest.mark.parametrize(("params", "edge"), PUBLISHED)
def test_the_par_of_basic_strategy_is_the_published_house_edge(params, edge):
    sheet = main_sheet(BlackjackRules(params), 6, rounds=400_000, seed=17)
    low, high = sheet.ci95_return
    error = (high - low) / 3.92  # the simulation's standard error
    assert abs(float(sheet.house_edge) - edge) < 3.5 * error  # about 0.6%: 2.5% never passes
    assert "basic strategy" in sheet.notes[0]
