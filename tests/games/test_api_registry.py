"""The registry API: lists, details and filters, the reviewer's writes, and its refusals."""

from __future__ import annotations

import pytest
from django.contrib.staticfiles import finders
from django.core.management import call_command

from compliance.api_errors import json_exception_handler
from games.models import (
    Approval,
    ApprovalStatus,
    ImmutableRecordError,
    ParSheet,
    Paytable,
    RuleVersion,
    WagerLimit,
)

# ruff: noqa: F811 (the fixtures imported from api_support are test arguments)
from .api_support import API, as_user, fast_passwords, url, world  # noqa: F401
from .conftest import LUCKY3_1, TOSS_RULES

RULES_IN_FORCE = f"{API}rules-in-force/"


@pytest.fixture
def reviewer(world, as_user):
    return as_user(world.reviewer)


@pytest.fixture
def staff(world, as_user):
    return as_user(world.staff)


def ok(response, status: int = 200):
    assert response.status_code == status, response.json()
    return response.json()


def results(response) -> list[dict]:
    return ok(response)["results"]


# ------------------------------------------------------------------ reading


def test_jurisdiction_lists_its_operator_classes(world, reviewer):
    (wa,) = results(reviewer.get(url("jurisdictions")))
    assert wa["code"] == "wa-wsgc"
    assert wa["timezone"] == "America/Los_Angeles"
    assert {c["code"] for c in wa["operator_classes"]} == {"commercial-card-room", "tribal-casino"}
    assert ok(reviewer.get(url("jurisdictions", world.wa.pk)))["name"].startswith("Washington")


def test_regulation_lists_its_limits(world, reviewer):
    regulation = ok(reviewer.get(url("regulations", world.wac140.pk)))
    assert regulation["citation"] == "WAC 230-15-140"
    assert [(lim["amount"], lim["effective_to"]) for lim in regulation["limits"]] == [
        ("300.00", "2023-08-19"),
        ("400.00", None),
    ]


@pytest.mark.parametrize(
    ("query", "amounts"),
    [
        ("", ["300.00", "400.00"]),
        ("?jurisdiction=wa-wsgc", ["300.00", "400.00"]),
        ("?jurisdiction=or-lottery", []),
        ("?kind=max_single_wager", ["300.00", "400.00"]),
        ("?kind=min_single_wager", []),
        ("?in_force_on=2022-06-01", ["300.00"]),
        ("?in_force_on=2023-08-19", ["300.00"]),
        ("?in_force_on=2023-08-20", ["400.00"]),
        ("?in_force_on=2009-06-30", []),
        ("?jurisdiction=wa-wsgc&kind=max_single_wager&in_force_on=2026-11-01", ["400.00"]),
    ],
)
def test_limits_filter_by_jurisdiction_kind_and_date(world, reviewer, query, amounts):
    assert [lim["amount"] for lim in results(reviewer.get(url("limits") + query))] == amounts


def test_manufacturers_and_games(world, reviewer):
    (ags,) = results(reviewer.get(url("manufacturers")))
    assert (ags["name"], ags["games"]) == ("AGS LLC", ["toss-one-21"])
    (toss,) = results(reviewer.get(url("games") + "?code=toss-one-21"))
    assert (toss["name"], toss["manufacturer_name"]) == ("Toss One 21", "AGS LLC")


def test_rule_versions_filter_by_game_and_frozen(world, reviewer):
    listed = results(reviewer.get(url("rule-versions") + "?game=toss-one-21"))
    assert [(rv["version"], rv["frozen"]) for rv in listed] == [(1, True), (2, False)]
    frozen = results(reviewer.get(url("rule-versions") + "?frozen=true"))
    assert [rv["id"] for rv in frozen] == [world.rules.pk]
    drafts = results(reviewer.get(url("rule-versions") + "?frozen=false"))
    assert [rv["id"] for rv in drafts] == [world.draft.pk]
    assert results(reviewer.get(url("rule-versions") + "?game=ante-up-21")) == []


def test_rule_version_detail(world, reviewer):
    rv = ok(reviewer.get(url("rule-versions", world.rules.pk)))
    assert rv["rules"] == TOSS_RULES
    assert rv["parameters"]["kicker_ace"] == "high"
    assert rv["options"] == {"blackjack_pays": ["3:2", "6:5"], "lucky3_paytable": ["1"]}
    assert rv["decks_allowed"] == [1, 6]
    assert rv["content_hash"] == world.rules.content_hash
    assert {p["wager_key"] for p in rv["paytables"]} == {"lucky3", "bonus4"}
    summary = {
        (s["wager_key"], s["decks"], s["options"].get("blackjack_pays")) for s in rv["par_sheets"]
    }
    assert ("main", 1, "3:2") in summary and ("lucky3", 6, None) in summary
    assert len(rv["par_sheets"]) == ParSheet.objects.filter(rule_version=world.rules).count()
    assert set(rv["par_sheets"][0]) == {
        "id",
        "paytable",
        "decks",
        "options",
        "wager_key",
        "house_edge",
    }


