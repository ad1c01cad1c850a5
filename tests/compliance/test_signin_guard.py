"""Failed sign-ins are limited on every door: the sign-in page, the admin's, the token
endpoint and HTTP Basic on any endpoint; per account and per address; the right password is
refused too once locked; 429 with a readable message, Retry-After and a log line."""

from __future__ import annotations

import logging

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from knox.models import AuthToken

from tests.compliance.test_security import PASSWORD, basic, staff  # noqa: F401  (fixture)

pytestmark = pytest.mark.django_db
LIMIT = 3
WRONG = "not the password"


@pytest.fixture(autouse=True)
def small_limit(settings):
    settings.AXES_FAILURE_LIMIT = LIMIT


def page_sign_in(client, password, username="staff", path="/accounts/login/", **extra):
    return client.post(path, {"username": username, "password": password}, **extra)


def token_sign_in(client, password, username="staff", **extra):
    return client.post("/api/auth/token/", HTTP_AUTHORIZATION=basic(username, password), **extra)


def basic_call(client, password, username="staff", **extra):
    return client.get(
        "/api/registry/jurisdictions/", HTTP_AUTHORIZATION=basic(username, password), **extra
    )


def admin_sign_in(client, password, username="staff", **extra):
    return page_sign_in(client, password, username, path="/admin/login/?next=/admin/", **extra)


DOORS = {
    "sign-in page": (page_sign_in, (302,), (200,)),
    "admin": (admin_sign_in, (200, 302), (200,)),
    "token endpoint": (token_sign_in, (200,), (401,)),
    "HTTP Basic": (basic_call, (200,), (401,)),
}


@pytest.mark.parametrize("door", DOORS)
def test_each_door_locks_after_the_limit_and_refuses_the_right_password_then(
    staff,  # noqa: F811
    door,
    caplog,
):
    attempt, ok, refused = DOORS[door]
    if door == "admin":
        staff.is_staff = True
        staff.save()
    client = Client()
    assert attempt(client, PASSWORD).status_code in ok  # the door works
    tokens = AuthToken.objects.count()
    client = Client()
    for _ in range(LIMIT - 1):
        assert attempt(client, WRONG).status_code in refused
    with caplog.at_level(logging.WARNING, logger="compliance.signin_guard"):
        locked = attempt(client, WRONG)
    assert locked.status_code == 429
    assert int(locked["Retry-After"]) > 0
    again = attempt(client, PASSWORD)
    assert again.status_code == 429, "the right password must not open a locked account"
    text = again.content.decode()
    assert "too many failed sign-ins" in text.lower() and "minute" in text
    if door in ("token endpoint", "HTTP Basic"):
        assert again.json()["message"].startswith("too many failed sign-ins")
    assert any("sign-in locked" in r.getMessage() and "staff" in r.getMessage()
               for r in caplog.records)  # fmt: skip
    assert AuthToken.objects.count() == tokens  # no token for a locked attempt


def test_an_account_is_locked_whatever_the_address(staff):  # noqa: F811
    for i in range(LIMIT):
        token_sign_in(Client(), WRONG, REMOTE_ADDR=f"10.0.0.{i + 1}")
    assert token_sign_in(Client(), PASSWORD, REMOTE_ADDR="10.0.9.9").status_code == 429


def test_an_address_is_locked_whatever_the_account(staff):  # noqa: F811
    User = get_user_model()
    for i in range(LIMIT):
        User.objects.create_user(f"other-{i}", password=PASSWORD)
        page_sign_in(Client(), WRONG, username=f"other-{i}", REMOTE_ADDR="10.1.1.1")
    assert page_sign_in(Client(), PASSWORD, REMOTE_ADDR="10.1.1.1").status_code == 429
    assert page_sign_in(Client(), PASSWORD, REMOTE_ADDR="10.1.1.2").status_code == 302


def test_fewer_failures_than_the_limit_lock_nobody(staff):  # noqa: F811
    client = Client()
    for _ in range(LIMIT - 1):
        token_sign_in(client, WRONG)
    assert token_sign_in(client, PASSWORD).status_code == 200


def test_behind_trusted_proxies_the_forwarded_address_is_the_callers(staff, settings):  # noqa: F811
    settings.TRUSTED_PROXY_HOPS = 1
    for _ in range(LIMIT):
        page_sign_in(Client(), WRONG, username="x", HTTP_X_FORWARDED_FOR="203.0.113.7")
    locked = page_sign_in(Client(), PASSWORD, HTTP_X_FORWARDED_FOR="203.0.113.7")
    assert locked.status_code == 429
    other = page_sign_in(Client(), PASSWORD, HTTP_X_FORWARDED_FOR="203.0.113.8")
    assert other.status_code == 302  # same proxy (REMOTE_ADDR), another caller
