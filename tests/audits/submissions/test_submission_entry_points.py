"""The three ways to submit a file (the API, the web page, the command) give the same answer
for the same cases: a new file, the same file again, another licensee's identical file, and
a file whose rounds are at a venue that is not the submitter's."""

from __future__ import annotations

import io
import json
from contextlib import redirect_stdout

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.test import Client

from audits.submissions.models import Submission
from tests.audits.conftest import round_line
from tests.audits.submissions_support import client, log, people, post_raw  # noqa: F401

LOG = log(round_line(round="r1"), round_line(round="r2", seats__0__results__main="30"))
FOREIGN = log(round_line(round="x1", venue="WA-TC-0007", table="T1",
                         options={"blackjack_pays": "3:2", "lucky3_paytable": "2"}))  # fmt: skip


def via_api(people, user, licensee, content, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        response = post_raw(client(user), content, name="log.jsonl")
    assert response.status_code == 202, response.content
    body = response.json()
    return Submission.objects.get(uuid=body["id"]), body["created"]


def via_web(people, user, licensee, content, django_capture_on_commit_callbacks):
    web = Client()
    web.force_login(user)
    before = set(Submission.objects.values_list("pk", flat=True))
    form = {"file": SimpleUploadedFile("log.jsonl", content), "licensee": licensee.pk}
    with django_capture_on_commit_callbacks(execute=True):
        response = web.post("/submissions/new/", form)
    assert response.status_code == 302, response.content
    uuid = response["Location"].rstrip("/").rsplit("/", 1)[-1]
    submission = Submission.objects.get(uuid=uuid)
    return submission, submission.pk not in before


def via_command(people, user, licensee, content, django_capture_on_commit_callbacks):
    import tempfile
    from pathlib import Path

    before = set(Submission.objects.values_list("pk", flat=True))
    path = Path(tempfile.mkdtemp()) / "log.jsonl"
    path.write_bytes(content)
    out = io.StringIO()
    with redirect_stdout(out):
        try:
            call_command("validate_handlog", str(path), "--licensee",
                         licensee.license_number, "--json", stdout=out)  # fmt: skip
        except SystemExit:
            pass  # 1: findings
    summary = json.loads(out.getvalue().strip().splitlines()[-1])
    submission = Submission.objects.get(uuid=summary["submission"])
    return submission, submission.pk not in before


ENTRY_POINTS = {"api": via_api, "web": via_web, "command": via_command}


def answers(entry, people, capture) -> dict:
    submit = ENTRY_POINTS[entry]
    first, created_first = submit(people, people.staff, people.licensee, LOG, capture)
    again, created_again = submit(people, people.staff, people.licensee, LOG, capture)
    theirs, created_theirs = submit(people, people.other_staff, people.other, LOG, capture)
    foreign, _ = submit(people, people.staff, people.licensee, FOREIGN, capture)
    return {
        "new file": (
            created_first,
            first.status,
            first.licensee_id == people.licensee.pk,
            sorted(first.findings.values_list("code", flat=True)),
        ),  # fmt: skip
        "same file again": (created_again, again.pk == first.pk),
        "another licensee's file": (
            created_theirs,
            theirs.pk != first.pk,
            theirs.licensee_id == people.other.pk,
        ),  # fmt: skip
        "a venue not theirs": (
            sorted(foreign.findings.values_list("code", flat=True)),
            foreign.totals.filter(venue="WA-TC-0007").exists(),
        ),  # fmt: skip
    }


def test_the_three_entry_points_give_the_same_answers(people, django_capture_on_commit_callbacks):
    results = {}
    for entry in ENTRY_POINTS:
        results[entry] = answers(entry, people, django_capture_on_commit_callbacks)
        Submission.objects.all().delete()
    expected = {
        "new file": (True, "done", True, ["underpaid"]),
        "same file again": (False, True),
        "another licensee's file": (True, True, True),
        "a venue not theirs": (["venue_not_of_licensee"], False),
    }
    assert results == {entry: expected for entry in ENTRY_POINTS}


@pytest.mark.parametrize("entry", ["api", "web", "command"])
def test_each_entry_point_stores_the_file_unchanged(
    people, entry, django_capture_on_commit_callbacks
):
    from audits.submissions.run import media_path

    submission, _ = ENTRY_POINTS[entry](people, people.staff, people.licensee, LOG,
                                        django_capture_on_commit_callbacks)  # fmt: skip
    assert media_path(submission.raw_file).read_bytes() == LOG
    assert submission.submitted_via == entry
