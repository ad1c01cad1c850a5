"""Uploads answer at once in the embedded mode and show their progress: the validation runs
in a thread of the web process, the page and the API say how far it has come (lines, rounds,
findings so far, time left), then the result."""

from __future__ import annotations

import threading
from datetime import timedelta

from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.utils import timezone
from rest_framework.test import APIClient

from audits.submissions import intake
from audits.submissions.models import Submission
from audits.submissions.progress import submission_progress
from compliance.templatetags.numbers import duration_words
from tests.audits.conftest import round_line
from tests.audits.submissions.test_pipeline import submit
from tests.audits.submissions_support import TWO_ROUNDS, people  # noqa: F401  (fixture)


def test_the_upload_answers_before_its_validation_runs(
    people,
    settings,
    monkeypatch,
    django_capture_on_commit_callbacks,  # noqa: F811
):
    """The dispatch hands the validation to a thread and the page answers: the validation is
    held (a stand-in that waits) until the answer is in.  The real thing, a runserver
    validating six uploads in its thread, is test_embedded_concurrency.py."""
    settings.EMBEDDED_VALIDATION_THREAD = True
    release, ran = threading.Event(), []

    def held_validation(pk: int) -> None:
        release.wait(timeout=60)
        ran.append((pk, threading.current_thread().name))

    monkeypatch.setattr(intake, "_send", held_validation)
    client = Client()
    client.force_login(people.staff)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            "/submissions/new/",
            {"file": SimpleUploadedFile("wait.jsonl", TWO_ROUNDS), "licensee": people.licensee.pk},
        )
    submission = Submission.objects.get(original_name="wait.jsonl")
    assert response.status_code == 302 and submission.status == "queued" and not ran
    page = client.get(response["Location"]).content.decode()
    assert "data-progress-url" in page and "Queued for validation" in page
    api = APIClient()
    api.force_authenticate(people.staff)
    body = api.get(f"/api/audits/submissions/{submission.uuid}/").json()
    assert body["status"] == "queued" and body["progress"]["percent"] == 0.0
    worker = next(t for t in threading.enumerate() if t.name.startswith("validate-submission-"))
    release.set()
    worker.join(timeout=60)
    assert ran == [(submission.pk, f"validate-submission-{submission.pk}")]


def test_progress_counts_lines_findings_and_time_left(people):  # noqa: F811
    lines = b"\n".join(round_line(round_id=f"r{i}") for i in range(6)) + b"\n"
    submission = submit(people.licensee, lines + b"not json\n", chunk_lines=2)
    done = submission_progress(submission)
    assert (done.percent, done.seconds_left, done.lines_total) == (100.0, 0, 7)
    assert done.findings_so_far == submission.finding_count >= 1
    # as it stood half-way: the first two chunks done, ten seconds in
    last = submission.chunks.order_by("-first_line")
    last.filter(pk__in=list(last.values_list("pk", flat=True)[:2])).update(done=False)
    Submission.objects.filter(pk=submission.pk).update(status="validating")
    submission.refresh_from_db()
    started = submission.started_at
    half = submission_progress(submission, now=started + timedelta(seconds=10))
    assert (half.lines_done, half.lines_total, half.chunks_done) == (4, 7, 2)
    assert half.percent == 57.1 and half.seconds_left == round(10 * 3 / 4)
    assert half.rounds_total is None and half.findings_so_far <= done.findings_so_far
    assert submission_progress(submission, now=timezone.now()).seconds_left >= 0
    client = Client()
    client.force_login(people.staff)
    fragment = client.get(f"/submissions/{submission.uuid}/progress/").content.decode()
    assert "4 of 7 lines checked" in fragment and "57.1%" in fragment
    assert f"{half.findings_so_far} finding" in fragment and " left." in fragment


def test_time_left_in_words():
    assert [duration_words(s) for s in (0, 1, 45, 60, 150, 3600, 4800, None)] == [
        "0 seconds", "1 second", "45 seconds", "1 minute", "2 minutes", "1 hour",
        "1 hour 20 minutes", "—",
    ]  # fmt: skip
