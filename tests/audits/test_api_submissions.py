"""The submissions API: uploading (multipart or raw body), who may submit and see what,
progress and summary, the raw file, the size limit, and malformed requests.

Celery runs eagerly in tests; ``transaction.on_commit`` callbacks (which enqueue the
validation) run only inside ``django_capture_on_commit_callbacks(execute=True)``.
"""

from __future__ import annotations

import gzip
import io
from types import SimpleNamespace
from urllib.parse import quote

import pytest
from django.contrib.auth import get_user_model
from django.core.files.uploadedfile import SimpleUploadedFile
from rest_framework.test import APIClient

from audits.models import Submission
from audits.services.storage import submission_store
from audits.services.submissions import submission_prepare
from games.models import Jurisdiction, Licensee, Membership, Role

from .conftest import round_line

API = "/api/audits/submissions/"


# --------------------------------------------------------------------------- helpers


@pytest.fixture
def people(wa) -> SimpleNamespace:
    """Users on either side of each scope, around the demo licensee ``wa`` (DEMO-0001).

    ``staff``: DEMO-0001's compliance staff; ``other_staff``: DEMO-0002's (same
    jurisdiction); ``reviewer``: a WSGC reviewer; ``or_reviewer``: a reviewer of another
    jurisdiction; ``admin``: a superuser; ``nobody``: a user without a role.
    """
    User = get_user_model()
    p = SimpleNamespace(licensee=wa, other=Licensee.objects.get(license_number="DEMO-0002"))
    p.staff = User.objects.create_user("staff")
    Membership.objects.create(user=p.staff, role=Role.STAFF, licensee=wa)
    p.other_staff = User.objects.create_user("other-staff")
    Membership.objects.create(user=p.other_staff, role=Role.STAFF, licensee=p.other)
    p.reviewer = User.objects.create_user("reviewer")
    Membership.objects.create(user=p.reviewer, role=Role.REVIEWER, jurisdiction=wa.jurisdiction)
    oregon = Jurisdiction.objects.create(
        code="or-lottery", name="Oregon Lottery", timezone="America/Los_Angeles"
    )
    p.oregon_licensee = Licensee.objects.create(
        jurisdiction=oregon, name="Beaver Fictional LLC", license_number="OR-1"
    )
    p.or_reviewer = User.objects.create_user("or-reviewer")
    Membership.objects.create(user=p.or_reviewer, role=Role.REVIEWER, jurisdiction=oregon)
    p.admin = User.objects.create_superuser("admin", password=None)
    p.nobody = User.objects.create_user("nobody")
    return p


def client(user=None) -> APIClient:
    api = APIClient()
    if user is not None:
        api.force_authenticate(user)
    return api


def post_multipart(api, content: bytes, name="log.jsonl", query="", **fields):
    form = {"file": SimpleUploadedFile(name, content), **fields}
    return api.post(API + query, form, format="multipart")


def post_raw(api, content: bytes, content_type="application/x-ndjson", **params):
    query = "&".join(f"{k}={quote(str(v))}" for k, v in params.items())
    return api.post(API + (f"?{query}" if query else ""), content, content_type=content_type)


@pytest.fixture
def submit(django_capture_on_commit_callbacks):
    """``submit(post, ...)``: make the upload and run what it enqueues on commit (eagerly)."""

    def run(post, *args, **kwargs):
        with django_capture_on_commit_callbacks(execute=True):
            return post(*args, **kwargs)

    return run


def log(*lines: bytes) -> bytes:
    return b"\n".join(lines) + b"\n"


TWO_ROUNDS = log(round_line(), round_line(round="T2-2", seats__0__results__main="25"))


# --------------------------------------------------------------------------- uploading


