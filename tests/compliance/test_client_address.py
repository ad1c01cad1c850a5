"""The caller's address, as the limits count it: ``X-Forwarded-For`` is read only through the
proxies ``TRUSTED_PROXY_HOPS`` trusts, and no header makes a call fail."""

from __future__ import annotations

import pytest
from django.test import Client, RequestFactory
from rest_framework.test import APIClient

from compliance.client_address import client_ip
from compliance.rates import Rate, rate_hit

pytestmark = pytest.mark.django_db
CALLS = 90
OPEN_DOORS = ["/api/live/receipts/verify/", "/api/audits/reports/verify/"]


@pytest.fixture
def anon_60(settings):
    settings.API_THROTTLE_RATES = {**settings.API_THROTTLE_RATES, "anon": "60/minute"}
    return settings


def _statuses(path: str, forwarded) -> list[int]:
    client = APIClient()
    return [client.post(path, HTTP_X_FORWARDED_FOR=forwarded(i)).status_code
            for i in range(CALLS)]  # fmt: skip


@pytest.mark.parametrize("path", OPEN_DOORS)
def test_a_new_forwarded_address_each_call_does_not_escape_the_limit(path, anon_60):
    anon_60.TRUSTED_PROXY_HOPS = 0
    statuses = _statuses(path, lambda i: f"198.51.100.{i}")
    assert statuses.count(429) >= 30, statuses
    assert set(statuses) <= {400, 429}


@pytest.mark.parametrize("path", OPEN_DOORS)
def test_behind_one_proxy_the_right_most_address_is_counted(path, anon_60):
    anon_60.TRUSTED_PROXY_HOPS = 1
    spoofed = _statuses(path, lambda i: f"198.51.100.{i}, 203.0.113.7")
    assert spoofed.count(429) >= 30, spoofed
    others = _statuses(path, lambda i: f"203.0.113.7, 192.0.2.{i + 1}")
    assert 429 not in others  # each call from another caller, through the same proxy


@pytest.mark.parametrize("hops", [0, 1, 2])
@pytest.mark.parametrize(
    "header",
    ["x" * 500, ",".join(["10.0.0.1"] * 60), " , ,, ", "not an address", "1.2.3.4," * 100,
     "\u00e9\u00e9, 300.1.1.1", ("2001:db8::1, " * 40).rstrip(", ")],
)  # fmt: skip
def test_no_forwarded_header_makes_an_anonymous_call_fail(header, hops, settings):
    settings.TRUSTED_PROXY_HOPS = hops
    for path in OPEN_DOORS:
        assert APIClient().post(path, HTTP_X_FORWARDED_FOR=header).status_code == 400


def test_the_address_is_the_sockets_unless_proxies_are_trusted(settings):
    request = RequestFactory().get("/", HTTP_X_FORWARDED_FOR="203.0.113.9",
                                   REMOTE_ADDR="10.0.0.5")  # fmt: skip
    settings.TRUSTED_PROXY_HOPS = 0
    assert client_ip(request) == "10.0.0.5"
    settings.TRUSTED_PROXY_HOPS = 1
    assert client_ip(request) == "203.0.113.9"
    settings.TRUSTED_PROXY_HOPS = 2  # fewer addresses than proxies: it came another way
    assert client_ip(request) == "10.0.0.5"


@pytest.mark.parametrize(
    ("header", "hops", "expected"),
    [("1.1.1.1, 2.2.2.2, 3.3.3.3", 2, "2.2.2.2"), ("garbage, 2.2.2.2", 1, "2.2.2.2"),
     ("2.2.2.2, garbage", 1, "10.0.0.5"), ("2.2.2.2,", 1, "10.0.0.5"),
     (" 2001:DB8:0::1 ", 1, "2001:db8::1"), ("1.1.1.1" + ", 1.1.1.1" * 5000, 1, "1.1.1.1")],
)  # fmt: skip
def test_only_a_well_formed_address_a_trusted_proxy_added_is_taken(header, hops, expected,
                                                                   settings):  # fmt: skip
    settings.TRUSTED_PROXY_HOPS = hops
    request = RequestFactory().get("/", HTTP_X_FORWARDED_FOR=header, REMOTE_ADDR="10.0.0.5")
    assert client_ip(request) == expected


@pytest.mark.parametrize("key", ["anon:" + "x" * 500, "mail:a\x00b@example.com"])
def test_a_key_of_any_text_is_counted_within_the_column(key):
    verdicts = [rate_hit(key, Rate.parse("2/minute")).allowed for _ in range(3)]
    assert verdicts == [True, True, False]
    assert rate_hit(key[:-1] + "y", Rate.parse("2/minute")).allowed  # another key


def test_a_failed_sign_in_behind_a_proxy_with_a_malformed_header_is_just_refused(settings):
    settings.TRUSTED_PROXY_HOPS = 1
    for header in ("garbage", "x" * 500, "1.2.3.4, ,"):
        answer = Client().post("/accounts/login/", {"username": "a", "password": "b"},
                               HTTP_X_FORWARDED_FOR=header)  # fmt: skip
        assert answer.status_code == 200  # the page again, saying the password is wrong
