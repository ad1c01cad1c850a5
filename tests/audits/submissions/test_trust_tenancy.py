"""Tenancy in validation state: what one licensee's upload creates never reaches another's.

Two licensees of the demo registry: DEMO-0001 (staff ``people.staff``, venue WA-CR-0042)
and DEMO-0002 (``people.other_staff``, venue WA-TC-0007), and a WSGC reviewer; every case
through the real API (and the web page where it has one).
"""

from __future__ import annotations

import pytest
from django.test import Client

from audits.reports.figures import report_figures
from audits.reports.lifecycle import report_request
from audits.reports.models import ReportKind
from audits.samples import generate_toss_one
from audits.submissions.models import Finding, RoundKeys, Submission, SubmissionTotal
from games.models import Venue

# ruff: noqa: F811 (the fixtures imported from submissions_support are test arguments)
from tests.audits.submissions_support import client, people, post_raw, submit  # noqa: F401

CEDAR = "WA-TC-0007"  # DEMO-0002's venue


def cedar_log(tmp_path, name: str, seed: int = 7) -> bytes:
    """Two days of clean rounds at DEMO-0002's venue; the same seed gives the same round ids."""
    path = tmp_path / name
    generate_toss_one(
        path, venue=CEDAR, tables=("T1", "T2"), start="2026-10-05", days=2, rounds=120,
        fault_rate=0, seed=seed, lucky3_paytable="2",
    )  # fmt: skip
    return path.read_bytes()


def upload(submit, user, content: bytes, name: str) -> Submission:
    response = submit(post_raw, client(user), content, name=name)
    assert response.status_code == 202, response.json()
    return Submission.objects.get(uuid=response.json()["id"])


def venue_report(code: str) -> dict:
    """The figures of the venue's October report, as they would be signed."""
    venue = Venue.objects.get(code=code)
    report = report_request(kind=ReportKind.VENUE, venue=venue, period="2026-10")
    figures = report_figures(report)
    return {k: figures[k] for k in ("inputs", "summary", "hold", "findings")}


def test_rounds_at_another_licensees_venue_are_a_finding_and_nothing_else(people, submit, tmp_path):
    intruder = upload(submit, people.staff, cedar_log(tmp_path, "guess.jsonl"), "guess.jsonl")
    assert intruder.status == "done" and intruder.rounds_total == 120
    codes = set(intruder.findings.values_list("code", flat=True))
    assert codes == {"venue_not_of_licensee"}
    assert intruder.findings.count() == 120 and intruder.clean_rounds == 0
    assert not intruder.findings.exclude(venue="").exists()  # filed under no venue of anyone's
    assert CEDAR in intruder.findings.first().message
    assert not RoundKeys.objects.filter(submission=intruder).exists()
    assert not SubmissionTotal.objects.filter(submission=intruder, venue=CEDAR).exists()


def test_another_licensees_upload_changes_nothing_in_a_venue_report(people, submit, tmp_path):
    own = cedar_log(tmp_path, "cedar-oct.jsonl")
    baseline = upload(submit, people.other_staff, own, "cedar-oct.jsonl")
    before = venue_report(CEDAR)
    assert [i["file_name"] for i in before["inputs"]] == ["cedar-oct.jsonl"]

    upload(submit, people.staff, cedar_log(tmp_path, "a.jsonl", seed=7) + b"\n", "a-guess.jsonl")
    upload(submit, people.staff, cedar_log(tmp_path, "b.jsonl", seed=8), "a-other.jsonl")
    assert venue_report(CEDAR) == before
    assert baseline.findings.count() == 0


def test_a_licensee_learns_nothing_of_anothers_rounds_by_guessing(people, submit, tmp_path):
    secret = upload(
        submit, people.other_staff, cedar_log(tmp_path, "tc-secret.jsonl"), "tc-secret.jsonl"
    )
    guess = upload(submit, people.staff, cedar_log(tmp_path, "guess.jsonl") + b"\n", "guess.jsonl")
    assert not guess.findings.filter(code__startswith="duplicate_round").exists()
    answers = [client(people.staff).get(f"/api/audits/submissions/{guess.uuid}/").content]
    export = client(people.staff).get(
        f"/api/audits/submissions/{guess.uuid}/findings/?format=jsonl"
    )
    answers.append(b"".join(export.streaming_content))
    for answer in answers:
        assert b"tc-secret" not in answer and str(secret.uuid).encode() not in answer


