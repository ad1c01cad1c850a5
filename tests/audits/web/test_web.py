"""The web pages, through Django's test client: who sees what, uploading, findings, reports."""

from __future__ import annotations

import csv
import html
import io
import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from audits.reports.models import Report
from audits.submissions.models import Submission
from tests.audits.report_support import dev_identity_dir, signing, validated  # noqa: F401  (fixtures)
from tests.audits.submissions_support import TWO_ROUNDS, people  # noqa: F401  (fixture)

pytestmark = pytest.mark.django_db


def browser(user=None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def test_signed_out_visitors_see_the_home_page_and_must_sign_in(people):  # noqa: F811
    page = browser().get("/")
    assert page.status_code == 200 and b"sign in" in page.content
    for url in ("/submissions/", "/submissions/new/", "/reports/"):
        response = browser().get(url)
        assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    assert browser().get("/accounts/login/").status_code == 200
    assert browser().get("/reports/verify/").status_code == 200  # open to anyone


def test_staff_see_their_submissions_and_not_the_others(validated, people):  # noqa: F811
    mine = browser(people.staff)
    assert validated.original_name.encode() in mine.get("/").content
    assert validated.original_name.encode() in mine.get("/submissions/").content
    detail = mine.get(f"/submissions/{validated.uuid}/")
    assert detail.status_code == 200 and b"Findings" in detail.content
    assert browser(people.other_staff).get(f"/submissions/{validated.uuid}/").status_code == 404
    assert validated.original_name.encode() not in browser(people.other_staff).get("/").content
    assert browser(people.reviewer).get(f"/submissions/{validated.uuid}/").status_code == 200
    assert browser(people.or_reviewer).get(f"/submissions/{validated.uuid}/").status_code == 404


def test_findings_are_filtered_and_paged(validated, people):  # noqa: F811
    page = browser(people.staff).get(f"/submissions/{validated.uuid}/?code=overpaid")
    codes = set(validated.findings.values_list("code", flat=True))
    assert b"overpaid" in page.content
    for other in codes - {"overpaid"}:
        assert f"<td>{other}<br>".encode() not in page.content
    bad = browser(people.staff).get(f"/submissions/{validated.uuid}/?code=nonsense")
    assert bad.status_code == 200  # an unknown filter value is ignored, not an error


def test_the_findings_shown_download_as_csv_with_their_filters(validated, people):  # noqa: F811
    staff = browser(people.staff)
    page = staff.get(f"/submissions/{validated.uuid}/?code=overpaid&severity=critical")
    link = re.search(
        r'href="([^"]+)" download>Download these findings \(CSV\)', page.content.decode()
    )
    url = html.unescape(link.group(1))
    assert "format=csv" in url and "code=overpaid" in url and "severity=critical" in url
    exported = staff.get(url)
    assert exported.status_code == 200 and exported["Content-Type"].startswith("text/csv")
    rows = list(csv.DictReader(io.StringIO(b"".join(exported.streaming_content).decode())))
    assert rows and {r["code"] for r in rows} == {"overpaid"}
    assert len(rows) == validated.findings.filter(code="overpaid", severity="critical").count()
    assert browser(people.other_staff).get(url).status_code == 404  # the link is no key


def test_staff_upload_a_log_and_follow_it(people, django_capture_on_commit_callbacks):  # noqa: F811
    upload = SimpleUploadedFile("web.jsonl", TWO_ROUNDS)
    with django_capture_on_commit_callbacks(execute=True):
        response = browser(people.staff).post(
            "/submissions/new/", {"file": upload, "licensee": people.licensee.pk}
        )
    submission = Submission.objects.get(original_name="web.jsonl")
    assert response.status_code == 302 and str(submission.uuid) in response["Location"]
    assert (submission.submitted_via, submission.status) == ("web", "done")
    page = browser(people.staff).get(response["Location"])
    assert b"web.jsonl" in page.content


def test_staff_cannot_upload_for_another_licensee(people):  # noqa: F811
    upload = SimpleUploadedFile("web.jsonl", TWO_ROUNDS)
    response = browser(people.staff).post(
        "/submissions/new/", {"file": upload, "licensee": people.other.pk}
    )
    assert response.status_code == 400 and not Submission.objects.exists()
    assert browser(people.nobody).get("/submissions/new/").status_code == 403


def test_ask_for_the_report_download_it_and_verify_it(
    validated,
    people,
    signing,
    django_capture_on_commit_callbacks,  # noqa: F811
):
    staff = browser(people.staff)
    with django_capture_on_commit_callbacks(execute=True):
        response = staff.post(f"/submissions/{validated.uuid}/report/")
    assert response.status_code == 302 and response["Location"].endswith("/reports/")
    report = Report.objects.get(submission=validated)
    listing = staff.get("/reports/")
    assert str(report.uuid).encode() in listing.content and b"download" in listing.content
    pdf = b"".join(staff.get(f"/api/audits/reports/{report.uuid}/pdf/").streaming_content)
    checked = browser().post(
        "/reports/verify/", {"file": SimpleUploadedFile("r.pdf", pdf, "application/pdf")}
    )
    assert b"Valid: signed, intact, trusted and unchanged" in checked.content
    assert str(report.uuid).encode() in checked.content
    tampered = browser().post(
        "/reports/verify/", {"file": SimpleUploadedFile("r.pdf", pdf[:-10], "application/pdf")}
    )
    assert b"Not valid" in tampered.content
    flipped = bytearray(pdf)
    flipped[len(pdf) // 3] ^= 0x01  # one byte of the signed content changed in place
    page = browser().post(
        "/reports/verify/",
        {"file": SimpleUploadedFile("r.pdf", bytes(flipped), "application/pdf")},
    ).content.decode()
    verdict = re.search(r'<h2 class="headline">([^<]+)</h2>', page).group(1)
    assert verdict.startswith("Not valid: ") and len(verdict) > len("Not valid: ") + 10
    assert page.index(verdict) < page.index("Signer</th>")  # the verdict first, the rows after
    assert "covered by the signature" not in page  # nothing below contradicts it
    assert "unchanged</th><td>yes" not in page and "after signing</th><td>yes" not in page
    assert (
        browser(people.other_staff).post(f"/submissions/{validated.uuid}/report/").status_code
        == 404
    )


def test_reviewers_create_pause_and_resume_schedules(people):
    reviewer = browser(people.reviewer)
    page = reviewer.get("/schedules/")
    assert page.status_code == 200 and b"No schedules yet" in page.content
    assert b'href="/schedules/"' in page.content  # in the reviewer's menu
    form = {
        "name": "monthly WA-CR-0042", "kind": "venue", "scope": "WA-CR-0042",
        "period": "previous_month", "minute": "0", "hour": "6", "day_of_month": "2",
        "month_of_year": "*",
    }  # fmt: skip
    assert reviewer.post("/schedules/", form).status_code == 302
    from django_celery_beat.models import PeriodicTask

    task = PeriodicTask.objects.get(name="wa-wsgc: monthly WA-CR-0042")
    listing = reviewer.get("/schedules/").content
    assert b"monthly WA-CR-0042" in listing and b"active" in listing
    assert b"At 06:00, on day 2 of the month" in listing and b" 06:00 -0" in listing
    assert reviewer.post(f"/schedules/{task.pk}/pause/").status_code == 302
    task.refresh_from_db()
    assert task.enabled is False
    assert browser(people.or_reviewer).post(f"/schedules/{task.pk}/pause/").status_code == 404
    assert reviewer.post("/schedules/", {**form, "period": "someday"}).status_code == 400
    assert browser(people.staff).get("/schedules/").status_code == 403
    admin = browser(people.admin)  # told whose schedules are and where to see them
    assert admin.get("/schedules/").status_code == 200
    assert admin.post("/schedules/", form).status_code == 403  # but asks for none
    assert b'href="/schedules/"' not in browser(people.staff).get("/").content


def test_a_web_upload_over_the_size_limit_is_a_413_and_keeps_nothing(people, settings):  # noqa: F811
    settings.AUDITS_MAX_UPLOAD_BYTES = 100
    upload = SimpleUploadedFile("big.jsonl", b"x" * 101)
    response = browser(people.staff).post(
        "/submissions/new/", {"file": upload, "licensee": people.licensee.pk}
    )
    assert response.status_code == 413 and b"exceeds 100 bytes" in response.content
    assert not Submission.objects.exists()


def test_a_web_upload_of_a_csv_says_what_it_is_and_keeps_nothing(people):  # noqa: F811
    upload = SimpleUploadedFile("rounds.csv", b"venue,table,round\nWA-CR-0042,T1,r1\n")
    response = browser(people.staff).post(
        "/submissions/new/", {"file": upload, "licensee": people.licensee.pk}
    )
    assert response.status_code == 400
    assert b"This is not a hand log: it is a table of comma-separated values (CSV)" in (
        response.content
    )
    assert not Submission.objects.exists()
