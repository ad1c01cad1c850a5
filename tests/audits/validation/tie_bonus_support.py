"""Blackjack with tie bonus example rounds for its round-check tests
(audits/validation/games/tie_bonus/checks.py).

Pure: GameRules is built directly with the engine, its paytable and chosen
limits; see blackjack_support for how a round is written and checked.
"""

from __future__ import annotations

import copy

from audits.validation.context import GameRules, Limit
from audits.validation.games import check_round
from games.engine import tie_bonus_rules as R
from games.engine.tie_bonus import TieBonusBlackjack
from tests.audits.validation.blackjack_support import (
    AGGREGATE,
    TABLE_MAX,
    TABLE_MIN,
    D,
    RoundChecks,
    hand,
    seat,
)

TIE_MAX = Limit("max_single_wager", D(25), "tie_21", "table limit (tie 21)", "table")
LIMITS = (TABLE_MAX, TABLE_MIN, TIE_MAX, AGGREGATE)


def rules(engine=None, limits=LIMITS) -> GameRules:
    return GameRules(
        game="blackjack-tie-bonus",
        engine=engine or TieBonusBlackjack(),
        paytables={"tie_bonus": R.PAYTABLES[("tie_bonus", "1")]},
        limits=limits,
        wagers=R.WAGERS,
        rule_version="blackjack-tie-bonus v1",
    )


RULES = rules()

TIE_BONUS = RoundChecks(
    check_round,
    RULES,
    line=11,
    round_id="TB-1",
    table="T2",
    dealer="9D TC",
    options={"blackjack_pays": "3:2", "tie_bonus_paytable": "1"},
    main="20",
)
round_, one_seat, check, only = (
    TIE_BONUS.round_,
    TIE_BONUS.one_seat,
    TIE_BONUS.check,
    TIE_BONUS.only,
)


# Dealer 9-T: 19, stands; no ace up, so no insurance.
CLEAN = round_(
    # ties 19: the main pushes, Tie 19 pays 50 to 1 and LS (left_19) 15 to 1
    seat(
        1,
        "TS 9H",
        {"main": "20", "tie_19": "5", "tie_left": "5"},
        {"tie_19": "250", "tie_left": "75"},
        [hand("TS 9H", "0")],
    ),
    # a natural pays 3 to 2; a player Blackjack against a dealer non-Blackjack loses RS
    seat(2, "AS KD", {"main": "20", "tie_right": "5"}, {"tie_right": "-5"}, [hand("AS KD", "30")]),
    # doubles 11 to 20: wins twice the stake; 20 is no tie
    seat(
        3,
        "5C 6D",
        {"main": "20", "tie_20": "5"},
        {"tie_20": "-5"},
        [hand("5C 6D 9S", "40", doubled=True)],
    ),
    # splits eights: 19 pushes, 18 loses; the first hand ties 19 and decides the tie wagers
    seat(
        4,
        "8S 8H",
        {"main": "20", "tie_19": "5", "tie_18": "5"},
        {"tie_19": "250", "tie_18": "-5"},
        [hand("8S 3C 8C", "0"), hand("8H TH", "-20")],
    ),
)


def clean() -> dict:
    return copy.deepcopy(CLEAN)
