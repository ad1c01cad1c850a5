"""The odd values issue 51 found answering 5xx, each answered 4xx with the field named.

``%`` in a day filter, periods in year 0 or 9999, a NUL in a path, a query, a form or a
JSON body (PostgreSQL cannot store or compare a NUL: it must never reach a query).  Run on
both databases: the PostgreSQL pass is where a NUL used to fail.
"""

from __future__ import annotations

import pytest
from django.test import Client

from tests.audits.conftest import media, wa  # noqa: F401
from tests.audits.report_support import dev_identity_dir, signing, validated  # noqa: F401
from tests.audits.submissions_support import client, people  # noqa: F401

pytestmark = [pytest.mark.django_db, pytest.mark.both_databases]  # issue 51: on both


def _signed_in(user) -> Client:
    browser = Client(raise_request_exception=False)
    browser.force_login(user)
    return browser


@pytest.mark.parametrize("value", ["%", "%%", "2026-10-%", "_", "2026-10-0_"])
def test_a_day_or_month_filter_with_a_wildcard_is_refused_by_name(validated, people, value):  # noqa: F811
    api = client(people.staff)
    base = f"/api/audits/submissions/{validated.uuid}/findings/"
    for field in ("played_on", "played_in"):
        answer = api.get(base, {field: value})
        assert answer.status_code == 400, (field, value, answer.status_code)
        assert answer.json()["field"] == field
    page = _signed_in(people.staff).get(f"/submissions/{validated.uuid}/", {"played_on": value})
    assert page.status_code < 500


@pytest.mark.parametrize("period", ["0000-01", "0000-Q1", "0001-01", "9999-12", "9999-Q4",
                                    "10000-01", "2026-13", "2026-Q5"])  # fmt: skip
def test_a_report_period_outside_the_calendar_is_refused_by_name(people, period):  # noqa: F811
    answer = client(people.reviewer).post(
        "/api/audits/reports/", {"venue": "WA-CR-0042", "period": period}, format="json"
    )
    assert answer.status_code == 400, (period, answer.status_code)
    assert answer.json()["field"] == "period"


@pytest.mark.parametrize("period", ["0000-01", "9999-12", "\x00"])
def test_a_schedule_period_outside_the_calendar_is_refused_by_name(people, period):  # noqa: F811
    schedule = {"name": "n", "kind": "venue", "scope": "WA-CR-0042", "period": period}
    answer = client(people.reviewer).post("/api/audits/schedules/", schedule, format="json")
    assert answer.status_code == 400, (period, answer.status_code)
    assert answer.json()["field"] == "period"


@pytest.mark.parametrize("path", ["/monitoring/venues/%00/", "/monitoring/venues/WA%00/live/",
                                  "/api/audits/venues/%00/ledger/",
                                  "/api/live/venues/%00/tables/T1/rounds/"])  # fmt: skip
def test_a_nul_in_a_path_is_not_found_or_refused(people, path):  # noqa: F811
    for answer in (_signed_in(people.reviewer).get(path), _signed_in(people.staff).post(path)):
        assert answer.status_code == 400, (path, answer.status_code)
        if path.startswith("/api/"):  # the path parameter holding it, by name
            assert answer.json()["field"] in ("code", "venue"), answer.json()


def test_a_nul_in_a_query_or_a_form_is_refused(validated, people):  # noqa: F811
    browser = _signed_in(people.reviewer)
    assert browser.get("/submissions/", {"venue": "WA\x00"}).status_code == 400
    assert browser.get("/monitoring/", {"venue": "\x00"}).status_code == 400
    staff = _signed_in(people.staff)
    url = f"/submissions/{validated.uuid}/withdraw/"
    form = "application/x-www-form-urlencoded"
    assert staff.post(url, "reason=late%00file", content_type=form).status_code == 400
    answer = staff.post(url, {"reason": "late\x00file"}, follow=True)  # multipart: the service
    assert "control character" in answer.content.decode()
    validated.refresh_from_db()
    assert validated.withdrawn_at is None  # nothing done


def test_a_nul_in_a_json_reason_is_refused_by_name(validated, people):  # noqa: F811
    answer = client(people.staff).post(
        f"/api/audits/submissions/{validated.uuid}/withdraw/", {"reason": "late\x00"}, format="json"
    )
    assert answer.status_code == 400
    assert answer.json()["field"] == "reason"
    validated.refresh_from_db()
    assert validated.withdrawn_at is None


def test_a_form_body_to_the_api_is_read_by_the_view_not_before_it(validated, people):  # noqa: F811
    """The NUL check reads a form's body without parsing ``request.POST``, so the upload
    API's views still set their upload handlers (schemathesis found the 500)."""
    staff = _signed_in(people.staff)
    form = "application/x-www-form-urlencoded"
    url = f"/api/audits/submissions/{validated.uuid}/withdraw/"
    assert staff.post(url, "reason=late%00", content_type=form).status_code == 400
    answer = staff.post(url, "reason=a+late+file", content_type=form)
    assert answer.status_code == 200, answer.content
    validated.refresh_from_db()
    assert validated.withdrawal_reason == "a late file"
