"""The live page of a venue's gaming day: its tables, hold so far against par and findings
as they arrive, for those who may see the venue; any other venue is 404."""

from __future__ import annotations

import pytest
from django.test import Client
from rest_framework.test import APIClient

from audits.live.tokens import table_token_create
from games.models import Membership, Venue
from tests.audits.conftest import round_line
from tests.audits.live.test_live_rounds import _post


@pytest.fixture
def posted(wa, django_capture_on_commit_callbacks):
    token = table_token_create(Venue.objects.get(code="WA-CR-0042"), "pit")[1]
    with django_capture_on_commit_callbacks(execute=True):
        _post(APIClient(), token, "WA-CR-0042", "T2",
              [round_line(), round_line(round="T2-2", seats__0__results__main="25")])  # fmt: skip
    return wa


def _signed_in(django_user_model, licensee) -> Client:
    user = django_user_model.objects.create_user("floor", password="a long password 1")
    Membership.objects.create(user=user, role="staff", licensee=licensee)
    client = Client()
    client.force_login(user)
    return client


def test_the_day_so_far_for_the_venues_staff(posted, django_user_model):
    client = _signed_in(django_user_model, posted)
    page = client.get("/monitoring/venues/WA-CR-0042/live/?day=2026-11-01")
    assert page.status_code == 200
    text = page.content.decode()
    for words in ("Gaming day 2026-11-01", "1 of 1 posts validated", "1 finding.",
                  "Hold so far against par", "Paid less than the rules give", "T2-2",
                  "data-live-url"):  # fmt: skip
        assert words in text, words
    fragment = client.get("/monitoring/venues/WA-CR-0042/live/day/?day=2026-11-01")
    assert fragment.status_code == 200 and "<html" not in fragment.content.decode()
    assert "Paid less than the rules give" in fragment.content.decode()


def test_another_licensees_venue_is_404(posted, django_user_model):
    from games.models import Licensee

    other = Licensee.objects.exclude(pk=posted.pk).first()
    client = _signed_in(django_user_model, other)
    for url in ("/monitoring/venues/WA-CR-0042/live/", "/monitoring/venues/WA-CR-0042/live/day/",
                "/monitoring/venues/NO-SUCH/live/"):  # fmt: skip
        assert client.get(url).status_code == 404, url


def test_play_without_an_authorization_is_shown_apart_without_par(
    wa, django_capture_on_commit_callbacks, django_user_model
):
    """A round at a table the venue has no authorization for (T9 is in no registry): its
    wagers are listed apart, never against a par sheet, and its finding is shown."""
    token = table_token_create(Venue.objects.get(code="WA-CR-0042"), "pit")[1]
    with django_capture_on_commit_callbacks(execute=True):
        for table in ("T2", "T9"):
            line = round_line(round=f"{table}-1", table=table)
            assert _post(APIClient(), token, "WA-CR-0042", table, [line]).status_code == 201
    client = _signed_in(django_user_model, wa)
    page = client.get("/monitoring/venues/WA-CR-0042/live/day/?day=2026-11-01")
    text = page.content.decode()
    against_par, _, apart = text.partition("Played without an authorization in force")
    assert apart, "no list of play without an authorization"
    assert "<td>T2</td>" in against_par.split("Hold so far against par")[1]
    assert "<td>T9</td>" not in against_par.split("Hold so far against par")[1]
    assert "<td>T9</td>" in apart.split("Findings as they arrive")[0]
    assert "no par sheet" not in text


def test_an_open_live_day_reads_open_with_its_rounds_and_findings_so_far(
    posted, django_user_model
):
    client = _signed_in(django_user_model, posted)
    for path in ("/submissions/", "/"):
        text = " ".join(client.get(path).content.decode().split())
        assert "<td>open live day</td><td class=\"num\">2</td>" in text, path
        assert "1 round with findings so far" in text, path
        assert "not yet known" not in text, path