def test_multipart_then_raw_body_same_file_is_the_same_submission(people, submit, monkeypatch):
    from audits.api.views import submissions as views

    queued = []
    real = views.validate_submission.delay
    monkeypatch.setattr(
        views.validate_submission, "delay", lambda pk: queued.append(pk) or real(pk)
    )
    api = client(people.staff)

    first = submit(post_multipart, api, TWO_ROUNDS, name="november.jsonl")
    assert first.status_code == 202, first.json()
    body = first.json()
    assert set(body) == {"id", "url", "status", "sha256", "created"}
    assert body["created"] is True and body["status"] == "queued"  # validated after commit
    assert first["Location"] == body["url"] and body["url"].endswith(f"{API}{body['id']}/")

    again = submit(post_raw, api, TWO_ROUNDS, name="copy.jsonl")
    assert again.status_code == 202, again.json()
    assert again.json()["id"] == body["id"] and again.json()["created"] is False
    assert again["Location"] == body["url"]
    assert again.json()["sha256"] == body["sha256"]

    submission = Submission.objects.get()
    assert queued == [submission.pk]  # validated once
    assert submission.status == "done"
    assert (submission.original_name, submission.licensee, submission.submitted_by) == (
        "november.jsonl",
        people.licensee,
        people.staff,
    )


def test_raw_body_first_then_multipart_is_the_same_submission(people, submit):
    api = client(people.staff)
    first = submit(post_raw, api, TWO_ROUNDS, content_type="application/jsonl")
    assert first.status_code == 202 and first.json()["created"] is True
    again = submit(post_multipart, api, TWO_ROUNDS)
    assert (again.status_code, again.json()["id"], again.json()["created"]) == (
        202,
        first.json()["id"],
        False,
    )
    assert Submission.objects.get().original_name == "upload.jsonl"


def test_enqueued_on_commit_only(people):
    # without the on-commit callbacks (the test's transaction never commits) nothing runs
    response = post_raw(client(people.staff), TWO_ROUNDS)
    assert response.status_code == 202 and response.json()["status"] == "queued"
    detail = client(people.staff).get(response.json()["url"]).json()
    assert detail["status"] == "queued"
    assert detail["progress"]["percent"] == 0.0 and detail["progress"]["lines_total"] is None


def test_reviewer_submits_gzip_body_for_a_licensee_of_the_jurisdiction(people, submit):
    packed = gzip.compress(TWO_ROUNDS)
    response = submit(
        post_raw,
        client(people.reviewer),
        packed,
        content_type="application/gzip",
        licensee=people.licensee.pk,
        name="dir/../nov.jsonl.gz",
    )
    assert response.status_code == 202, response.json()
    detail = client(people.staff).get(response.json()["url"]).json()
    assert (detail["file"], detail["compressed"], detail["status"]) == (
        "nov.jsonl.gz",
        True,
        "done",
    )
    assert detail["licensee"]["id"] == people.licensee.pk
    assert detail["submitted_by"] == "reviewer"


def test_reviewer_names_the_licensee_in_the_form(people, submit):
    api = client(people.reviewer)
    response = submit(post_multipart, api, TWO_ROUNDS, licensee=people.other.pk)
    assert response.status_code == 202, response.json()
    assert Submission.objects.get().licensee == people.other


def test_reviewer_must_name_a_licensee(people):
    response = post_raw(client(people.reviewer), TWO_ROUNDS)
    assert response.status_code == 400
    assert response.json()["field"] == "licensee"
    assert Submission.objects.count() == 0


@pytest.mark.parametrize("how", ["raw", "multipart-query", "multipart-form"])
def test_staff_cannot_submit_for_another_licensee(people, how):
    api, other = client(people.staff), people.other.pk
    if how == "raw":
        response = post_raw(api, TWO_ROUNDS, licensee=other)
    elif how == "multipart-query":
        response = post_multipart(api, TWO_ROUNDS, query=f"?licensee={other}")
    else:
        response = post_multipart(api, TWO_ROUNDS, licensee=other)
    assert response.status_code == 403
    assert f"licensee {other}" in response.json()["message"]
    assert Submission.objects.count() == 0


def test_reviewer_cannot_submit_for_another_jurisdiction(people):
    response = post_raw(client(people.reviewer), TWO_ROUNDS, licensee=people.oregon_licensee.pk)
    assert response.status_code == 403
    # a licensee that does not exist reads the same
    response = post_raw(client(people.reviewer), TWO_ROUNDS, licensee=999_999)
    assert response.status_code == 403


