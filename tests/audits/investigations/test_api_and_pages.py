"""Investigations over the API and on the pages: the whole life of a case, each refusal with
its status, evidence downloaded byte for byte, and the forms that open a case from findings
and deviations (the matrix in test_web_matrix.py holds who may reach which page)."""

from __future__ import annotations

import hashlib

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from rest_framework.test import APIClient

from audits.investigations.models import Case
from tests.audits.report_support import validated  # noqa: F401  (fixture)
from tests.audits.submissions_support import people  # noqa: F401  (fixture)

pytestmark = pytest.mark.django_db
CASES = "/api/audits/cases/"
EVIDENCE = b"<html><script>alert('not run')</script></html>\x00\x01"


def api(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def _findings(validated, n=2):  # noqa: F811
    return list(validated.findings.filter(code="overpaid").values_list("pk", flat=True)[:n])


def test_a_case_over_the_api_from_opening_to_closing(validated, people):  # noqa: F811
    opened = api(people.reviewer).post(
        CASES, {"title": "Overpaid", "text": "Explain.", "findings": _findings(validated)},
        format="json",
    )  # fmt: skip
    assert opened.status_code == 201, opened.content
    case = opened.json()
    assert case["status"] == "awaiting_licensee" and len(case["findings"]) == 2
    assert [c["id"] for c in api(people.staff).get(CASES, {"queue": "1"}).json()["results"]] == [
        case["id"]
    ]
    assert api(people.reviewer).get(CASES, {"queue": "1"}).json()["results"] == []

    url = f"{CASES}{case['id']}/"
    answered = api(people.staff).post(
        url + "answer/",
        {"text": "Dealer error.", "cause": "dealer_error", "corrective_action": "Retrained.",
         "evidence": [SimpleUploadedFile("page.html", EVIDENCE),
                      SimpleUploadedFile("b.txt", b"second")]},
        format="multipart",
    )  # fmt: skip
    assert answered.status_code == 201, answered.content
    files = answered.json()["evidence"]
    assert [f["name"] for f in files] == ["page.html", "b.txt"]
    assert files[0]["sha256"] == hashlib.sha256(EVIDENCE).hexdigest()
    download = api(people.reviewer).get(files[0]["url"])
    assert download.status_code == 200 and b"".join(download.streaming_content) == EVIDENCE
    assert download["Content-Type"] == "application/octet-stream"  # never shown as a page
    assert download["Content-Disposition"].startswith("attachment")
    assert download["X-Content-Type-Options"] == "nosniff"

    no_outcome = api(people.reviewer).post(url + "decide/", {"decision": "accept", "text": "ok"})
    assert no_outcome.status_code == 400 and no_outcome.json()["field"] == "outcome"
    by_staff = {"decision": "close", "text": "x", "outcome": "no_fault"}
    assert api(people.staff).post(url + "decide/", by_staff).status_code == 403
    closed = api(people.reviewer).post(
        url + "decide/", {"decision": "accept", "text": "Accepted.", "outcome": "corrected"}
    )
    assert closed.status_code == 201 and closed.json()["status_after"] == "closed"
    late = api(people.staff).post(url + "answer/", {"text": "more", "cause": "other"})
    assert late.status_code == 409
    thread = api(people.staff).get(url).json()
    assert [s["kind"] for s in thread["steps"]] == ["opened", "answered", "accepted"]
    assert (thread["status"], thread["outcome"], thread["overdue"]) == ("closed", "corrected",
                                                                        False)  # fmt: skip


def test_outsiders_get_404_and_nothing_changes(validated, people):  # noqa: F811
    case = (
        api(people.reviewer)
        .post(
            CASES, {"title": "t", "text": "x", "findings": _findings(validated, 1)}, format="json"
        )
        .json()
    )
    url = f"{CASES}{case['id']}/"
    for outsider in (people.other_staff, people.or_reviewer):
        assert api(outsider).get(url).status_code == 404
        assert api(outsider).post(url + "answer/", {"text": "x", "cause": "other"}).status_code \
            == 404  # fmt: skip
        assert api(outsider).get(CASES).json()["results"] == []
    theirs = api(people.other_staff).post(
        CASES, {"title": "t", "text": "x", "findings": _findings(validated, 1)}, format="json"
    )  # another licensee's staff names our finding: as if it did not exist
    assert theirs.status_code == 404
    assert Case.objects.count() == 1 and Case.objects.get().steps.count() == 1


def test_opening_a_case_from_the_findings_ticked_on_the_submission_page(validated, people):  # noqa: F811
    client = Client()
    client.force_login(people.reviewer)
    page = client.get(f"/submissions/{validated.uuid}/").content.decode()
    assert 'name="findings"' in page and "Open a case on the findings ticked" in page
    ids = _findings(validated)
    made = client.post("/cases/new/", {"findings": ids, "title": "Two overpayments",
                                       "text": "Please explain."})  # fmt: skip
    case = Case.objects.get()
    assert made.status_code == 302 and made["Location"] == f"/cases/{case.pk}/"
    assert sorted(case.findings.values_list("pk", flat=True)) == sorted(ids)
    shown = client.get(f"/cases/{case.pk}/").content.decode()
    assert "Two overpayments" in shown and "awaiting the licensee" in shown
    assert "Record the decision" in shown and "Send the answer" not in shown
    staff = Client()
    staff.force_login(people.staff)
    assert "Send the answer" in staff.get(f"/cases/{case.pk}/").content.decode()
    queue = staff.get("/cases/").content.decode()
    assert "Two overpayments" in queue and "Nothing awaits you" not in queue


def test_a_refused_case_goes_back_only_to_one_of_our_own_pages(validated, people):  # noqa: F811
    client = Client()
    client.force_login(people.reviewer)
    for back, expected in (("/submissions/", "/submissions/"),
                           ("//evil.example/x", "/cases/"),
                           ("https://evil.example/", "/cases/")):  # fmt: skip
        answer = client.post("/cases/new/", {"title": "", "text": "x", "back": back})
        assert answer.status_code == 302 and answer["Location"] == expected
    assert not Case.objects.exists()


def test_the_staff_page_answers_with_a_file_and_the_thread_shows_its_digest(validated, people):  # noqa: F811
    reviewer, staff = Client(), Client()
    reviewer.force_login(people.reviewer)
    staff.force_login(people.staff)
    reviewer.post("/cases/new/", {"findings": _findings(validated, 1), "title": "One",
                                  "text": "Explain."})  # fmt: skip
    case = Case.objects.get()
    staff.post(f"/cases/{case.pk}/answer/", {
        "text": "Misread card.", "cause": "misread_card", "corrective_action": "",
        "evidence": SimpleUploadedFile("camera.txt", b"frame 1201"),
    })  # fmt: skip
    case.refresh_from_db()
    assert case.status == "awaiting_reviewer"
    thread = reviewer.get(f"/cases/{case.pk}/").content.decode()
    assert hashlib.sha256(b"frame 1201").hexdigest() in thread and "camera.txt" in thread
    reviewer.post(f"/cases/{case.pk}/decide/", {"decision": "accept", "text": "Fine.",
                                                "outcome": "corrected"})  # fmt: skip
    case.refresh_from_db()
    assert (case.status, case.outcome) == ("closed", "corrected")


def test_the_answers_cause_and_the_decision_start_empty_and_are_asked_for(validated, people):  # noqa: F811
    reviewer, staff = Client(), Client()
    reviewer.force_login(people.reviewer)
    staff.force_login(people.staff)
    reviewer.post("/cases/new/", {"findings": _findings(validated, 1), "title": "One",
                                  "text": "Explain."})  # fmt: skip
    case = Case.objects.get()
    page = staff.get(f"/cases/{case.pk}/").content.decode()
    assert '<option value="" selected>choose the cause</option>' in page
    assert page.count(" selected>") == 1  # no cause chosen for the licensee
    staff.post(f"/cases/{case.pk}/answer/", {"text": "Left as it came.", "cause": ""})
    case.refresh_from_db()
    assert case.status == "awaiting_licensee"  # no answer recorded without a cause
    staff.post(f"/cases/{case.pk}/answer/", {"text": "Misread.", "cause": "misread_card"})
    page = reviewer.get(f"/cases/{case.pk}/").content.decode()
    assert '<option value="" selected>choose the decision</option>' in page
    reviewer.post(f"/cases/{case.pk}/decide/", {"decision": "", "text": "Left as it came."})
    case.refresh_from_db()
    assert case.status == "awaiting_reviewer"  # no decision recorded without one chosen
