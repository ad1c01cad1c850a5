"""The registry API's rules-in-force answer: what is in force for a round, or why not."""

from __future__ import annotations

import pytest

# ruff: noqa: F811 (the fixtures imported from api_support are test arguments)
from tests.games.api_support import (  # noqa: F401
    API,
    as_user,
    fast_passwords,
    ok,
    results,
    reviewer,
    staff,
    url,
    world,
)

RULES_IN_FORCE = f"{API}rules-in-force/"
ROUND = "venue=WA-CR-0042&table=T3&game=toss-one-21"


def test_rules_in_force_for_staffs_own_venue(world, staff):
    answer = ok(
        staff.get(
            f"{RULES_IN_FORCE}?{ROUND}&at=2026-11-01T21:14:00-08:00"
            "&option=blackjack_pays:3:2&option=lucky3_paytable:1"
        )
    )
    assert answer["in_force"] is True
    assert answer["local_date"] == "2026-11-01"
    assert answer["approval"]["content_hash"] == world.approval.content_hash
    assert answer["paytables"]["lucky3"]["id"] == world.lucky3.pk
    assert [lim["amount"] for lim in answer["limits"]] == ["400.00"]


def test_rules_in_force_takes_options_as_json_and_utc(world, staff):
    query = (
        f'{ROUND}&at=2022-06-01T03:00:00Z&options={{"blackjack_pays": "6:5", "lucky3_paytable": 1}}'
    )
    answer = ok(staff.get(f"{RULES_IN_FORCE}?{query}"))
    assert answer["in_force"] is True
    assert answer["local_date"] == "2022-05-31"  # 8 pm in Washington
    assert [lim["amount"] for lim in answer["limits"]] == ["300.00"]


def test_rules_in_force_says_why_not(world, staff):
    answer = ok(staff.get(f"{RULES_IN_FORCE}?{ROUND}&at=2018-02-15T12:00:00-08:00"))
    assert (answer["in_force"], answer["reason_code"]) == (False, "conditions_not_met")
    answer = ok(staff.get(f"{RULES_IN_FORCE}?{ROUND.replace('T3', 'T4')}&at=2020-01-01T00:00Z"))
    assert (answer["in_force"], answer["reason_code"]) == (False, "unknown_table")


@pytest.mark.parametrize(
    ("query", "field", "says"),
    [
        ("at=2026-11-01T21:14:00", "at", "has no UTC offset"),
        ("at=2026-11-01", "at", "has no UTC offset"),
        ("at=yesterday", "at", "is not an RFC 3339 time"),
        ("at=2026-11-01T21:14:00+01:00".replace("+", " "), "at", "write it %2B"),
        ("at=2026-13-01T21:14:00Z", "at", "is not an RFC 3339 time"),
        ("at=0001-01-01T00:00:00%2B14:00", "at", "out of range"),
        ("at=9999-12-31T23:59:59-12:00", "at", "out of range"),
        ("", "at", "required"),
        ("at=2026-11-01T21:14:00Z&option=blackjack_pays", "option", "is not name:value"),
        (
            "at=2026-11-01T21:14:00Z&option=blackjack_pays:3:2&option=blackjack_pays:6:5",
            "option",
            "declared twice",
        ),
        ("at=2026-11-01T21:14:00Z&options=[1]", "options", "a JSON object"),
        ("at=2026-11-01T21:14:00Z&options={nope", "options", "a JSON object"),
        ('at=2026-11-01T21:14:00Z&options={"a":{"b":1}}', "options", "a JSON object"),
        ("at=2026-11-01T21:14:00Z&options=" + "[" * 100_000, "options", "a JSON object"),
    ],
)
def test_rules_in_force_refuses_malformed_queries(world, staff, query, field, says):
    response = staff.get(f"{RULES_IN_FORCE}?{ROUND}&{query}")
    assert response.status_code == 400
    assert response.json()["field"] == field
    assert says in response.json()["message"]


def test_rules_in_force_needs_venue_table_and_game(world, staff):
    response = staff.get(f"{RULES_IN_FORCE}?at=2026-11-01T21:14:00Z")
    assert response.status_code == 400
    assert set(response.json()["errors"]) == {"venue", "table", "game"}