@pytest.mark.parametrize("who", ["admin", "nobody", None])
def test_others_cannot_submit(people, who):
    user = getattr(people, who) if who else None
    response = post_raw(client(user), TWO_ROUNDS, licensee=people.licensee.pk)
    assert response.status_code in ((401, 403) if user is None else (403,))
    assert "message" in response.json()
    assert Submission.objects.count() == 0


def test_same_file_for_another_licensee_is_a_conflict(people, submit):
    api = client(people.reviewer)
    first = submit(post_raw, api, TWO_ROUNDS, licensee=people.licensee.pk)
    assert first.status_code == 202
    again = submit(post_raw, api, TWO_ROUNDS, licensee=people.other.pk)
    assert again.status_code == 409 and again.json()["field"] == "licensee"
    assert Submission.objects.count() == 1


@pytest.mark.parametrize("how", ["raw", "multipart"])
def test_session_upload_passes_the_csrf_check_and_still_streams(people, submit, how):
    """The CSRF check reads ``request.POST``: the body must still be there afterwards."""
    api = APIClient(enforce_csrf_checks=True)
    api.force_login(people.staff)
    refused = post_raw(api, TWO_ROUNDS) if how == "raw" else post_multipart(api, TWO_ROUNDS)
    assert refused.status_code == 403 and "CSRF" in refused.json()["message"]
    token = "t" * 32
    api.cookies["csrftoken"] = token
    api.credentials(HTTP_X_CSRFTOKEN=token)
    post = post_raw if how == "raw" else post_multipart
    response = submit(post, api, TWO_ROUNDS)
    assert response.status_code == 202, response.json()
    assert Submission.objects.get().size_bytes == len(TWO_ROUNDS)
    assert Submission.objects.get().status == "done"


@pytest.mark.parametrize("how", ["raw", "multipart"])
def test_uploads_are_streamed_not_held_in_memory(people, settings, monkeypatch, how):
    """A multipart file over FILE_UPLOAD_MAX_MEMORY_SIZE is spooled to a temporary file; a
    raw body is read from the request itself, block by block."""
    from django.core.files.uploadedfile import TemporaryUploadedFile
    from django.http import HttpRequest

    from audits.api.views import submissions as views

    settings.FILE_UPLOAD_MAX_MEMORY_SIZE = 64
    sources = []
    real = views.submission_store

    def spy(source, **kwargs):
        sources.append(source)
        return real(source, **kwargs)

    monkeypatch.setattr(views, "submission_store", spy)
    api = client(people.staff)
    response = post_raw(api, TWO_ROUNDS) if how == "raw" else post_multipart(api, TWO_ROUNDS)
    assert response.status_code == 202
    expected_type = HttpRequest if how == "raw" else TemporaryUploadedFile
    assert isinstance(sources[0], expected_type), type(sources[0])
    assert Submission.objects.get().size_bytes == len(TWO_ROUNDS)


# --------------------------------------------------------------------------- refusals


@pytest.mark.parametrize("how", ["raw", "multipart"])
def test_upload_over_the_limit_is_413(people, settings, media, how):
    settings.AUDITS_MAX_UPLOAD_BYTES = 100
    content = log(round_line())
    assert len(content) > 100
    api = client(people.staff)
    response = post_raw(api, content) if how == "raw" else post_multipart(api, content)
    assert response.status_code == 413
    assert "100 bytes" in response.json()["message"]
    assert Submission.objects.count() == 0
    assert not any(p.is_file() for p in (media / "incoming").glob("*"))


def test_unsupported_media_type_is_415(people):
    response = client(people.staff).post(API, {"file": "x"}, format="json")
    assert response.status_code == 415
    assert "multipart/form-data" in response.json()["message"]


def test_empty_uploads_are_400(people):
    api = client(people.staff)
    response = post_raw(api, b"")
    assert (response.status_code, response.json()["field"]) == (400, "file")
    response = post_multipart(api, b"")
    assert (response.status_code, response.json()["field"]) == (400, "file")
    response = api.post(API, {"licensee": people.licensee.pk}, format="multipart")
    assert (response.status_code, response.json()["field"]) == (400, "file")
    assert Submission.objects.count() == 0