@pytest.mark.parametrize(
    ("query", "keys"),
    [
        ("?game=toss-one-21", {"lucky3", "bonus4"}),
        ("?wager_key=lucky3", {"lucky3"}),
        ("?code=1&wager_key=bonus4", {"bonus4"}),
        ("?code=2", set()),
        ("?illustrative=true", set()),
    ],
)
def test_paytables_filter(world, reviewer, query, keys):
    assert {p["wager_key"] for p in results(reviewer.get(url("paytables") + query))} == keys


def test_paytable_detail_has_entries_and_full_par_sheets(world, reviewer):
    paytable = ok(reviewer.get(url("paytables", world.lucky3.pk)))
    assert paytable["entries"]["suited_blackjack"] == "40 to 1"
    assert paytable["content_hash"] == world.lucky3.content_hash
    assert paytable["illustrative"] is False
    assert paytable["source"] == "002 #1"
    assert [s["decks"] for s in paytable["par_sheets"]] == [1, 6]
    sheet = paytable["par_sheets"][0]["sheet"]
    assert sheet["house_edge"] == pytest.approx(paytable["par_sheets"][0]["house_edge"])
    assert sheet["outcomes"]


@pytest.mark.parametrize(
    ("query", "references"),
    [
        ("?jurisdiction=wa-wsgc", {"WSGC letter 2017-04-27", "WSGC pending request"}),
        ("?status=approved", {"WSGC letter 2017-04-27"}),
        ("?status=submitted&game=toss-one-21", {"WSGC pending request"}),
        ("?game=ante-up-21", set()),
    ],
)
def test_approvals_filter(world, reviewer, query, references):
    listed = results(reviewer.get(url("approvals") + query))
    assert {a["reference"] for a in listed} == references


def test_approval_detail(world, reviewer):
    approval = ok(reviewer.get(url("approvals", world.approval.pk)))
    assert approval["status"] == "approved"
    assert approval["content_hash"] == world.approval.content_hash
    assert approval["rule_version_hash"] == world.rules.content_hash
    assert approval["allowed_options"]["blackjack_pays"] == ["3:2", "6:5"]
    assert {(c["operator_class_code"], c["kind"]) for c in approval["conditions"]} == {
        ("commercial-card-room", "internal_controls"),
        ("tribal-casino", "tribal_agency_approval"),
    }
    assert {p["id"] for p in approval["paytables"]} == {world.lucky3.pk, world.bonus4.pk}
    assert [(e["from_status"], e["to_status"]) for e in approval["events"]] == [
        ("", "submitted"),
        ("submitted", "under_review"),
        ("under_review", "approved"),
    ]
    assert approval["events"][-1]["actor_label"] == "reviewer"
    assert approval["events"][-1]["reason"] == "letter of 27 April 2017"
    assert approval["events"][-1]["at"] == "2017-04-27T16:00:00Z"


def test_licensees_venues_and_authorizations(world, staff):
    (licensee,) = results(staff.get(url("licensees")))
    assert [v["code"] for v in licensee["venues"]] == ["WA-CR-0042"]
    venue = ok(staff.get(url("venues", world.venue.pk)))
    assert venue["operator_class_code"] == "commercial-card-room"
    assert venue["tables"] == [{"id": world.t3.pk, "code": "T3"}]
    (authorization,) = venue["authorizations"]
    assert authorization["game"] == "toss-one-21"
    assert authorization["conditions_met"][0]["met_on"] == "2018-03-01"
    listed = results(staff.get(url("authorizations") + "?venue=WA-CR-0042&effective_on=2020-01-01"))
    assert [a["id"] for a in listed] == [world.authorization.pk]
    assert results(staff.get(url("authorizations") + "?effective_on=2017-12-31")) == []


def test_lists_are_paginated(world, reviewer):
    page = ok(reviewer.get(url("limits") + "?page_size=1"))
    assert page["count"] == 2 and len(page["results"]) == 1 and page["next"]
    page = ok(reviewer.get(url("limits") + "?page_size=1&page=2"))
    assert page["results"][0]["amount"] == "400.00" and page["next"] is None


def test_lists_do_not_query_per_row(world, reviewer, django_assert_max_num_queries):
    with django_assert_max_num_queries(12):
        ok(reviewer.get(url("venues")))
    with django_assert_max_num_queries(12):
        ok(reviewer.get(url("approvals", world.approval.pk)))
    with django_assert_max_num_queries(12):
        ok(reviewer.get(url("rule-versions", world.rules.pk)))


# ------------------------------------------------------------------ rules in force

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


# ------------------------------------------------------------------ malformed queries


