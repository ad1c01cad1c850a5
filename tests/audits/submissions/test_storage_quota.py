"""A licensee stores at most ``AUDITS_LICENSEE_MAX_STORED_BYTES`` of submissions (live days
included): an upload past it is refused with 413 saying how much is stored and the limit,
on the API and the page, and nothing of it is kept."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from audits.live.append import live_day_submission_counts, live_rounds_append
from audits.live.tokens import table_token_create
from audits.submissions.models import Submission
from games.models import Venue
from tests.audits.conftest import round_line

# ruff: noqa: F811 (the fixtures imported from submissions_support are test arguments)
from tests.audits.submissions_support import (  # noqa: F401
    TWO_ROUNDS,
    client,
    log,
    people,
    post_raw,
    submit,
)

pytestmark = pytest.mark.django_db
MORE = log(round_line(round="T2-9"), round_line(round="T2-10"))


def _files(media) -> list[str]:
    return sorted(str(p.relative_to(media)) for p in media.rglob("*") if p.is_file())


def test_an_upload_past_the_licensees_storage_is_refused_on_the_api(people, submit, settings,
                                                                   media):  # fmt: skip
    staff = client(people.staff)
    assert submit(post_raw, staff, TWO_ROUNDS).status_code == 202
    settings.AUDITS_LICENSEE_MAX_STORED_BYTES = len(TWO_ROUNDS) + len(MORE) - 1
    kept = _files(media)
    refused = submit(post_raw, staff, MORE)
    assert refused.status_code == 413, refused.json()
    assert refused.json()["field"] == "file"
    message = refused.json()["message"]
    assert f"{len(TWO_ROUNDS):,} bytes" in message and f"{len(MORE):,}" in message
    assert f"{settings.AUDITS_LICENSEE_MAX_STORED_BYTES:,}" in message
    assert Submission.objects.count() == 1 and _files(media) == kept  # nothing kept
    again = submit(post_raw, staff, TWO_ROUNDS)  # the same file is the same submission
    assert again.status_code == 202 and again.json()["created"] is False
    assert submit(post_raw, client(people.other_staff), MORE).status_code == 202  # its own
    settings.AUDITS_LICENSEE_MAX_STORED_BYTES = len(TWO_ROUNDS) + len(MORE)
    assert submit(post_raw, staff, MORE).status_code == 202  # exactly full


def test_the_upload_page_refuses_it_too(people, settings):
    settings.AUDITS_LICENSEE_MAX_STORED_BYTES = len(MORE) - 1
    page = Client()
    page.force_login(people.staff)
    form = {"file": SimpleUploadedFile("more.jsonl", MORE), "licensee": people.licensee.pk}
    answer = page.post("/submissions/new/", form)
    assert answer.status_code == 413
    assert f"{settings.AUDITS_LICENSEE_MAX_STORED_BYTES:,} bytes" in answer.content.decode()
    assert not Submission.objects.exists()


def test_live_days_count_against_it(people, submit, settings):
    venue = Venue.objects.get(code="WA-CR-0042")
    token, _ = table_token_create(venue, "T2 system")
    live_rounds_append(token, "T2", log(round_line()), lambda *args, **kwargs: None)
    live = Submission.objects.get(submitted_via="live")
    live_day_submission_counts(live.pk)  # as the worker taking the post does
    live.refresh_from_db()
    assert live.size_bytes > 0
    settings.AUDITS_LICENSEE_MAX_STORED_BYTES = live.size_bytes + len(MORE) - 1
    assert submit(post_raw, client(people.staff), MORE).status_code == 413
