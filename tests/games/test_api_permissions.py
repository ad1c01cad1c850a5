"""Who sees and changes what through the registry API: a role x endpoint x record matrix.

Records outside a user's scope answer 404, exactly like records that do not
exist; writes are for reviewers of the jurisdiction concerned (403 otherwise).
"""

from __future__ import annotations

import pytest

from games.models import Approval, Authorization, RuleVersion, WagerLimit

# ruff: noqa: F811 (the fixtures imported from api_support are test arguments)
from tests.games.api_support import API, as_user, fast_passwords, url, world  # noqa: F401
from tests.games.conftest import LUCKY3_1

ROLES = ("reviewer", "staff", "other_staff", "or_reviewer", "admin")

#: record -> (resource, how to find it in ``world``)
RECORDS = {
    "wa-jurisdiction": ("jurisdictions", "wa"),
    "wa-regulation": ("regulations", "wac140"),
    "wa-limit": ("limits", "limit_400"),
    "licensee-0042": ("licensees", "licensee"),
    "licensee-0099": ("licensees", "other_licensee"),
    "venue-0042": ("venues", "venue"),
    "venue-0099": ("venues", "other_venue"),
    "authorization-0042": ("authorizations", "authorization"),
    "authorization-0099": ("authorizations", "other_authorization"),
    "approval-in-use": ("approvals", "approval"),
    "approval-pending": ("approvals", "pending"),
    "rules-in-use": ("rule-versions", "rules"),
    "rules-draft": ("rule-versions", "draft"),
    "paytable-in-use": ("paytables", "lucky3"),
    "or-jurisdiction": ("jurisdictions", "oregon"),
    "or-venue": ("venues", "or_venue"),
}

# 200 = visible, 404 = outside the user's scope.  Columns: ROLES.
VISIBLE = {
    "wa-jurisdiction": (200, 200, 200, 404, 200),
    "wa-regulation": (200, 200, 200, 404, 200),
    "wa-limit": (200, 200, 200, 404, 200),
    "licensee-0042": (200, 200, 404, 404, 200),
    "licensee-0099": (200, 404, 200, 404, 200),
    "venue-0042": (200, 200, 404, 404, 200),
    "venue-0099": (200, 404, 200, 404, 200),
    "authorization-0042": (200, 200, 404, 404, 200),
    "authorization-0099": (200, 404, 200, 404, 200),
    "approval-in-use": (200, 200, 200, 404, 200),  # both venues run it
    "approval-pending": (200, 404, 404, 404, 200),  # no venue uses it
    "rules-in-use": (200, 200, 200, 404, 200),
    "rules-draft": (200, 404, 404, 200, 200),  # drafts: every reviewer, no staff
    "paytable-in-use": (200, 200, 200, 404, 200),
    "or-jurisdiction": (404, 404, 404, 200, 200),
    "or-venue": (404, 404, 404, 200, 200),
}

MATRIX = [
    pytest.param(role, record, VISIBLE[record][i], id=f"{role}-{record}")
    for record in RECORDS
    for i, role in enumerate(ROLES)
]


@pytest.mark.parametrize(("role", "record", "expected"), MATRIX)
def test_detail_visibility(world, as_user, role, record, expected):
    resource, name = RECORDS[record]
    response = as_user(getattr(world, role)).get(url(resource, getattr(world, name).pk))
    assert response.status_code == expected, response.json()
    if expected == 404:
        assert set(response.json()) == {"message", "field"}


