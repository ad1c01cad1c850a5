"""The registry API: the reviewer's writes, and the refusal of invalid ones."""

from __future__ import annotations

import pytest

from games.models import Approval, Paytable, RuleVersion, WagerLimit

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
from tests.games.conftest import LUCKY3_1, TOSS_RULES

# ------------------------------------------------------------------ the reviewer's writes


def test_reviewer_creates_rule_version_paytable_and_takes_an_approval_through(
    world, reviewer, as_user
):
    rv = ok(
        reviewer.post(
            url("rule-versions"),
            {
                "game": world.toss.pk,
                "title": "Toss One 21 - Rules of Play (2026)",
                "rules": TOSS_RULES,
                "options": {"blackjack_pays": ["3:2", "6:5"], "lucky3_paytable": ["1"]},
                "decks_allowed": [6, 1],
                "source_document": "000_cf8f04cc5a045191.txt",
            },
            format="json",
        ),
        201,
    )
    assert (rv["version"], rv["frozen"], rv["decks_allowed"]) == (3, False, [1, 6])
    assert rv["parameters"]["kicker_ace"] == "high"  # defaults filled in by the service
    assert len(rv["content_hash"]) == 64

    paytable = ok(
        reviewer.post(
            url("paytables"),
            {
                "rule_version": rv["id"],
                "wager_key": "lucky3",
                "code": "1",
                "entries": LUCKY3_1,
                "source": "002 #1",
            },
            format="json",
        ),
        201,
    )
    assert paytable["frozen"] is True
    assert [s["decks"] for s in paytable["par_sheets"]] == [1, 6]
    assert Paytable.history.get(id=paytable["id"]).history_user == world.reviewer

    approval = ok(
        reviewer.post(
            url("approvals"),
            {
                "rule_version": rv["id"],
                "reference": "WSGC letter 2026-01-15",
                "allowed_options": {"blackjack_pays": ["3:2"], "lucky3_paytable": ["1"]},
                "paytables": [paytable["id"]],
                "conditions": [
                    {
                        "operator_class": world.card_room.pk,
                        "kind": "internal_controls",
                        "text": "internal controls approved first",
                        "venue_must_meet": True,
                    }
                ],
            },
            format="json",
        ),
        201,
    )
    assert (approval["jurisdiction"], approval["status"]) == ("wa-wsgc", "submitted")
    assert approval["content_hash"] == ""
    assert RuleVersion.objects.get(pk=rv["id"]).frozen  # submitting froze the rules

    transition = url("approvals", approval["id"], "transition")
    step = {"to_status": "under_review", "reason": "complete submission"}
    assert ok(reviewer.post(transition, step, format="json"))["status"] == "under_review"
    step = {
        "to_status": "approved",
        "reason": "letter of 15 January",
        "decision_date": "2026-01-15",
    }
    approved = ok(reviewer.post(transition, step, format="json"))

    assert (approved["status"], approved["decision_date"]) == ("approved", "2026-01-15")
    assert len(approved["content_hash"]) == 64
    assert [
        (e["from_status"], e["to_status"], e["actor_label"], e["reason"])
        for e in approved["events"]
    ] == [
        ("", "submitted", "reviewer", "submitted for approval"),
        ("submitted", "under_review", "reviewer", "complete submission"),
        ("under_review", "approved", "reviewer", "letter of 15 January"),
    ]
    assert Approval.objects.get(pk=approval["id"]).events.filter(actor=world.reviewer).count() == 3

    # staff see none of it: no venue of theirs uses it
    staff = as_user(world.staff)
    assert staff.get(url("paytables", paytable["id"])).status_code == 404
    assert staff.get(url("approvals", approval["id"])).status_code == 404
    assert staff.get(url("rule-versions", rv["id"])).status_code == 404


