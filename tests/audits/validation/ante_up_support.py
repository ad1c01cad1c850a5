"""Ante Up 21 example rounds for its round-check tests (audits/validation/games/ante_up/checks.py).

Pure: GameRules is built directly with the engine, its paytable and chosen
limits; see blackjack_support for how a round is written and checked.
"""

from __future__ import annotations

import copy

from audits.validation.context import GameRules
from audits.validation.games import check_round
from games.engine import ante_up_rules as R
from games.engine.ante_up import AnteUp21
from tests.audits.validation.blackjack_support import (
    AGGREGATE,
    TABLE_MAX,
    TABLE_MIN,
    RoundChecks,
    hand,
    seat,
)

LIMITS = (TABLE_MAX, TABLE_MIN, AGGREGATE)


def rules(engine=None, limits=LIMITS) -> GameRules:
    return GameRules(
        game="ante-up-21",
        engine=engine or AnteUp21(),
        paytables={"poker_bonus": R.PAYTABLES[("poker_bonus", "1")]},
        limits=limits,
        wagers=R.WAGERS,
        rule_version="ante-up-21 v1",
    )


RULES = rules()

ANTE_UP = RoundChecks(
    check_round,
    RULES,
    line=7,
    round_id="AU-1",
    table="T1",
    dealer="KS 7H",
    options={"blackjack_pays": "3:2", "poker_bonus_paytable": "1"},
    main="25",
)
round_, one_seat, check, only = ANTE_UP.round_, ANTE_UP.one_seat, ANTE_UP.check, ANTE_UP.only


# Dealer K-7: 17, stands; his poker hand K-high qualifies.
CLEAN = round_(
    # pair of queens: 20 beats 17, the pair beats K-high, the Poker Bonus pair pays 10 to 1
    seat(
        1,
        "QH QD",
        {"main": "25", "ante": "10", "bet": "10", "poker_bonus": "1"},
        {"ante": "10", "bet": "10", "poker_bonus": "10"},
        [hand("QH QD", "25")],
        "bet",
    ),
    # folds the poker hand (no BET) and doubles 11 to 20
    seat(
        2,
        "5C 6D",
        {"main": "25", "ante": "10"},
        {"ante": "-10"},
        [hand("5C 6D 9S", "50", doubled=True)],
        "fold",
    ),
    # splits eights: 21 and 18 both beat 17; the poker hand is the first two cards, a pair
    seat(
        3,
        "8S 8H",
        {"main": "25", "ante": "5", "bet": "5"},
        {"ante": "5", "bet": "5"},
        [hand("8S 3C TD", "25"), hand("8H TH", "25")],
        "bet",
    ),
)


def clean() -> dict:
    return copy.deepcopy(CLEAN)
