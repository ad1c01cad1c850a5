"""Report schedules over the API: reviewers of the jurisdiction only."""

from __future__ import annotations

import pytest
from django.core.management import call_command
from django_celery_beat.models import PeriodicTask

from tests.audits.submissions_support import client, people  # noqa: F401  (fixture)

pytestmark = pytest.mark.django_db
API = "/api/audits/schedules/"
MONTHLY = {
    "name": "monthly WA-CR-0042",
    "kind": "venue",
    "scope": "WA-CR-0042",
    "period": "previous_month",
}


def test_a_reviewer_creates_lists_pauses_and_deletes_a_schedule(people):  # noqa: F811
    api = client(people.reviewer)
    created = api.post(API, MONTHLY, format="json")
    assert created.status_code == 201, created.json()
    body = created.json()
    assert (body["day_of_month"], body["hour"], body["enabled"]) == ("2", "6", True)
    task = PeriodicTask.objects.get(name="wa-wsgc: monthly WA-CR-0042")
    assert str(task.crontab.timezone) == "America/Los_Angeles"
    assert [s["name"] for s in api.get(API).json()] == ["monthly WA-CR-0042"]
    listed = api.get(API).json()[0]
    assert listed["in_words"] == "At 06:00, on day 2 of the month"
    assert listed["next_run_at"].endswith(("T06:00:00-08:00", "T06:00:00-07:00"))
    url = f"{API}{body['id']}/"
    assert api.patch(url, {"paused": True}, format="json").json()["enabled"] is False
    assert PeriodicTask.objects.get(pk=body["id"]).enabled is False
    assert api.delete(url).status_code == 204
    assert not PeriodicTask.objects.filter(pk=body["id"]).exists()


def test_only_the_jurisdictions_reviewers_see_or_touch_its_schedules(people):  # noqa: F811
    call_command("create_report_schedules", "wa-wsgc")
    task = PeriodicTask.objects.get(name="wa-wsgc: monthly report WA-CR-0042")
    url = f"{API}{task.pk}/"
    assert client(people.or_reviewer).get(API).json() == []
    assert client(people.or_reviewer).patch(url, {"paused": True}, format="json").status_code == 404
    assert client(people.or_reviewer).post(API, MONTHLY, format="json").status_code == 404
    taken = {**MONTHLY, "name": "monthly report WA-CR-0042", "scope": "WA-CR-0042"}
    assert client(people.or_reviewer).post(API, taken, format="json").status_code == 404
    for user in (people.staff, people.admin, people.nobody):
        assert client(user).get(API).status_code == 403
    assert client().get(API).status_code in (401, 403)
    assert PeriodicTask.objects.get(pk=task.pk).enabled is True


def test_a_schedule_that_could_never_run_is_refused(people):  # noqa: F811
    api = client(people.reviewer)
    assert api.post(API, {**MONTHLY, "period": "last week"}, format="json").status_code == 400
    assert api.post(API, {**MONTHLY, "scope": "XX-0000"}, format="json").status_code == 400
    assert api.post(API, {**MONTHLY, "kind": "daily"}, format="json").status_code == 400


def test_names_are_unique_within_a_jurisdiction_and_tell_nothing_of_another(people):  # noqa: F811
    from games.models import Licensee, Venue

    Venue.objects.create(code="OR-1", name="Beaver", licensee=people.oregon_licensee,
                         operator_class=Venue.objects.first().operator_class)  # fmt: skip
    assert client(people.reviewer).post(API, MONTHLY, format="json").status_code == 201
    oregon = {**MONTHLY, "scope": "OR-1"}
    created = client(people.or_reviewer).post(API, oregon, format="json")
    assert created.status_code == 201, created.json()  # the same name in another jurisdiction
    assert [s["name"] for s in client(people.or_reviewer).get(API).json()] == [MONTHLY["name"]]
    again = client(people.or_reviewer).post(API, oregon, format="json")
    assert again.status_code == 409 and "OR-1" not in again.json()["message"]
    assert Licensee.objects.count() >= 2


@pytest.mark.parametrize(
    ("day", "months", "ok"),
    [("30", "2", False), ("31", "4,6,9,11", False), ("29", "2", True), ("31", "*", True),
     ("30,31", "2,4", True), ("31", "2,4", False)],
)  # fmt: skip
def test_days_that_never_come_are_refused_with_the_reason(people, day, months, ok):  # noqa: F811
    body = {**MONTHLY, "day_of_month": day, "month_of_year": months}
    response = client(people.reviewer).post(API, body, format="json")
    if ok:
        assert response.status_code == 201, response.json()
        return
    assert response.status_code == 400
    assert response.json()["field"] == "day_of_month"
    assert "never" in response.json()["message"]