#: what each role's lists hold, by a readable key of each item
LISTS = {
    "venues": ("code", {
        "reviewer": {"WA-CR-0042", "WA-CR-0099"},
        "staff": {"WA-CR-0042"},
        "other_staff": {"WA-CR-0099"},
        "or_reviewer": {"OR-CR-0001"},
        "admin": {"WA-CR-0042", "WA-CR-0099", "OR-CR-0001"},
    }),
    "licensees": ("name", {
        "reviewer": {"Lucky Fictional LLC", "Other Fictional Inc"},
        "staff": {"Lucky Fictional LLC"},
        "other_staff": {"Other Fictional Inc"},
        "or_reviewer": {"Beaver Fictional LLC"},
        "admin": {"Lucky Fictional LLC", "Other Fictional Inc", "Beaver Fictional LLC"},
    }),
    "authorizations": ("venue_code", {
        "reviewer": {"WA-CR-0042", "WA-CR-0099"},
        "staff": {"WA-CR-0042"},
        "other_staff": {"WA-CR-0099"},
        "or_reviewer": set(),
        "admin": {"WA-CR-0042", "WA-CR-0099"},
    }),
    "jurisdictions": ("code", {
        "reviewer": {"wa-wsgc"},
        "staff": {"wa-wsgc"},
        "other_staff": {"wa-wsgc"},
        "or_reviewer": {"or-lottery"},
        "admin": {"wa-wsgc", "or-lottery"},
    }),
    "approvals": ("reference", {
        "reviewer": {"WSGC letter 2017-04-27", "WSGC pending request"},
        "staff": {"WSGC letter 2017-04-27"},
        "other_staff": {"WSGC letter 2017-04-27"},
        "or_reviewer": set(),
        "admin": {"WSGC letter 2017-04-27", "WSGC pending request"},
    }),
    "rule-versions": ("title", {
        "reviewer": {"Toss One 21 - Rules of Play", "Toss One 21 - draft"},
        "staff": {"Toss One 21 - Rules of Play"},
        "other_staff": {"Toss One 21 - Rules of Play"},
        "or_reviewer": {"Toss One 21 - draft"},
        "admin": {"Toss One 21 - Rules of Play", "Toss One 21 - draft"},
    }),
    "paytables": ("wager_key", {
        "reviewer": {"lucky3", "bonus4"},
        "staff": {"lucky3", "bonus4"},
        "other_staff": {"lucky3", "bonus4"},
        "or_reviewer": set(),
        "admin": {"lucky3", "bonus4"},
    }),
    "limits": ("filing", {
        "reviewer": {"WSR 09-09-056", "WSR 23-09-065"},
        "staff": {"WSR 09-09-056", "WSR 23-09-065"},
        "other_staff": {"WSR 09-09-056", "WSR 23-09-065"},
        "or_reviewer": set(),
        "admin": {"WSR 09-09-056", "WSR 23-09-065"},
    }),
}  # fmt: skip


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("resource", LISTS)
def test_lists_hold_exactly_what_the_role_may_see(world, as_user, role, resource):
    key, expected = LISTS[resource]
    response = as_user(getattr(world, role)).get(url(resource))
    assert response.status_code == 200
    assert {item[key] for item in response.json()["results"]} == expected[role]


def test_venue_detail_of_staff_shows_only_their_tables_and_authorizations(world, as_user):
    venue = as_user(world.staff).get(url("venues", world.venue.pk)).json()
    assert [t["code"] for t in venue["tables"]] == ["T3"]
    assert [a["id"] for a in venue["authorizations"]] == [world.authorization.pk]


def test_staff_do_not_see_limits_of_another_licensees_table(world, as_user):
    from games.models import Table

    t9 = Table.objects.create(venue=world.other_venue, code="T9")
    limit = WagerLimit.objects.create(
        regulation=world.wac140,
        kind="max_single_wager",
        amount=100,
        effective_from="2024-01-01",
        table=t9,
        source="house limit",
    )
    assert as_user(world.staff).get(url("limits", limit.pk)).status_code == 404
    assert as_user(world.other_staff).get(url("limits", limit.pk)).status_code == 200
    regulation = as_user(world.staff).get(url("regulations", world.wac140.pk)).json()
    assert limit.pk not in [item["id"] for item in regulation["limits"]]


@pytest.mark.parametrize("resource", [*LISTS, "regulations", "manufacturers", "games"])
def test_anonymous_is_refused(world, as_user, resource):
    response = as_user(None).get(url(resource))
    assert response.status_code in (401, 403)
    assert "message" in response.json()


def test_user_without_a_role_is_refused(world, as_user):
    assert as_user(world.nobody).get(url("venues")).status_code == 403
    query = "?venue=WA-CR-0042&table=T3&game=toss-one-21&at=2026-11-01T21:14:00Z"
    assert as_user(world.nobody).get(f"{API}rules-in-force/{query}").status_code == 403


def test_session_login_works_too(world):
    from rest_framework.test import APIClient

    client = APIClient()
    signed_in = client.post("/accounts/login/", {"username": "staff", "password": "pw"})
    assert signed_in.status_code == 302
    assert client.get(url("venues", world.venue.pk)).status_code == 200
    assert client.get(url("venues", world.other_venue.pk)).status_code == 404


# ------------------------------------------------------------------ rules in force

API_RULES = f"{API}rules-in-force/"
ROUND = "table=T3&game=toss-one-21&at=2026-11-01T21:14:00-08:00&option=blackjack_pays:3:2"