@pytest.mark.parametrize(
    "query, field",
    [
        ("licensee=abc", "licensee"),
        ("licensee=0", "licensee"),
        ("licensee=99999999999999999999", "licensee"),
        ("name=%0A", "name"),
        ("name=..", "name"),
    ],
)
def test_malformed_upload_parameters_are_400(people, query, field):
    response = client(people.staff).post(
        f"{API}?{query}", TWO_ROUNDS, content_type="application/x-ndjson"
    )
    assert response.status_code == 400
    assert response.json()["field"] == field


def test_malformed_or_conflicting_form_licensee_is_400(people):
    api = client(people.reviewer)
    response = post_multipart(api, TWO_ROUNDS, licensee="abc")
    assert (response.status_code, response.json()["field"]) == (400, "licensee")
    both = f"?licensee={people.licensee.pk}"
    response = post_multipart(api, TWO_ROUNDS, query=both, licensee=people.other.pk)
    assert (response.status_code, response.json()["field"]) == (400, "licensee")
    assert Submission.objects.count() == 0


# --------------------------------------------------------------------------- reading


@pytest.fixture
def two_submissions(people, submit):
    """One submission of each demo licensee (the second with rounds at its own venue)."""
    mine = submit(post_raw, client(people.staff), TWO_ROUNDS).json()
    theirs_content = log(round_line(venue="WA-TC-0007", table="T1", round="C-1"))
    theirs = submit(post_raw, client(people.other_staff), theirs_content).json()
    return SimpleNamespace(mine=mine, theirs=theirs)


def test_visibility_of_a_submission_by_role(people, two_submissions):
    theirs = two_submissions.theirs["url"]
    expected = {
        "staff": 404,
        "other_staff": 200,
        "reviewer": 200,
        "or_reviewer": 404,
        "admin": 200,
        "nobody": 403,
    }
    for who, code in expected.items():
        api = client(getattr(people, who))
        for suffix in ("", "findings/", "raw/"):
            response = api.get(theirs + suffix)
            assert response.status_code == code, (who, suffix, response.status_code)
    assert client().get(theirs).status_code in (401, 403)


def test_lists_hold_what_the_user_may_see(people, two_submissions):
    def ids(user, query=""):
        response = client(user).get(API + query)
        assert response.status_code == 200, response.json()
        return {row["id"] for row in response.json()["results"]}

    mine, theirs = two_submissions.mine["id"], two_submissions.theirs["id"]
    assert ids(people.staff) == {mine}
    assert ids(people.other_staff) == {theirs}
    assert ids(people.reviewer) == ids(people.admin) == {mine, theirs}
    assert ids(people.or_reviewer) == set()
    assert client(people.nobody).get(API).status_code == 403


def test_list_filters(people, two_submissions):
    mine, theirs = two_submissions.mine["id"], two_submissions.theirs["id"]

    def ids(query):
        response = client(people.reviewer).get(API + query)
        assert response.status_code == 200, response.json()
        return {row["id"] for row in response.json()["results"]}

    assert ids(f"?licensee={people.licensee.pk}") == {mine}
    assert ids("?venue=WA-TC-0007") == {theirs}
    assert ids("?venue=WA-CR-0042") == {mine}
    assert ids("?venue=NOWHERE") == set()
    assert ids("?status=done") == {mine, theirs}
    assert ids("?status=queued,failed") == set()
    assert ids("?submitted_after=2000-01-01T00:00:00Z") == {mine, theirs}
    assert ids("?submitted_before=2000-01-01T00:00:00Z") == set()
    # a "+" left unescaped arrives as a space, and is read as the "+" it was
    assert ids("?submitted_after=2000-01-01T00:00:00+01:00") == {mine, theirs}
    assert ids("?submitted_before=2999-01-01T00:00:00.123456789-08:00") == {mine, theirs}


