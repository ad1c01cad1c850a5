"""The password-reset page sends at most ``PASSWORD_RESET_EMAIL_RATE`` mails to one address
and answers at most ``PASSWORD_RESET_RATE`` requests from one client; over the first it
answers as always (nothing tells whether the account exists), over the second 429."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.test import Client

pytestmark = pytest.mark.django_db
PAGE = "/accounts/password_reset/"
POSTS = 20


@pytest.fixture
def accounts(settings):
    settings.PASSWORD_RESET_RATE = settings.PASSWORD_RESET_EMAIL_RATE = "5/hour"
    User = get_user_model()
    return [User.objects.create_user(f"user{i}", f"user{i}@example.com", "a long password 1")
            for i in range(POSTS)]  # fmt: skip


def _ask(email: str, address: str):
    return Client().post(PAGE, {"email": email}, REMOTE_ADDR=address)


def test_one_account_gets_at_most_five_mails_whatever_the_address(accounts):
    answers = [_ask("User0@example.com ", f"10.0.0.{i + 1}") for i in range(POSTS)]
    assert len(mail.outbox) == 5
    assert {(a.status_code, a["Location"]) for a in answers} == {
        (302, "/accounts/password_reset/done/")
    }  # over the limit too: as always
    nobody = _ask("nobody@example.com", "10.0.1.1")
    assert (nobody.status_code, nobody["Location"]) == (302, "/accounts/password_reset/done/")


def test_an_email_over_its_limit_is_answered_as_one_without_an_account(accounts):
    for i in range(6):
        _ask("nobody@example.com", f"10.0.0.{i + 1}")
        _ask("user1@example.com", f"10.0.1.{i + 1}")
    over = [_ask(email, "10.0.2.1") for email in ("nobody@example.com", "user1@example.com")]
    assert over[0].status_code == over[1].status_code == 302
    assert over[0]["Location"] == over[1]["Location"]
    assert len(mail.outbox) == 5


def test_one_address_is_answered_at_most_five_times(accounts):
    answers = [_ask(f"user{i}@example.com", "10.0.0.9") for i in range(POSTS)]
    assert len(mail.outbox) == 5
    assert [a.status_code for a in answers] == [302] * 5 + [429] * 15
    assert b"Too many requests from this address: wait" in answers[-1].content
    assert int(answers[-1]["Retry-After"]) > 0
    assert _ask("user19@example.com", "10.0.0.10").status_code == 302  # another client
    assert len(mail.outbox) == 6
