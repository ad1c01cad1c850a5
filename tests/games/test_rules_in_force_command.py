"""``manage.py rules_in_force`` after loading the Washington and demo files."""

from __future__ import annotations

import json

import pytest
from django.core.management import CommandError

from tests.games.registry_support import DEMO, TOSS_ONE_APPROVAL, WASHINGTON, run

IN_FORCE = (
    "rules_in_force",
    "--venue",
    "WA-CR-0042",
    "--table",
    "T1",
    "--game",
    "toss-one-21",
    "--option",
    "blackjack_pays=3:2",
    "--option",
    "lucky3_paytable=1",
)


def state_limits(data: dict) -> list[str]:
    return [
        lim["amount"]
        for lim in data["limits"]
        if lim["scope"] == "on any single wager at commercial card rooms"
    ]


def test_rules_in_force_command_after_loading_both_files(db):
    run("load_registry", str(WASHINGTON), str(DEMO))

    now = json.loads(run(*IN_FORCE, "--at", "2026-11-01T21:14:03-08:00", "--json"))
    assert now["in_force"] is True
    assert now["approval"]["reference"] == TOSS_ONE_APPROVAL
    assert set(now["paytables"]) == {"lucky3", "bonus4"}
    assert now["paytables"]["lucky3"]["code"] == "1"
    assert state_limits(now) == ["400.00"]
    table_limits = [lim["amount"] for lim in now["limits"] if lim["scope"].endswith("table T1")]
    assert table_limits == ["100.00"]

    before = json.loads(run(*IN_FORCE, "--at", "2022-06-01T12:00:00-07:00", "--json"))
    assert before["in_force"] is True and state_limits(before) == ["300.00"]

    text = run(*IN_FORCE, "--at", "2026-11-01T21:14:03-08:00")
    assert text.startswith("IN FORCE at WA-CR-0042/T1 toss-one-21")
    assert "limit max_single_wager 400.00" in text

    tribal = run(*IN_FORCE[:2], "WA-TC-0007", *IN_FORCE[3:], "--at", "2019-04-30T12:00:00-07:00")
    assert tribal.startswith("NOT IN FORCE") and "conditions_not_met" in tribal


@pytest.mark.parametrize("at", ["2026-11-01T21:14:03", "2026-11-01", "yesterday"])
def test_rules_in_force_needs_an_rfc3339_time_with_offset(db, at):
    with pytest.raises(CommandError, match="RFC 3339"):
        run(*IN_FORCE, "--at", at)