@pytest.mark.parametrize(
    "query, field",
    [
        ("status=finished", "status"),
        ("licensee=abc", "licensee"),
        ("licensee=-1", "licensee"),
        ("submitted_after=2026-11-01", "submitted_after"),
        ("submitted_after=2026-11-01T10:00:00", "submitted_after"),
        ("submitted_after=yesterday", "submitted_after"),
        ("submitted_before=2026-02-30T10:00:00Z", "submitted_before"),
        ("page=0", "page"),
        ("page_size=many", "page_size"),
    ],
)
def test_bad_list_filters_are_400(people, query, field):
    response = client(people.reviewer).get(f"{API}?{query}")
    assert response.status_code == 400, response.content
    assert response.json()["field"] == field
    assert response.json()["message"]


def test_detail_after_validation_has_progress_summary_and_totals(people, two_submissions):
    detail = client(people.staff).get(two_submissions.mine["url"]).json()
    assert detail["status"] == "done" and detail["failure_reason"] == ""
    assert detail["progress"] == {
        "chunks_total": 1,
        "chunks_done": 1,
        "lines_total": 2,
        "lines_done": 2,
        "rounds_done": 2,
        "rounds_total": 2,
        "percent": 100.0,
    }
    summary = detail["summary"]
    assert (summary["rounds"], summary["clean_rounds"], summary["findings"]) == (2, 1, 1)
    assert summary["findings_by_code"] == {"underpaid": 1}
    assert summary["underpaid"] == "12.50"
    assert summary["submission"] == detail["id"]
    rows = {(t["venue"], t["table"], t["game"], t["wager_key"]): t for t in detail["totals"]}
    place = ("WA-CR-0042", "T2", "toss-one-21")
    assert rows[(*place, "")]["rounds"] == 2 and rows[(*place, "")]["clean_rounds"] == 1
    main = rows[(*place, "main")]
    assert (main["wagers"], main["wagered"], main["underpaid"]) == (2, "50.00", "12.50")
    assert main["findings_by_code"] == {"underpaid": 1}
    assert detail["findings_url"].endswith(f"{API}{detail['id']}/findings/")
    assert detail["raw_url"].endswith(f"{API}{detail['id']}/raw/")


def test_progress_while_validating(people):
    from audits.services.chunk import chunk_validate

    content = log(*(round_line(round=f"r{i}") for i in range(4)))
    submission, _ = submission_store(
        io.BytesIO(content), original_name="a.jsonl", licensee=people.licensee
    )
    url = f"{API}{submission.uuid}/"
    chunks = submission_prepare(submission, lines_per_chunk=2)
    chunk_validate(chunks[0])
    detail = client(people.staff).get(url).json()
    assert detail["status"] == "validating"
    assert detail["progress"] == {
        "chunks_total": 2,
        "chunks_done": 1,
        "lines_total": 4,
        "lines_done": 2,
        "rounds_done": 2,
        "rounds_total": None,
        "percent": 50.0,
    }


def test_failed_submission_gives_the_reason(people, submit):
    packed = gzip.compress(TWO_ROUNDS * 50)
    response = submit(
        post_raw, client(people.staff), packed[: len(packed) // 2], content_type="application/gzip"
    )
    assert response.status_code == 202
    detail = client(people.staff).get(response.json()["url"]).json()
    assert detail["status"] == "failed" and "gzip" in detail["failure_reason"]
    assert detail["summary"]["failure_reason"] == detail["failure_reason"]


def test_raw_file_is_streamed_unchanged(people, submit):
    packed = gzip.compress(TWO_ROUNDS)
    url = submit(
        post_raw, client(people.staff), packed, content_type="application/octet-stream"
    ).json()["url"]
    response = client(people.reviewer).get(url + "raw/", HTTP_ACCEPT="application/gzip")
    assert response.status_code == 200
    assert b"".join(response.streaming_content) == packed
    assert response["Content-Type"] == "application/gzip"
    assert "attachment" in response["Content-Disposition"]
    assert Submission.objects.get().sha256 in response["ETag"]


def test_unknown_or_malformed_ids_are_404(people):
    api = client(people.reviewer)
    assert api.get(f"{API}00000000-0000-0000-0000-000000000000/").status_code == 404
    assert api.get(f"{API}00000000-0000-0000-0000-000000000000/raw/").status_code == 404
    assert api.get(f"{API}not-a-uuid/").status_code == 404
