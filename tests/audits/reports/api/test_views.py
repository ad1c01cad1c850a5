"""The reports API: who may ask for and read which report, the 202 and its follow-up, the
signed PDF and its twin, and verification open to anyone."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from audits.reports.models import Report, ReportStatus
from audits.submissions.models import Submission
from tests.audits.report_support import dev_identity_dir, signing, validated  # noqa: F401  (fixtures)
from tests.audits.submissions_support import TWO_ROUNDS, client, people, post_multipart, submit  # noqa: F401

pytestmark = pytest.mark.django_db
API = "/api/audits/reports/"


@pytest.fixture
def ask(django_capture_on_commit_callbacks, signing):  # noqa: F811
    """``ask(user, data)``: POST a request and run the generation it queues (eagerly)."""

    def run(user, data):
        with django_capture_on_commit_callbacks(execute=True):
            return client(user).post(API, data, format="json")

    return run


def issued(ask, user, data) -> dict:
    """The report as it is once generated (the 202's body shows it queued)."""
    answer = ask(user, data)
    assert answer.status_code == 202, answer.json()
    return client(user).get(answer.json()["url"]).json()


def test_staff_ask_for_their_submissions_report_and_get_it_signed(validated, people, ask):  # noqa: F811
    answer = ask(people.staff, {"submission": str(validated.uuid)})
    assert answer.status_code == 202, answer.json()
    assert answer["Location"] == answer.json()["url"]
    detail = client(people.staff).get(answer.json()["url"]).json()
    assert detail["status"] == "done" and detail["verdict"] in ("findings", "not_approved")
    pdf = client(people.staff).get(detail["pdf_url"])
    assert pdf.status_code == 200 and pdf["Content-Type"] == "application/pdf"
    body = b"".join(pdf.streaming_content)
    assert body.startswith(b"%PDF-") and pdf["ETag"] == f'"{detail["sha256"]}"'
    figures = client(people.staff).get(detail["figures_url"]).json()
    assert figures["summary"]["rounds"] == validated.rounds_total


def test_who_may_ask_for_what(validated, people, ask):  # noqa: F811
    submission = {"submission": str(validated.uuid)}
    assert ask(people.other_staff, submission).status_code == 404  # not theirs: not there
    assert ask(people.or_reviewer, submission).status_code == 404
    assert ask(people.nobody, submission).status_code == 403
    venue = {"venue": "WA-CR-0042", "period": "2026-10"}
    assert ask(people.reviewer, venue).status_code == 202
    assert ask(people.staff, venue).status_code == 202
    assert ask(people.other_staff, venue).status_code == 404
    summary = {"jurisdiction": "wa-wsgc", "period": "2026-Q4"}
    assert ask(people.reviewer, summary).status_code == 202
    assert ask(people.staff, summary).status_code in (403, 404)
    assert ask(people.reviewer, {"venue": "WA-CR-0042", "period": "Oct"}).status_code == 400
    assert ask(people.reviewer, {"period": "2026-10"}).status_code == 400


def test_who_sees_which_report(validated, people, ask):  # noqa: F811
    mine = ask(people.staff, {"submission": str(validated.uuid)}).json()
    summary = ask(people.reviewer, {"jurisdiction": "wa-wsgc", "period": "2026-Q4"}).json()
    seen = {
        u: {r["id"] for r in client(u).get(API).json()["results"]}
        for u in (people.staff, people.other_staff, people.reviewer, people.or_reviewer)
    }
    assert seen[people.staff] == {mine["id"]}  # not the jurisdiction summary
    assert seen[people.other_staff] == set()
    assert seen[people.reviewer] == {mine["id"], summary["id"]}
    assert seen[people.or_reviewer] == set()
    assert client(people.other_staff).get(mine["url"]).status_code == 404
    assert client().get(API).status_code in (401, 403)


def test_reissue_names_the_replaced_report_and_only_once(validated, people, ask):  # noqa: F811
    first = ask(people.staff, {"submission": str(validated.uuid)}).json()
    second = ask(people.staff, {"replaces": first["id"]})
    assert second.status_code == 202
    assert second.json()["replaces"] == first["id"]
    assert client(people.staff).get(first["url"]).json()["replaced_by"] == second.json()["id"]
    assert ask(people.staff, {"replaces": first["id"]}).status_code == 400


def test_issued_reports_are_not_editable_over_the_api(validated, people, ask):  # noqa: F811
    report = ask(people.reviewer, {"submission": str(validated.uuid)}).json()
    admin = client(people.admin)
    for method in ("put", "patch", "delete"):
        assert getattr(admin, method)(report["url"], {}, format="json").status_code == 405
    assert Report.objects.get(uuid=report["id"]).status == ReportStatus.DONE


def test_anyone_may_verify_a_pdf(validated, people, ask):  # noqa: F811
    report = issued(ask, people.staff, {"submission": str(validated.uuid)})
    pdf = b"".join(client(people.staff).get(report["pdf_url"]).streaming_content)
    anonymous = client()

    def verify(data: bytes):
        upload = SimpleUploadedFile("report.pdf", data, content_type="application/pdf")
        return anonymous.post(API + "verify/", {"file": upload}, format="multipart")

    good = verify(pdf).json()
    assert good["ok"] and good["issued_report"] == report["id"] and good["trusted"]
    flipped = bytearray(pdf)
    flipped[len(pdf) // 3] ^= 0x01
    bad = verify(bytes(flipped)).json()
    assert not bad["ok"] and bad["issued_report"] is None
    assert verify(b"not a pdf at all").json()["ok"] is False
    assert anonymous.post(API + "verify/", {}, format="multipart").status_code == 400


def test_a_report_of_a_submission_still_validating_is_refused(validated, people, ask):  # noqa: F811
    Submission.objects.filter(pk=validated.pk).update(status="validating")
    answer = ask(people.staff, {"submission": str(validated.uuid)})
    assert answer.status_code == 400 and answer.json()["field"] == "submission"


def test_validation_finishing_can_ask_for_the_report(wa, people, settings, signing, submit):  # noqa: F811
    settings.AUDITS_REPORT_ON_FINISH = True
    answer = submit(post_multipart, client(people.staff), TWO_ROUNDS)
    assert answer.status_code == 202
    submission = Submission.objects.get(uuid=answer.json()["id"])
    report = submission.reports.get()
    assert (report.status, report.requested_via) == (ReportStatus.DONE, "validation finished")
