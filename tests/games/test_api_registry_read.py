"""The registry API: lists, details and filters, and its answers to malformed queries."""

from __future__ import annotations

import pytest

from games.models import ParSheet

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
from tests.games.conftest import TOSS_RULES

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
    # in the approving jurisdiction's time, with its offset
    assert approval["events"][-1]["at"] == "2017-04-27T09:00:00-07:00"


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