def test_reviewer_authorizes_a_venue(world, reviewer):
    condition = world.approval.conditions.get(operator_class=world.card_room)
    created = ok(
        reviewer.post(
            url("authorizations"),
            {
                "venue": world.other_venue.pk,
                "approval": world.approval.pk,
                "options": {"lucky3_paytable": "1"},
                "decks": [6],
                "effective_from": "2026-01-01",
                "conditions_met": [
                    {"condition": condition.pk, "met_on": "2025-12-01", "evidence": "letter"}
                ],
            },
            format="json",
        ),
        201,
    )
    assert (created["venue_code"], created["decks"]) == ("WA-CR-0099", [6])
    assert created["conditions_met"][0]["kind"] == "internal_controls"


def test_reviewer_adds_and_corrects_a_limit(world, reviewer):
    created = ok(
        reviewer.post(
            url("limits"),
            {
                "regulation": world.wac140.pk,
                "kind": "max_aggregate_payout",
                "amount": "25000",
                "effective_from": "2024-01-01",
                "source": "WAC 230-15-140(2)",
                "table": world.t3.pk,
            },
            format="json",
        ),
        201,
    )
    assert (created["amount"], created["table_label"]) == ("25000.00", "WA-CR-0042/T3")
    corrected = ok(reviewer.patch(url("limits", created["id"]), {"amount": "30000"}, format="json"))
    assert corrected["amount"] == "30000.00"
    history = WagerLimit.history.filter(id=created["id"]).order_by("history_date")
    assert [str(h.amount) for h in history] == ["25000.00", "30000.00"]
    assert {h.history_user for h in history} == {world.reviewer}


def test_a_new_limit_value_follows_the_closing_of_the_current_one(world, reviewer):
    new_value = {
        "regulation": world.wac140.pk,
        "kind": "max_single_wager",
        "amount": "500",
        "effective_from": "2027-01-01",
        "source": "WAC 230-15-140",
    }
    refused = reviewer.post(url("limits"), new_value, format="json")
    assert refused.status_code == 400
    assert refused.json()["field"] == "effective_from"
    assert "close it first (effective_to 2026-12-31)" in refused.json()["message"]
    ok(
        reviewer.patch(
            url("limits", world.limit_400.pk), {"effective_to": "2026-12-31"}, format="json"
        )
    )
    ok(reviewer.post(url("limits"), new_value, format="json"), 201)
    in_2027 = results(reviewer.get(url("limits") + "?in_force_on=2027-06-01"))
    assert [lim["amount"] for lim in in_2027] == ["500.00"]


@pytest.mark.parametrize(
    ("body", "field", "says"),
    [
        ({"kind": "min_single_wager"}, "kind", "cannot be changed"),
        ({"regulation": 1}, "regulation", "cannot be changed"),
        ({"effective_to": "2000-01-01"}, None, "wager_limit_dates_in_order"),
        ({"amount": "-1"}, "amount", "greater than or equal to 0"),
        ({}, None, "nothing to change"),
    ],
)
def test_limit_corrections_are_validated(world, reviewer, body, field, says):
    before = WagerLimit.objects.get(pk=world.limit_400.pk)
    response = reviewer.patch(url("limits", world.limit_400.pk), body, format="json")
    assert response.status_code == 400
    assert response.json()["field"] == field
    assert says in response.json()["message"]
    after = WagerLimit.objects.get(pk=world.limit_400.pk)
    assert (after.amount, after.effective_to, after.kind) == (
        before.amount,
        before.effective_to,
        before.kind,
    )


