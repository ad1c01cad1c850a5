"""Only uploads count against the uploads' rate: withdrawing, reinstating and retrying a
submission do not (the per-user rate holds them)."""

from __future__ import annotations

import pytest

from audits.submissions.models import Submission
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

pytestmark = pytest.mark.django_db
UUID = "00000000-0000-4000-8000-000000000000"


def test_withdrawing_reinstating_and_retrying_use_none_of_the_upload_quota(
    people, submit, settings
):
    settings.API_THROTTLE_RATES = {**settings.API_THROTTLE_RATES, "uploads": "2/hour"}
    staff, reviewer = client(people.staff), client(people.reviewer)
    first = submit(post_raw, staff, TWO_ROUNDS)
    assert first.status_code == 202, first.json()
    url = f"{API}{first.json()['id']}/"
    for _ in range(3):
        assert staff.post(f"{url}withdraw/", {"reason": "a mistake"}).status_code == 200
        assert reviewer.post(f"{url}reinstate/", {"reason": "it was not"}).status_code == 200
    for _ in range(3):
        Submission.objects.filter(uuid=first.json()["id"]).update(status="failed")
        assert submit(staff.post, f"{url}retry/").status_code == 202
    second = submit(post_raw, staff, log(round_line(round="T2-9")))
    assert second.status_code == 202, second.json()
    assert submit(post_raw, staff, log(round_line(round="T2-10"))).status_code == 429


def test_the_user_rate_still_holds_them(people, settings):
    settings.API_THROTTLE_RATES = {**settings.API_THROTTLE_RATES, "user": "2/minute"}
    staff = client(people.staff)
    statuses = [staff.post(f"{API}{UUID}/withdraw/", {"reason": "x"}).status_code
                for _ in range(3)]  # fmt: skip
    assert statuses == [404, 404, 429]
