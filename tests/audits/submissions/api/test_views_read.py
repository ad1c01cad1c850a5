"""The submissions API, reading: who sees what, list filters, progress and summary, failures,
and the raw file.

Celery runs eagerly in tests; ``transaction.on_commit`` callbacks (which enqueue the
validation) run only inside ``django_capture_on_commit_callbacks(execute=True)``.
"""

from __future__ import annotations

import gzip
import io
from types import SimpleNamespace

import pytest

from audits.submissions.models import Submission
from audits.submissions.run import SubmissionFailed, media_path, submission_prepare
from audits.submissions.storage import submission_store
from audits.submissions.submissions import submission_validate_now
from tests.audits.conftest import round_line

# ruff: noqa: F811 (the fixtures imported from submissions_support are test arguments)
from tests.audits.submissions_support import (  # noqa: F401
    API,
    TWO_ROUNDS,
    client,
    log,
    people,
    post_raw,
    submit,
)

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
        "findings_so_far": 1,
        "seconds_left": 0,
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
    from audits.submissions.run.chunk import chunk_validate

    content = log(*(round_line(round=f"r{i}") for i in range(4)))
    submission, _ = submission_store(
        io.BytesIO(content), original_name="a.jsonl", licensee=people.licensee
    )
    url = f"{API}{submission.uuid}/"
    chunks = submission_prepare(submission, lines_per_chunk=2)
    chunk_validate(chunks[0])
    detail = client(people.staff).get(url).json()
    assert detail["status"] == "validating"
    left = detail["progress"].pop("seconds_left")  # as long again as the first half took
    assert left is not None and 0 <= left < 60
    assert detail["progress"] == {
        "chunks_total": 2,
        "chunks_done": 1,
        "lines_total": 4,
        "lines_done": 2,
        "rounds_done": 2,
        "rounds_total": None,
        "percent": 50.0,
        "findings_so_far": 0,
    }


def test_failed_submission_gives_the_reason(people):
    """A gzip damaged from its start is refused at the door; one stored whole and damaged on
    disk before it is validated fails, and says why."""
    packed = gzip.compress(TWO_ROUNDS * 50)
    response = post_raw(client(people.staff), packed, content_type="application/gzip")
    assert response.status_code == 202  # stored; its validation not run (no commit here)
    submission = Submission.objects.get()
    media_path(submission.raw_file).write_bytes(packed[:8])  # cut inside the gzip header
    with pytest.raises(SubmissionFailed):
        submission_validate_now(submission)
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