def test_the_owners_later_file_is_not_a_duplicate_of_an_intruders(people, submit, tmp_path):
    upload(submit, people.staff, cedar_log(tmp_path, "first.jsonl") + b"\n", "first.jsonl")
    real = upload(submit, people.other_staff, cedar_log(tmp_path, "real.jsonl"), "real.jsonl")
    assert real.findings.count() == 0 and real.clean_rounds == 120


def test_duplicates_are_still_found_among_a_licensees_own_files(people, submit, tmp_path):
    upload(submit, people.other_staff, cedar_log(tmp_path, "one.jsonl"), "one.jsonl")
    again = upload(
        submit, people.other_staff, cedar_log(tmp_path, "two.jsonl") + b"\n", "two.jsonl"
    )
    duplicates = again.findings.filter(code="duplicate_round_submitted")
    assert duplicates.count() == 120 and "one.jsonl" in duplicates.first().message


def test_the_same_bytes_from_another_licensee_are_its_own_submission(people, submit, tmp_path):
    content = cedar_log(tmp_path, "same.jsonl")
    first = submit(post_raw, client(people.other_staff), content, name="same.jsonl")
    second = submit(post_raw, client(people.staff), content, name="same.jsonl")
    assert (first.status_code, second.status_code) == (202, 202)
    assert second.json()["created"] is True and second.json()["id"] != first.json()["id"]
    assert b"another licensee" not in second.content
    assert Submission.objects.filter(sha256=first.json()["sha256"]).count() == 2


def test_the_web_page_gives_the_same_answer_for_anothers_identical_file(
    people, submit, tmp_path, django_capture_on_commit_callbacks
):
    from django.core.files.uploadedfile import SimpleUploadedFile

    content = cedar_log(tmp_path, "same.jsonl")
    theirs = upload(submit, people.other_staff, content, "same.jsonl")
    web = Client()
    web.force_login(people.staff)
    form = {"file": SimpleUploadedFile("same.jsonl", content), "licensee": people.licensee.pk}
    with django_capture_on_commit_callbacks(execute=True):
        response = web.post("/submissions/new/", form)
    mine = Submission.objects.exclude(pk=theirs.pk).get()
    assert response.status_code == 302 and response["Location"].endswith(f"/{mine.uuid}/")
    assert mine.licensee == people.licensee
    page = web.get(response["Location"], follow=True).content
    assert b"submitted before" not in page and str(theirs.uuid).encode() not in page


def test_the_intruders_findings_stay_with_the_intruder(people, submit, tmp_path):
    upload(submit, people.staff, cedar_log(tmp_path, "guess.jsonl"), "guess.jsonl")
    assert not Finding.objects.filter(venue=CEDAR).exists()
    seen = client(people.other_staff).get("/api/audits/submissions/").json()
    assert seen["count"] == 0


@pytest.mark.parametrize("via", ["api", "web"])
def test_a_failed_submission_is_validated_again_when_sent_again(
    people, submit, tmp_path, monkeypatch, via, django_capture_on_commit_callbacks
):
    from audits import tasks

    content = cedar_log(tmp_path, "retry.jsonl")
    broken = monkeypatch.setattr  # the broker is down for the first upload
    broken(tasks.validate_submission, "delay", _raise)
    failed = upload(submit, people.other_staff, content, "retry.jsonl")
    assert failed.status == "failed" and "send the same file again" in failed.failure_reason
    monkeypatch.undo()
    if via == "api":
        response = submit(post_raw, client(people.other_staff), content, name="retry.jsonl")
        assert response.json()["retried"] is True and response.json()["id"] == str(failed.uuid)
    else:
        web = Client()
        web.force_login(people.other_staff)
        page = web.get(f"/submissions/{failed.uuid}/").content.decode()
        assert "Validate it again" in page
        with django_capture_on_commit_callbacks(execute=True):
            web.post(f"/submissions/{failed.uuid}/retry/")
    failed.refresh_from_db()
    assert failed.status == "done" and failed.clean_rounds == 120


def test_the_retry_endpoint_is_for_failed_submissions_of_ones_own(people, submit, tmp_path):
    done = upload(submit, people.other_staff, cedar_log(tmp_path, "ok.jsonl"), "ok.jsonl")
    url = f"/api/audits/submissions/{done.uuid}/retry/"
    assert client(people.other_staff).post(url).status_code == 409
    assert client(people.staff).post(url).status_code == 404  # not theirs to see


def _raise(*args, **kwargs):
    raise ConnectionError("broker unreachable")
