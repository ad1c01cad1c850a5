"""Shared by the registry API tests: clients per role, a second jurisdiction, answers read.

Import the fixtures into a test module to use them (pytest finds fixtures by
name in the module); ``reviewer`` and ``staff`` need ``world`` and ``as_user``
imported beside them.
"""

from __future__ import annotations

from datetime import date
from types import SimpleNamespace

import pytest
from django.contrib.auth import get_user_model
from rest_framework.test import APIClient

from games.models import (
    ApprovalStatus,
    Jurisdiction,
    Licensee,
    Membership,
    OperatorClass,
    Role,
    Venue,
)
from games.services.approvals import approval_submit
from games.services.rules import rule_version_create
from games.services.venues import authorization_create
from tests.games.conftest import TOSS_RULES

API = "/api/registry/"


def url(resource: str, pk: int | None = None, action: str | None = None) -> str:
    path = f"{API}{resource}/"
    if pk is not None:
        path += f"{pk}/"
    if action:
        path += f"{action}/"
    return path


@pytest.fixture(autouse=True)
def fast_passwords(settings):
    """The fixture's users are created with a password; hash it cheaply in tests."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def as_user():
    """``as_user(user)``: an API client signed in as ``user`` (``None``: anonymous)."""

    def client(user=None) -> APIClient:
        api = APIClient()
        if user is not None:
            api.force_authenticate(user)
        return api

    return client


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


@pytest.fixture
def world(registry) -> SimpleNamespace:
    """The registry, plus what the permission tests need on either side of each scope.

    - ``other_authorization``: WA-CR-0099 (other-staff's venue) runs the approved game;
    - ``pending``: a second WA approval of the same rules, still submitted (no venue uses it);
    - ``draft``: a rule version submitted nowhere;
    - ``oregon``: another jurisdiction with its reviewer, a licensee and a venue;
    - ``admin``: a superuser; ``nobody``: a user without a role.
    """
    r = registry
    User = get_user_model()
    r.other_authorization = authorization_create(
        venue=r.other_venue,
        approval=r.approval,
        options={"lucky3_paytable": "1"},
        effective_from=date(2019, 1, 1),
    )
    r.pending = approval_submit(
        jurisdiction=r.wa,
        rule_version=r.rules,
        reference="WSGC pending request",
        allowed_options={"blackjack_pays": ["3:2"]},
        paytables=[],
        conditions=[],
        actor=r.reviewer,
    )
    assert r.pending.status == ApprovalStatus.SUBMITTED
    r.draft = rule_version_create(
        game=r.toss,
        title="Toss One 21 - draft",
        rules=TOSS_RULES,
        parameters={},
        options={"blackjack_pays": ["3:2"]},
        decks_allowed=[6],
    )
    r.oregon = Jurisdiction.objects.create(
        code="or-lottery", name="Oregon Lottery", timezone="America/Los_Angeles"
    )
    or_class = OperatorClass.objects.create(
        jurisdiction=r.oregon, code="card-room", name="Card rooms"
    )
    or_licensee = Licensee.objects.create(
        jurisdiction=r.oregon, name="Beaver Fictional LLC", license_number="OR-1"
    )
    r.or_venue = Venue.objects.create(
        licensee=or_licensee, code="OR-CR-0001", name="Beaver Card Room", operator_class=or_class
    )
    r.or_reviewer = User.objects.create_user("or-reviewer")
    Membership.objects.create(user=r.or_reviewer, role=Role.REVIEWER, jurisdiction=r.oregon)
    r.admin = User.objects.create_superuser("admin", password=None)
    r.nobody = User.objects.create_user("nobody")
    return r
