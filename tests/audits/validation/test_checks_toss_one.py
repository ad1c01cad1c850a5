"""Golden Toss One 21 rounds: each finding code the checks can give, exactly."""

from __future__ import annotations

import json
from decimal import Decimal

import pytest

from audits.validation.context import GameRules, Limit
from audits.validation.games import check_round
from audits.validation.parse import parse_line
from games.engine.toss_one import TossOne21
from games.engine.toss_one_rules import PAYTABLES
from tests.audits.conftest import ROUND

RULES = GameRules(
    game="toss-one-21",
    engine=TossOne21(),
    paytables={"lucky3": PAYTABLES[("lucky3", "1")], "bonus4": PAYTABLES[("bonus4", "1")]},
    limits=(
        Limit(
            "max_single_wager",
            Decimal("400"),
            "",
            "WAC 230-15-140 (WSR 23-09-065)",
            "any single wager",
        ),
        Limit("min_single_wager", Decimal("5"), "", "house table minimum", "table T2"),
        Limit("max_aggregate_payout", Decimal("1000"), "", "WAC 230-15-490", "each round"),
    ),
    wagers=("main", "lucky3", "bonus4"),
    rule_version="toss-one-21 rule version 1",
)


def findings(**changes):
    data = json.loads(json.dumps(ROUND))
    for path, value in changes.items():
        target = data
        *parents, last = path.split("__")
        for part in parents:
            target = target[int(part)] if part.isdigit() else target[part]
        target[int(last) if last.isdigit() else last] = value
    return check_round(parse_line(json.dumps(data).encode(), 7), RULES)


def only(found):
    assert len(found) == 1, [f.code for f in found]
    return found[0]


def test_the_format_example_with_a_correct_dealer_toss_is_clean():
    assert findings() == []


def test_the_format_example_as_printed_has_a_wrong_dealer_toss():
    f = only(findings(dealer__toss="2H"))
    assert (f.code, f.line, f.seat, f.group) == ("dealer_wrong_toss", 7, None, "procedure")
    assert "rule 5" in f.rule


def test_wrong_player_toss_settles_the_best_hand():
    f = only(findings(seats__0__toss="TS"))  # leaves A K 9 = 20, not the blackjack
    assert (f.code, f.seat, f.group) == ("wrong_toss", 1, "procedure")
    assert "rule 3" in f.rule


@pytest.mark.parametrize(
    "key, recorded, code, expected",
    [
        ("main", "25", "underpaid", "37.50"),
        ("main", "40", "overpaid", "37.50"),
        ("lucky3", "5", "underpaid", "10.00"),
        ("bonus4", "10", "overpaid", "-5"),
    ],
)
def test_payouts_compared_with_the_paytable(key, recorded, code, expected):
    f = only(findings(**{f"seats__0__results__{key}": recorded}))
    assert (f.code, f.key, f.seat) == (code, key, 1)
    assert (f.expected, f.recorded) == (Decimal(expected), Decimal(recorded))


def test_six_to_five_option_changes_the_expected_blackjack_pay():
    f = only(findings(options={"blackjack_pays": "6:5", "lucky3_paytable": "1"}))
    assert (f.code, f.expected, f.recorded) == ("overpaid", Decimal("30.00"), Decimal("37.50"))


def test_over_and_under_the_limits():
    f = only(findings(seats__0__wagers__main="500", seats__0__results__main="750"))
    assert (f.code, f.expected, f.recorded, f.group) == (
        "over_limit",
        Decimal("400"),
        Decimal("500"),
        "wager",
    )
    assert "WAC 230-15-140" in f.rule
    f = only(findings(seats__0__wagers__main="2", seats__0__results__main="3"))
    assert (f.code, f.expected, f.recorded) == ("under_minimum", Decimal("5"), Decimal("2"))


def test_side_bet_without_main_bet():
    found = findings(seats__0__wagers={"lucky3": "5"}, seats__0__results={"lucky3": "10"})
    assert [f.code for f in found] == ["side_bet_without_main"]
    assert found[0].key == "lucky3" and "rule 1" in found[0].rule


def test_wager_without_result_and_result_without_wager():
    found = findings(
        seats__0__results={"main": "37.50", "lucky3": "10", "bonus4": "-5", "extra": "1"}
    )
    assert [(f.code, f.key) for f in found] == [("unknown_wager", "extra")]
    found = findings(seats__0__results={"main": "37.50", "lucky3": "10"})
    assert [(f.code, f.key) for f in found] == [("wager_without_result", "bonus4")]
    found = findings(seats__0__wagers={"main": "25", "lucky3": "5"})
    assert [(f.code, f.key, f.recorded) for f in found] == [
        ("result_without_wager", "bonus4", Decimal("-5"))
    ]


def test_card_counts_and_the_shoe():
    f = only(
        findings(
            seats__0__cards=["TS", "AH", "KC"],
            seats__0__toss=None,
            seats__0__wagers={"main": "25"},
            seats__0__results={"main": "25"},
        )
    )
    assert (f.code, f.seat, f.group) == ("wrong_card_count", 1, "integrity")
    found = findings(dealer__cards=["AS", "KD", "7C"])
    assert [f.code for f in found] == ["wrong_card_count"]
    found = findings(
        shoe={"decks": 1}, seats__0__cards=["AS", "AH", "KC", "9D"], seats__0__toss="9D"
    )
    assert "card_over_shoe" in [f.code for f in found]
    # the shoe's size is a term of the authorization, judged before the round is settled
    assert findings(shoe={"decks": 3}) == []


def test_toss_that_is_not_one_of_the_cards():
    f = only(findings(seats__0__toss="2C"))
    assert (f.code, f.seat, f.group) == ("toss_not_in_hand", 1, "integrity")
    f = only(findings(dealer__toss="2C"))
    assert (f.code, f.seat) == ("toss_not_in_hand", None)


def test_aggregate_payout_limit():
    seat = dict(ROUND["seats"][0], wagers={"main": "400"}, results={"main": "600"})
    seats = [dict(seat, seat=n) for n in (1, 2)]
    f = only(findings(seats=seats))
    assert (f.code, f.expected, f.recorded, f.group) == (
        "aggregate_payout_exceeded",
        Decimal("1000"),
        Decimal("1200"),
        "payout",
    )


def test_player_bust_loses_every_wager():
    clean = findings(
        seats__0__cards=["TS", "QH", "KD", "9C"],
        seats__0__toss=None,
        seats__0__results={"main": "-25", "lucky3": "-5", "bonus4": "-5"},
    )
    assert clean == []
