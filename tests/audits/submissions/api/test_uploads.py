"""The submissions API, uploading: multipart or raw body, who may submit for whom, streaming,
the size limit, and malformed uploads.

Celery runs eagerly in tests; ``transaction.on_commit`` callbacks (which enqueue the
validation) run only inside ``django_capture_on_commit_callbacks(execute=True)``.
"""

from __future__ import annotations

import gzip

import pytest
from rest_framework.test import APIClient

from audits.submissions.models import Submission
from tests.audits.conftest import round_line

# ruff: noqa: F811 (the fixtures imported from submissions_support are test arguments)
from tests.audits.submissions_support import (  # noqa: F401
    API,
    TWO_ROUNDS,
    client,
    log,
    people,
    post_multipart,
    post_raw,
    submit,
)

# --------------------------------------------------------------------------- uploading


def test_multipart_then_raw_body_same_file_is_the_same_submission(people, submit, monkeypatch):
    from audits import tasks

    queued = []
    real = tasks.validate_submission.delay
    monkeypatch.setattr(
        tasks.validate_submission, "delay", lambda pk: queued.append(pk) or real(pk)
    )
    api = client(people.staff)

    first = submit(post_multipart, api, TWO_ROUNDS, name="november.jsonl")
    assert first.status_code == 202, first.json()
    body = first.json()
    assert set(body) == {"id", "url", "status", "sha256", "created", "retried"}
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


def test_same_file_for_another_licensee_is_that_licensees_own_submission(people, submit):
    api = client(people.reviewer)
    first = submit(post_raw, api, TWO_ROUNDS, licensee=people.licensee.pk)
    assert first.status_code == 202
    again = submit(post_raw, api, TWO_ROUNDS, licensee=people.other.pk)
    assert again.status_code == 202 and again.json()["created"] is True
    assert again.json()["id"] != first.json()["id"]
    assert Submission.objects.count() == 2


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

    from audits.submissions import intake

    settings.FILE_UPLOAD_MAX_MEMORY_SIZE = 64
    sources = []
    real = intake.submission_store

    def spy(source, **kwargs):
        sources.append(source)
        return real(source, **kwargs)

    monkeypatch.setattr(intake, "submission_store", spy)
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


@pytest.mark.parametrize("how", ["raw", "multipart"])
@pytest.mark.parametrize(
    ("content", "said"),
    [
        (b"venue,table,round\nWA-CR-0042,T1,r1\n", "comma-separated values (CSV)"),
        (b"\x1f\x8b\x08\x00" + b"\x00" * 64, "starts like a gzip file but is not one"),
        (bytes(range(256)) * 8, "binary data"),
    ],
)
def test_what_is_not_a_hand_log_is_400_in_a_sentence_and_nothing_is_kept(
    people, media, how, content, said
):
    api = client(people.staff)
    if how == "raw":
        response = post_raw(api, content)
    else:
        response = post_multipart(api, content, name="export.csv")
    assert (response.status_code, response.json()["field"]) == (400, "file")
    assert response.json()["message"].startswith("file: This is not a hand log: ")
    assert said in response.json()["message"]
    assert Submission.objects.count() == 0
    assert not any(p.is_file() for p in media.rglob("*"))
