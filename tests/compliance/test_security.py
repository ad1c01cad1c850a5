"""API tokens (hashed, expiring, revocable), rate limits, CSRF, and no key in the repository."""

from __future__ import annotations

import base64
import subprocess
from datetime import timedelta
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.utils import timezone
from knox.models import AuthToken
from rest_framework.test import APIClient

from games.models import Licensee, Membership, Role

pytestmark = pytest.mark.django_db
REPO = Path(__file__).resolve().parents[2]
PASSWORD = "a long test password"


@pytest.fixture
def staff(db):
    from games.models import Jurisdiction

    wa = Jurisdiction.objects.create(code="wa-wsgc", name="Washington")
    licensee = Licensee.objects.create(jurisdiction=wa, name="L", license_number="1")
    user = get_user_model().objects.create_user("staff", password=PASSWORD)
    Membership.objects.create(user=user, role=Role.STAFF, licensee=licensee)
    return user


def basic(user: str, password: str) -> str:
    return "Basic " + base64.b64encode(f"{user}:{password}".encode()).decode()


def issue_token(client: APIClient) -> str:
    response = client.post("/api/auth/token/", HTTP_AUTHORIZATION=basic("staff", PASSWORD))
    assert response.status_code == 200, response.content
    return response.json()["token"]


def test_a_token_is_stored_only_as_a_digest_and_works_until_revoked(staff):
    client = APIClient()
    token = issue_token(client)
    stored = AuthToken.objects.get(user=staff)
    assert token not in (stored.digest, stored.token_key) and stored.digest != token
    assert len(stored.digest) == 128  # SHA-512 hex
    auth = {"HTTP_AUTHORIZATION": f"Token {token}"}
    assert client.get("/api/audits/submissions/", **auth).status_code == 200
    assert client.post("/api/auth/token/revoke/", **auth).status_code == 204
    assert client.get("/api/audits/submissions/", **auth).status_code == 401
    assert not AuthToken.objects.filter(user=staff).exists()


def test_revoke_all_ends_every_token_of_the_user_and_expired_ones_fail(staff):
    client = APIClient()
    first, second = issue_token(client), issue_token(client)
    assert (
        client.post("/api/auth/token/revoke-all/", HTTP_AUTHORIZATION=f"Token {first}").status_code
        == 204
    )
    assert (
        client.get("/api/audits/submissions/", HTTP_AUTHORIZATION=f"Token {second}").status_code
        == 401
    )
    third = issue_token(client)
    AuthToken.objects.filter(user=staff).update(expiry=timezone.now() - timedelta(seconds=1))
    assert (
        client.get("/api/audits/submissions/", HTTP_AUTHORIZATION=f"Token {third}").status_code
        == 401
    )


def test_a_wrong_password_gets_no_token_and_unauthenticated_calls_are_refused(staff):
    client = APIClient()
    assert (
        client.post("/api/auth/token/", HTTP_AUTHORIZATION=basic("staff", "wrong")).status_code
        == 401
    )
    for url in ("/api/audits/submissions/", "/api/registry/jurisdictions/", "/api/audits/reports/"):
        assert client.get(url).status_code in (401, 403)
    assert not AuthToken.objects.exists()


def test_uploads_beyond_the_rate_are_refused_with_429(staff, settings, tmp_path):
    from django.core.cache import cache

    cache.clear()
    settings.MEDIA_ROOT = str(tmp_path)
    settings.API_THROTTLE_RATES = {**settings.API_THROTTLE_RATES, "uploads": "2/hour"}
    client = APIClient()
    client.force_authenticate(staff)
    statuses = [
        client.post(
            "/api/audits/submissions/", data=f"{i}\n".encode(), content_type="application/x-ndjson"
        ).status_code
        for i in range(3)
    ]
    assert statuses[:2] != [429, 429] and statuses[2] == 429
    assert client.get("/api/audits/submissions/").status_code == 200  # reading is not an upload
    cache.clear()


def test_anonymous_callers_are_rate_limited(settings):
    """Anonymous callers reach one endpoint (report verification); it is rate-limited too."""
    from django.core.cache import cache

    cache.clear()
    settings.API_THROTTLE_RATES = {**settings.API_THROTTLE_RATES, "anon": "3/minute"}
    client = APIClient()
    statuses = [client.post("/api/audits/reports/verify/").status_code for _ in range(4)]
    assert statuses[:3] == [400, 400, 400] and statuses[3] == 429
    assert "Retry-After" in client.post("/api/audits/reports/verify/")
    cache.clear()


def test_forms_and_session_api_calls_need_the_csrf_token(staff):
    client = Client(enforce_csrf_checks=True)
    client.force_login(staff)
    assert client.post("/submissions/new/", {}).status_code == 403
    assert client.post("/accounts/logout/").status_code == 403
    assert (
        client.post(
            "/api/audits/submissions/", data=b"x\n", content_type="application/x-ndjson"
        ).status_code
        == 403
    )
    page = client.get("/submissions/new/")
    token = page.cookies["csrftoken"].value
    refused = client.post("/submissions/new/", {"csrfmiddlewaretoken": token})
    assert refused.status_code == 400  # past CSRF: the form itself says what is missing


def test_no_private_key_or_secret_file_is_in_the_repository():
    tracked = subprocess.run(
        ["git", "ls-files"], cwd=REPO, capture_output=True, text=True, check=True
    ).stdout.split()
    if not tracked:
        pytest.fail("git ls-files listed nothing: run the tests from a git checkout")
    keyish = [p for p in tracked if p.endswith((".key", ".p12", ".pfx", ".pem", ".env"))]
    assert not keyish, keyish
    marker = "PRIVATE " + "KEY-----"  # split so this file does not match itself
    holding = [
        p
        for p in tracked
        if (REPO / p).is_file() and marker in (REPO / p).read_text(errors="ignore")
    ]
    assert not holding, holding
