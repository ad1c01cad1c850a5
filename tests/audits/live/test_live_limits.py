"""The append door's limits, tried as a leaked token or a runaway table system would: posts
and rounds a minute per token and per venue, the gaming days one post may touch, table names
as the hand-log format says, and the findings one licensee's live day may store across its
posts and parts."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from rest_framework.test import APIClient

from audits.live.close import live_days_close
from audits.live.models import LiveDay, LiveRound
from audits.live.tokens import table_token_create
from audits.submissions.models import Finding, Submission
from games.models import Venue
from tests.audits.conftest import round_line

NDJSON = "application/x-ndjson"
LATER = datetime(2027, 1, 1, tzinfo=UTC)


@pytest.fixture
def venue(wa):
    return Venue.objects.get(code="WA-CR-0042")


@pytest.fixture
def token(venue):
    return table_token_create(venue, "pit 1")[1]


def _post(secret: str, lines: list[bytes], table: str = "T2"):
    return APIClient().post(
        f"/api/live/venues/WA-CR-0042/tables/{table}/rounds/", data=b"\n".join(lines) + b"\n",
        content_type=NDJSON, HTTP_AUTHORIZATION=f"Table {secret}",
    )  # fmt: skip


def _rounds(count: int, start: int = 0, **changes) -> list[bytes]:
    return [round_line(round=f"R{start + i}", **changes) for i in range(count)]


def test_a_token_over_its_posts_a_minute_is_refused_with_which_limit(token, settings):
    settings.LIVE_RATES = {**settings.LIVE_RATES, "token_posts": "5/minute"}
    answers = [_post(token, _rounds(1, start=i)).status_code for i in range(8)]
    assert answers.count(201) == 5 and answers[5:] == [429, 429, 429]
    refused = _post(token, _rounds(1, start=99))
    assert "token_posts" in refused.json()["message"] and refused.has_header("Retry-After")
    assert LiveRound.objects.count() == 5


def test_rounds_a_minute_are_counted_by_the_rounds_each_post_holds(token, settings):
    settings.LIVE_RATES = {**settings.LIVE_RATES, "token_rounds": "100/minute"}
    assert _post(token, _rounds(60)).status_code == 201
    refused = _post(token, _rounds(60, start=60))
    assert refused.status_code == 429 and "token_rounds" in refused.json()["message"]
    assert LiveRound.objects.count() == 60


def test_a_venues_limit_holds_across_its_tokens(venue, settings):
    settings.LIVE_RATES = {**settings.LIVE_RATES, "venue_posts": "4/minute"}
    secrets = [table_token_create(venue, f"pit {i}")[1] for i in range(4)]
    answers = [_post(secrets[i % 4], _rounds(1, start=i)).status_code for i in range(8)]
    assert answers.count(201) == 4 and answers.count(429) == 4


def test_a_post_touches_at_most_two_gaming_days(token):
    days = ["2026-11-01T21:00:00-08:00", "2026-11-02T21:00:00-08:00", "2026-11-03T21:00:00-08:00"]
    lines = [round_line(round=f"R{i}", played_at=at) for i, at in enumerate(days)]
    answer = _post(token, lines)
    assert answer.status_code == 400
    (error,) = answer.json()["errors"]
    assert (error["line"], error["field"]) == (3, "played_at")
    assert not LiveDay.objects.exists()
    # across the change of day (06:00 in Washington): two days, one post
    across = [round_line(round="A", played_at="2026-11-02T05:59:00-08:00"),
              round_line(round="B", played_at="2026-11-02T06:01:00-08:00")]  # fmt: skip
    assert _post(token, across).status_code == 201
    assert LiveDay.objects.count() == 2


@pytest.mark.parametrize("table", ["T" * 41, "T%00", "T%0A2", "%7F"])
def test_a_table_name_the_format_does_not_allow_is_400_naming_the_field(token, table):
    answer = _post(token, [round_line()], table=table)
    assert answer.status_code == 400, answer.content
    assert answer.json()["field"] == "table"
    assert not LiveDay.objects.exists()


def test_a_round_id_with_a_nul_is_400_naming_the_field(token):
    answer = _post(token, [round_line(round="R\x001")])
    assert answer.status_code == 400 and answer.json()["field"] == "round"


def test_a_licensees_live_day_stores_at_most_the_cap_across_its_parts(token, settings):
    settings.AUDITS_FINDINGS_STORED = 3
    wrong = {"seats__0__results__main": "40"}  # each a payout finding
    assert _post(token, _rounds(2, **wrong)).status_code == 201
    live_days_close(LATER)  # the day closes; the next posts go to a late part
    assert _post(token, _rounds(4, start=10, **wrong)).status_code == 201
    live_days_close(datetime(2030, 1, 1, tzinfo=UTC))
    parts = Submission.objects.filter(live_day__isnull=False).order_by("live_day__part")
    assert [s.live_day.part for s in parts] == [0, 1]
    assert Finding.objects.filter(submission__in=parts).count() == 3
    late = parts[1]
    assert late.findings_stored == 1 and sum(late.findings_unstored.values()) >= 3
