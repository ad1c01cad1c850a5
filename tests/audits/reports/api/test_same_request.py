"""The same report asked for again, while it is being made or once issued, is that report:
ten identical requests make one PDF, not ten; a failed or replaced one is made anew."""

from __future__ import annotations

import pytest
from django.test import Client

from audits.reports.models import Report, ReportStatus
from tests.audits.report_support import dev_identity_dir, signing, validated  # noqa: F401  (fixtures)
from tests.audits.submissions_support import client, people  # noqa: F401  (fixture)

pytestmark = pytest.mark.django_db
API = "/api/audits/reports/"
OCTOBER = {"venue": "WA-CR-0042", "period": "2026-10"}


def _ids(user, data, times: int) -> set[str]:
    answers = [client(user).post(API, data, format="json") for _ in range(times)]
    assert {a.status_code for a in answers} == {202}, answers[0].json()
    return {a.json()["id"] for a in answers}


def test_ten_identical_requests_make_one_report(validated, people):  # noqa: F811
    assert len(_ids(people.reviewer, OCTOBER, 10)) == 1
    assert _ids(people.staff, {**OCTOBER, "kind": "venue"}, 1) == _ids(people.reviewer, OCTOBER, 1)
    submission = {"submission": str(validated.uuid)}
    assert len(_ids(people.staff, submission, 10)) == 1
    summary = {"jurisdiction": "wa-wsgc", "period": "2026-Q4"}
    assert len(_ids(people.reviewer, summary, 10)) == 1
    assert Report.objects.count() == 3


def test_another_period_or_scope_is_another_report(validated, people):  # noqa: F811
    asked = [
        OCTOBER, {**OCTOBER, "period": "2026-11"}, {**OCTOBER, "period": "2026-Q4"},
        {**OCTOBER, "venue": "WA-TC-0007"}, {"jurisdiction": "wa-wsgc", "period": "2026-10"},
    ]  # fmt: skip
    ids = [_ids(people.reviewer, data, 1).pop() for data in asked]
    assert len(set(ids)) == len(asked) == Report.objects.count()


def test_a_failed_report_is_made_again(validated, people):  # noqa: F811
    (first,) = _ids(people.reviewer, OCTOBER, 1)
    Report.objects.filter(uuid=first).update(status=ReportStatus.FAILED, failure_reason="x")
    (second,) = _ids(people.reviewer, OCTOBER, 2)
    assert second != first and Report.objects.count() == 2


def test_an_issued_report_is_given_again_until_replaced(
    validated, people, signing, django_capture_on_commit_callbacks
):
    submission = {"submission": str(validated.uuid)}
    with django_capture_on_commit_callbacks(execute=True):
        (issued,) = _ids(people.staff, submission, 1)
    assert Report.objects.get(uuid=issued).status == ReportStatus.DONE
    assert _ids(people.staff, submission, 3) == {issued}
    (newer,) = _ids(people.staff, {"replaces": issued}, 1)
    assert _ids(people.staff, submission, 2) == {newer}


def test_the_page_asks_once_too(validated, people):  # noqa: F811
    page = Client()
    page.force_login(people.staff)
    for _ in range(3):
        assert page.post(f"/submissions/{validated.uuid}/report/").status_code == 302
    assert Report.objects.count() == 1