@pytest.mark.parametrize(
    ("path", "field"),
    [
        ("limits/?in_force_on=2023-02-30", "in_force_on"),
        ("limits/?in_force_on=01/02/2023", "in_force_on"),
        ("limits/?kind=biggest", "kind"),
        ("limits/?regulation=abc", "regulation"),
        ("approvals/?status=pending", "status"),
        ("approvals/?rule_version=1.5", "rule_version"),
        ("approvals/?rule_version=-1", "rule_version"),
        ("paytables/?rule_version=99999999999999999999999", "rule_version"),
        ("rule-versions/?frozen=maybe", "frozen"),
        ("venues/?licensee=x", "licensee"),
        ("authorizations/?effective_on=soon", "effective_on"),
        ("games/?page=abc", "page"),
        ("games/?page=0", "page"),
        ("games/?page_size=-5", "page_size"),
    ],
)
def test_malformed_query_params_are_400(world, reviewer, path, field):
    response = reviewer.get(API + path)
    assert response.status_code == 400
    assert response.json()["field"] == field
    assert response.json()["message"].startswith(f"{field}: ")


@pytest.mark.parametrize(
    "path",
    ["approvals/abc/", "approvals/1.5/", "approvals/-1/", "approvals/99999999999999999999999/"],
)
def test_malformed_or_unknown_ids_in_paths_are_404(world, reviewer, path):
    assert reviewer.get(API + path).status_code == 404


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


# ------------------------------------------------------------------ immutability over HTTP


@pytest.mark.parametrize("method", ["put", "patch", "delete"])
@pytest.mark.parametrize("record", ["approval", "rules", "lucky3"])
def test_approved_records_cannot_be_edited_or_deleted(world, reviewer, method, record):
    resource = {"approval": "approvals", "rules": "rule-versions", "lucky3": "paytables"}[record]
    instance = getattr(world, record)
    model = type(instance)
    before = model.objects.filter(pk=instance.pk).values().get()
    response = getattr(reviewer, method)(
        url(resource, instance.pk), {"status": "revoked", "title": "changed"}, format="json"
    )
    assert response.status_code == 405
    assert response.json()["message"] == f'Method "{method.upper()}" not allowed.'
    assert model.objects.filter(pk=instance.pk).values().get() == before


def test_limits_cannot_be_replaced_or_deleted(world, reviewer):
    assert reviewer.put(url("limits", world.limit_400.pk), {}, format="json").status_code == 405
    assert reviewer.delete(url("limits", world.limit_400.pk)).status_code == 405
    assert WagerLimit.objects.filter(pk=world.limit_400.pk).exists()


def test_transition_along_a_forbidden_edge_is_400(world, reviewer):
    response = reviewer.post(
        url("approvals", world.approval.pk, "transition"),
        {"to_status": "under_review", "reason": "reopen"},
        format="json",
    )
    assert response.status_code == 400
    assert response.json() == {
        "message": "an approval that is approved can move to revoked, superseded, not under_review",
        "field": "status",
        "errors": {
            "status": [
                "an approval that is approved can move to revoked, superseded, not under_review"
            ]
        },
    }
    approval = Approval.objects.get(pk=world.approval.pk)
    assert approval.status == ApprovalStatus.APPROVED
    assert approval.events.count() == 3


def test_transition_needs_a_known_status_and_a_reason(world, reviewer):
    transition = url("approvals", world.pending.pk, "transition")
    response = reviewer.post(transition, {"to_status": "done", "reason": "x"}, format="json")
    assert (response.status_code, response.json()["field"]) == (400, "to_status")
    response = reviewer.post(transition, {"to_status": "denied", "reason": " "}, format="json")
    assert (response.status_code, response.json()["field"]) == (400, "reason")
    assert Approval.objects.get(pk=world.pending.pk).status == "submitted"


def test_revoking_an_approval_is_a_transition(world, reviewer):
    response = reviewer.post(
        url("approvals", world.approval.pk, "transition"),
        {"to_status": "revoked", "reason": "licence withdrawn", "decision_date": "2030-01-01"},
        format="json",
    )
    revoked = ok(response)
    assert revoked["status"] == "revoked"
    assert revoked["decision_date"] == "2017-04-27"  # the decision stays as it was
    assert revoked["content_hash"] == world.approval.content_hash


def test_error_handler_maps_immutable_records_to_409(world):
    response = json_exception_handler(ImmutableRecordError("frozen"), {})
    assert (response.status_code, response.data) == (409, {"message": "frozen", "field": None})


# ------------------------------------------------------------------ schema and docs


def test_openapi_schema_generates_without_warnings(tmp_path):
    call_command("spectacular", "--validate", "--fail-on-warn", "--file", str(tmp_path / "s.yaml"))
    schema = (tmp_path / "s.yaml").read_text()
    for path in ("/api/registry/rules-in-force/:", "/api/registry/approvals/{id}/transition/:"):
        assert path in schema


@pytest.mark.django_db
def test_docs_use_the_sidecar_not_a_cdn(client):
    page = client.get("/api/docs/").content.decode()
    assert "/static/drf_spectacular_sidecar/swagger-ui-dist/swagger-ui-bundle.js" in page
    assert "cdn" not in page.lower()
    assert finders.find("drf_spectacular_sidecar/swagger-ui-dist/swagger-ui-bundle.js")
