"""Table tokens, held against a careless operator and another licensee: each expires (a
default), a revoked or expired one is refused saying so, and they are listed, made and revoked
by the licensee's staff on their pages, by the admin and by a command; nobody else reaches
them, and no secret is shown but once."""

from __future__ import annotations

import io
from datetime import timedelta

import pytest
from django.core.management import call_command
from django.test import Client
from django.utils import timezone
from rest_framework.test import APIClient

from audits.live.models import TableToken
from audits.live.tokens import table_token_create, table_token_revoke
from games.models import Venue
from tests.audits.conftest import round_line
from tests.audits.submissions_support import people  # noqa: F401  (fixture)

pytestmark = pytest.mark.django_db


def _post(secret: str):
    return APIClient().post(
        "/api/live/venues/WA-CR-0042/tables/T2/rounds/", data=round_line() + b"\n",
        content_type="application/x-ndjson", HTTP_AUTHORIZATION=f"Table {secret}",
    )  # fmt: skip


@pytest.fixture
def venue(wa):
    return Venue.objects.get(code="WA-CR-0042")


def test_a_token_expires_by_default_and_a_refused_one_says_why(venue, settings):
    settings.LIVE_TABLE_TOKEN_DAYS = 30
    token, secret = table_token_create(venue, "pit 1")
    assert timedelta(days=29) < token.expires_at - timezone.now() <= timedelta(days=30)
    assert _post(secret).status_code == 201
    TableToken.objects.filter(pk=token.pk).update(expires_at=timezone.now() - timedelta(days=1))
    expired = _post(secret)
    assert expired.status_code == 401 and "expired on" in expired.json()["message"]
    other, other_secret = table_token_create(venue, "pit 2")
    table_token_revoke(other)
    revoked = _post(other_secret)
    assert revoked.status_code == 401 and "revoked on" in revoked.json()["message"]
    unknown = _post("tt_" + "x" * 43)
    assert unknown.status_code == 401 and "not a table token in force" in unknown.json()["message"]


def test_the_commands_make_list_and_revoke_tokens(venue):
    out = io.StringIO()
    call_command("create_table_token", "WA-CR-0042", "pit 1", "--days", "7", stdout=out)
    secret = out.getvalue().splitlines()[1]
    token = TableToken.objects.get()
    assert timedelta(days=6) < token.expires_at - timezone.now() <= timedelta(days=7)
    listed = io.StringIO()
    call_command("list_table_tokens", "WA-CR-0042", stdout=listed)
    assert token.prefix in listed.getvalue() and secret not in listed.getvalue()
    assert "in force until" in listed.getvalue()
    call_command("revoke_table_token", token.prefix, stdout=io.StringIO())
    assert _post(secret).status_code == 401
    listed = io.StringIO()
    call_command("list_table_tokens", stdout=listed)
    assert "revoked on" in listed.getvalue()


def _signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_staff_list_make_and_revoke_their_tokens_and_no_one_else_can(venue, people):  # noqa: F811
    token, secret = table_token_create(venue, "pit 1")
    page = "/monitoring/venues/WA-CR-0042/tokens/"
    staff = _signed_in(people.staff)
    shown = staff.get(page).content.decode()
    assert token.prefix in shown and secret not in shown and "Revoke" in shown

    revoke = f"{page}{token.pk}/revoke/"
    assert _signed_in(people.other_staff).get(page).status_code == 404
    assert _signed_in(people.other_staff).post(revoke).status_code == 404
    assert _signed_in(people.or_reviewer).post(revoke).status_code == 404
    reviewer = _signed_in(people.reviewer)
    assert "Revoke" not in reviewer.get(page).content.decode()
    assert reviewer.post(revoke).status_code == 403
    assert TableToken.objects.get().revoked_at is None  # nothing changed

    assert staff.post(revoke).status_code == 302
    token.refresh_from_db()
    assert token.revoked_at is not None and token.revoked_by == people.staff
    assert _post(secret).status_code == 401

    made = staff.post(f"{page}new/", {"name": "pit 2 <script>"}, follow=True)
    new = TableToken.objects.exclude(pk=token.pk).get()
    assert new.created_by == people.staff and new.prefix in made.content.decode()
    assert made.content.decode().count("tt_") >= 1 and "&lt;script&gt;" in made.content.decode()
    assert "it is not shown again" not in staff.get(page).content.decode()  # shown once
    assert _signed_in(people.reviewer).post(f"{page}new/", {"name": "x"}).status_code == 403


def test_the_admin_revokes_tokens_and_never_shows_a_secret(venue, people):  # noqa: F811
    token, secret = table_token_create(venue, "pit 1")
    admin = _signed_in(people.admin)
    listing = admin.get("/admin/live/tabletoken/").content.decode()
    assert token.prefix in listing and secret not in listing and token.key_sha256 not in listing
    admin.post("/admin/live/tabletoken/", {"action": "revoke", "_selected_action": [token.pk]})
    token.refresh_from_db()
    assert token.revoked_at is not None and token.revoked_by == people.admin
