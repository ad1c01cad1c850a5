"""The doors hardened: bodies refused before they are read, credentials that end together,
a Content-Security-Policy on every answer, JSON errors under /api/ in production."""

from __future__ import annotations

import io

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from knox.models import AuthToken
from rest_framework.test import APIClient

from compliance.body_limits import OVERHEAD, body_limit
from tests.compliance.test_security import PASSWORD, issue_token, staff  # noqa: F401

pytestmark = pytest.mark.django_db


class Unreadable(io.RawIOBase):
    """A request body that fails the test if anything reads it."""

    def readable(self) -> bool:
        return True

    def read(self, *args):
        raise AssertionError("the body was read")

    readinto = readline = read


def _post_unread(client: Client, path: str, length: int):
    kind = "multipart/form-data; boundary=x"
    return client.generic("POST", path, b"", content_type=kind, CONTENT_LENGTH=str(length),
                          **{"wsgi.input": Unreadable()})  # fmt: skip


def _with_token(api: APIClient, token: str) -> int:
    return api.get("/api/audits/submissions/", HTTP_AUTHORIZATION=f"Token {token}").status_code


@pytest.mark.parametrize(
    ("path", "setting"),
    [
        ("/accounts/login/", "SIGNIN_MAX_BODY_BYTES"),
        ("/api/auth/token/", "SIGNIN_MAX_BODY_BYTES"),
        ("/cases/new/", "FORM_MAX_BODY_BYTES"),
        ("/registry/approvals/1/move/", "FORM_MAX_BODY_BYTES"),
        ("/api/audits/cases/", "FORM_MAX_BODY_BYTES"),
        ("/api/registry/limits/", "FORM_MAX_BODY_BYTES"),
        ("/no/such/page/", "FORM_MAX_BODY_BYTES"),
    ],
)
def test_a_body_over_its_doors_limit_is_refused_unread(path, setting, settings):
    limit = getattr(settings, setting)
    assert body_limit(path) == limit
    response = _post_unread(Client(), path, limit + 1)
    assert response.status_code == 413
    if path.startswith("/api/"):
        assert "at most" in response.json()["message"]
    else:
        assert b"at most" in response.content


def test_upload_doors_keep_their_own_limits(settings):
    assert body_limit("/submissions/new/") == settings.AUDITS_MAX_UPLOAD_BYTES + OVERHEAD
    assert body_limit("/api/audits/submissions/") == settings.AUDITS_MAX_UPLOAD_BYTES + OVERHEAD
    assert body_limit("/api/audits/cases/7/answer/") == settings.CASE_ANSWER_MAX_BYTES + OVERHEAD
    assert body_limit("/reports/verify/") == settings.REPORT_VERIFY_MAX_BYTES + OVERHEAD
    assert settings.SIGNIN_MAX_BODY_BYTES <= 64 * 1024


def test_a_sign_in_of_300_megabytes_is_refused_before_a_byte_is_read():
    response = _post_unread(Client(), "/accounts/login/", 300 * 1024**2)
    assert response.status_code == 413


def test_a_chunked_body_is_refused_not_read_as_empty():
    response = Client().generic("POST", "/api/auth/token/", b"", HTTP_TRANSFER_ENCODING="chunked",
                                **{"wsgi.input": Unreadable()})  # fmt: skip
    assert response.status_code == 411
    assert "Content-Length" in response.json()["message"]


def test_a_small_body_still_reaches_its_view():
    assert Client().post("/accounts/login/", {"username": "x", "password": "y"}).status_code == 200


def test_a_password_change_ends_the_users_tokens_and_other_sessions(staff):  # noqa: F811
    api = APIClient()
    token = issue_token(api)
    browser = Client()
    browser.force_login(staff)
    assert browser.get("/submissions/").status_code == 200
    staff.set_password("another long password")
    staff.save()
    assert not AuthToken.objects.filter(user=staff).exists()
    assert _with_token(api, token) == 401
    assert browser.get("/submissions/").status_code == 302  # signed out: to the sign-in page


def test_changing_ones_own_password_keeps_that_session_and_ends_the_tokens(staff):  # noqa: F811
    token = issue_token(APIClient())
    browser = Client()
    browser.force_login(staff)
    changed = browser.post("/accounts/password_change/", {
        "old_password": PASSWORD, "new_password1": "a different long one 7",
        "new_password2": "a different long one 7"})  # fmt: skip
    assert changed.status_code == 302
    assert browser.get("/submissions/").status_code == 200
    assert not AuthToken.objects.filter(user=staff).exists()
    assert _with_token(APIClient(), token) == 401


def test_a_disabled_user_loses_tokens_and_sessions(staff):  # noqa: F811
    api = APIClient()
    token = issue_token(api)
    browser = Client()
    browser.force_login(staff)
    user = get_user_model().objects.get(pk=staff.pk)
    user.is_active = False
    user.save()
    assert not AuthToken.objects.filter(user=staff).exists()
    assert _with_token(api, token) == 401
    assert browser.get("/submissions/").status_code == 302


def test_saving_a_user_unchanged_keeps_the_tokens(staff):  # noqa: F811
    issue_token(APIClient())
    staff.first_name = "Pat"
    staff.save()
    assert AuthToken.objects.filter(user=staff).count() == 1


@pytest.mark.parametrize("path", ["/accounts/login/", "/handlog-format/", "/api/docs/",
                                  "/reports/verify/", "/healthz"])  # fmt: skip
def test_every_answer_carries_a_policy_that_forbids_inline_script(path):
    policy = Client().get(path)["Content-Security-Policy"]
    directives = dict(d.strip().split(" ", 1) for d in policy.split(";") if d.strip())
    assert directives["script-src"] == "'self'"
    assert "unsafe-inline" not in policy and "unsafe-eval" not in policy
    assert directives["object-src"] == "'none'" and directives["frame-ancestors"] == "'none'"


def test_the_api_docs_page_has_no_inline_script():
    page = Client().get("/api/docs/").content.decode()
    assert "<script" in page
    for tag in page.split("<script")[1:]:
        opening, _, body = tag.partition(">")
        assert "src=" in opening and not body.split("</script>")[0].strip()


def test_an_unexpected_error_under_the_api_is_json_in_production(staff, monkeypatch, settings):  # noqa: F811
    from audits.submissions.api.views import SubmissionViewSet

    settings.DEBUG = False

    def broken(self, request, *args, **kwargs):
        raise RuntimeError("a bug")

    monkeypatch.setattr(SubmissionViewSet, "list", broken)
    client = APIClient(raise_request_exception=False)
    client.force_authenticate(staff)
    response = client.get("/api/audits/submissions/")
    assert response.status_code == 500
    assert response["Content-Type"] == "application/json"
    assert "a bug" not in response.json()["message"]


def test_the_open_verification_page_is_limited_per_address(settings):
    settings.VERIFY_PAGE_RATE = "2/m"
    page = Client()
    statuses = [page.post("/reports/verify/", REMOTE_ADDR="10.9.9.9").status_code
                for _ in range(3)]  # fmt: skip
    assert statuses == [400, 400, 429]
    assert page.post("/reports/verify/", REMOTE_ADDR="10.9.9.8").status_code == 400
    assert page.get("/reports/verify/", REMOTE_ADDR="10.9.9.9").status_code == 200