@pytest.mark.parametrize(
    ("resource", "body", "field", "says"),
    [
        ("rule-versions", {"parameters": {"kicker_ace": "sideways"}}, "parameters", "kicker_ace"),
        ("rule-versions", {"parameters": {"nonsense": 1}}, "parameters", "unknown parameter"),
        ("rule-versions", {"options": {"side_bet": ["x"]}}, "options", "no option"),
        ("rule-versions", {"decks_allowed": [9]}, "decks_allowed.0", "less than or equal to 8"),
        ("rule-versions", {"decks_allowed": []}, "decks_allowed", "may not be empty"),
        ("rule-versions", {"rules": [{"number": "1"}]}, "rules.0.text", "required"),
        ("rule-versions", {"game": "toss-one-21"}, "game", "valid integer"),
        ("rule-versions", {"game": 999999}, "game", "no record with id 999999"),
        ("paytables", {"entries": {"suited_blackjack": "lots"}}, "entries", "is not odds"),
        ("paytables", {"entries": {"jackpot": "1 to 1"}}, "entries", "unknown outcome"),
        ("paytables", {"entries": {"suited_21": "1:0"}}, "entries", "zero divisor"),
        ("paytables", {"wager_key": "main"}, "wager_key", "no paytable wager"),
        (
            "paytables",
            {"entries": {"suited_21": "9" * 400 + " to 1"}},
            "entries",
            "beyond any paytable's odds",
        ),
        ("rule-versions", {"rules": "abc"}, "rules", "Expected a list"),
        ("rule-versions", {"options": {"blackjack_pays": "3:2"}}, "options.blackjack_pays", "list"),
        (
            "approvals",
            {"allowed_options": {"blackjack_pays": ["1:1"]}},
            "allowed_options",
            "not offered",
        ),
        (
            "approvals",
            lambda w: {"paytables": [w.lucky3.pk, w.lucky3.pk]},
            "paytables",
            "more than once",
        ),
        ("approvals", {"conditions": [{"kind": "x"}]}, "conditions.0.operator_class", "required"),
        (
            "authorizations",
            {"options": {"lucky3_paytable": "2"}},
            "options",
            "not an approved variant",
        ),
        ("authorizations", {"decks": [2]}, "decks", "not within"),
        ("authorizations", {"effective_to": "2000-01-01"}, "effective_to", "before the first"),
        ("limits", {"effective_from": "tomorrow"}, "effective_from", "Date has wrong format"),
        ("limits", {"operator_class": 999999}, "operator_class", "no record with id"),
    ],
)
def test_invalid_writes_are_400_with_message_and_field(
    world, reviewer, resource, body, field, says
):
    valid = {
        "rule-versions": {
            "game": world.toss.pk,
            "title": "t",
            "rules": TOSS_RULES,
            "decks_allowed": [6],
        },
        "paytables": {
            "rule_version": world.rules.pk,
            "wager_key": "lucky3",
            "code": "9",
            "entries": LUCKY3_1,
            "source": "s",
        },
        "approvals": {"rule_version": world.rules.pk, "reference": "r"},
        "authorizations": {
            "venue": world.venue.pk,
            "approval": world.approval.pk,
            "effective_from": "2026-01-01",
        },
        "limits": {
            "regulation": world.wac140.pk,
            "kind": "min_single_wager",
            "amount": "5",
            "effective_from": "2026-01-01",
            "source": "s",
        },
    }[resource]
    counts = (RuleVersion.objects.count(), Paytable.objects.count(), Approval.objects.count())
    body = body(world) if callable(body) else body
    response = reviewer.post(url(resource), {**valid, **body}, format="json")
    assert response.status_code == 400, response.json()
    assert response.json()["field"] == field
    assert says in response.json()["message"]
    assert (
        RuleVersion.objects.count(),
        Paytable.objects.count(),
        Approval.objects.count(),
    ) == counts


def test_malformed_json_is_400(world, reviewer):
    response = reviewer.post(url("limits"), "{nope", content_type="application/json")
    assert response.status_code == 400
    assert "JSON parse error" in response.json()["message"]
    response = reviewer.post(url("limits"), [1, 2], format="json")
    assert response.status_code == 400
    assert response.json()["message"] == "Invalid data. Expected a dictionary, but got list."
    assert response.json()["field"] is None
    response = reviewer.post(url("limits"), "regulation=1", content_type="text/plain")
    assert response.status_code == 415