@pytest.mark.parametrize(
    ("role", "venue", "expected"),
    [
        ("staff", "WA-CR-0042", 200),
        ("staff", "WA-CR-0099", 404),
        ("other_staff", "WA-CR-0042", 404),
        ("other_staff", "WA-CR-0099", 200),
        ("reviewer", "WA-CR-0042", 200),
        ("reviewer", "OR-CR-0001", 404),
        ("or_reviewer", "WA-CR-0042", 404),
        ("or_reviewer", "OR-CR-0001", 200),
        ("admin", "WA-CR-0099", 200),
        ("staff", "NO-SUCH-VENUE", 404),
    ],
)
def test_rules_in_force_only_for_visible_venues(world, as_user, role, venue, expected):
    response = as_user(getattr(world, role)).get(
        f"{API_RULES}?venue={venue}&{ROUND}&option=lucky3_paytable:1"
    )
    assert response.status_code == expected, response.json()
    if expected == 404:
        assert response.json() == {
            "message": f"no venue {venue!r} that you may see",
            "field": None,
        }


# ------------------------------------------------------------------ writes


def _writes(w):
    """Every write of the API, as (method, path, body) for the world ``w``."""
    return {
        "rule-version": (
            "post",
            url("rule-versions"),
            {
                "game": w.toss.pk,
                "title": "t",
                "rules": [{"number": "1", "text": "x"}],
                "decks_allowed": [6],
            },
        ),
        "paytable": (
            "post",
            url("paytables"),
            {
                "rule_version": w.rules.pk,
                "wager_key": "lucky3",
                "code": "1",
                "entries": LUCKY3_1,
                "source": "s",
            },
        ),
        "approval": (
            "post",
            url("approvals"),
            {"jurisdiction": w.wa.pk, "rule_version": w.rules.pk, "reference": "r"},
        ),
        "transition": (
            "post",
            url("approvals", w.pending.pk, "transition"),
            {"to_status": "under_review", "reason": "let me"},
        ),
        "limit": (
            "post",
            url("limits"),
            {
                "regulation": w.wac140.pk,
                "kind": "min_single_wager",
                "amount": "1.00",
                "effective_from": "2024-01-01",
                "source": "s",
            },
        ),
        "limit-edit": ("patch", url("limits", w.limit_400.pk), {"amount": "1000.00"}),
        "authorization": (
            "post",
            url("authorizations"),
            {
                "venue": w.other_venue.pk,
                "approval": w.approval.pk,
                "options": {"lucky3_paytable": "1"},
                "effective_from": "2024-01-01",
            },
        ),
    }


WRITES = [
    "rule-version",
    "paytable",
    "approval",
    "transition",
    "limit",
    "limit-edit",
    "authorization",
]


def _registry_counts():
    return (
        RuleVersion.objects.count(),
        Approval.objects.count(),
        Authorization.objects.count(),
        WagerLimit.objects.count(),
        str(WagerLimit.objects.get(filing="WSR 23-09-065").amount),
        Approval.objects.filter(status="submitted").count(),
    )


@pytest.mark.parametrize("role", ["staff", "other_staff", "admin", "nobody"])
@pytest.mark.parametrize("write", WRITES)
def test_only_reviewers_write(world, as_user, role, write):
    method, path, body = _writes(world)[write]
    before = _registry_counts()
    response = getattr(as_user(getattr(world, role)), method)(path, body, format="json")
    assert response.status_code == 403, response.json()
    assert "message" in response.json()
    assert _registry_counts() == before


#: a reviewer of another jurisdiction: WA records read as absent (400 when named in a
#: body, 404 when in the path), never as "forbidden", so their existence isn't disclosed
OTHER_REVIEWER = {
    "paytable": (400, "rule_version"),
    "approval": (400, "jurisdiction"),
    "transition": (404, None),
    "limit": (400, "regulation"),
    "limit-edit": (404, None),
    "authorization": (400, "venue"),
}


@pytest.mark.parametrize("write", OTHER_REVIEWER)
def test_reviewer_of_another_jurisdiction_cannot_change_wa(world, as_user, write):
    method, path, body = _writes(world)[write]
    before = _registry_counts()
    response = getattr(as_user(world.or_reviewer), method)(path, body, format="json")
    status, field = OTHER_REVIEWER[write]
    assert response.status_code == status, response.json()
    assert response.json()["field"] == field
    assert _registry_counts() == before


def test_reviewer_cannot_submit_in_another_jurisdiction_even_when_admin(world, as_user):
    """A superuser who is also a reviewer of Oregon sees WA, but may change only Oregon."""
    world.or_reviewer.is_superuser = True
    world.or_reviewer.save()
    method, path, body = _writes(world)["approval"]
    response = as_user(world.or_reviewer).post(path, body, format="json")
    assert response.status_code == 403
    assert response.json()["message"] == "you may change only the registry of or-lottery"
    response = as_user(world.or_reviewer).post(
        url("approvals", world.pending.pk, "transition"),
        {"to_status": "denied", "reason": "not mine"},
        format="json",
    )
    assert response.status_code == 403
    assert Approval.objects.get(pk=world.pending.pk).status == "submitted"
