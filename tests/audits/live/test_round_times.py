"""Times a round may carry: a round dated far outside any plausible time (before the
jurisdiction's and the venue's first recorded day, or more than a stated margin after it
arrives) is refused at the append door with its reason and rejected as a line of a file,
never a 5xx; and one gaming day that cannot close never stops the others from closing."""

from __future__ import annotations

import io
import logging
from datetime import UTC, date, datetime, timedelta

import pytest
from django.core.management import call_command
from rest_framework.test import APIClient

from audits.live.close import live_days_close
from audits.live.models import LiveDay, LiveRound
from audits.live.tokens import table_token_create
from audits.monitoring.models import LedgerDay
from audits.submissions.models import ChunkTotal, Submission, SubmissionStatus
from audits.submissions.storage import submission_store
from audits.submissions.submissions import submission_validate_now
from games.models import Venue
from tests.audits.conftest import round_line

pytestmark = pytest.mark.both_databases  # issue 51: refused on SQLite and PostgreSQL alike
NDJSON = "application/x-ndjson"
LATER = datetime(2027, 1, 1, tzinfo=UTC)
FAR_FUTURE = "9999-12-31T12:00:00-08:00"
YEAR_ONE = "0001-01-01T00:00:00+05:00"  # before the calendar's first instant in UTC
YEAR_ONE_IN_UTC = "0001-01-02T12:00:00Z"  # in the calendar, long before any record


@pytest.fixture
def token(wa):
    return table_token_create(Venue.objects.get(code="WA-CR-0042"), "pit 1")[1]


def _post(secret: str, lines: list[bytes], table: str = "T2"):
    return APIClient().post(
        f"/api/live/venues/WA-CR-0042/tables/{table}/rounds/", data=b"\n".join(lines) + b"\n",
        content_type=NDJSON, HTTP_AUTHORIZATION=f"Table {secret}",
    )  # fmt: skip


@pytest.mark.parametrize(
    ("played_at", "reason"),
    [
        (FAR_FUTURE, "after it was received"),
        ("in 25 hours", "after it was received"),
        (YEAR_ONE, "outside the calendar"),
        (YEAR_ONE_IN_UTC, "before 2009-07-01"),
        ("1999-06-01T21:14:03-08:00", "before 2009-07-01"),
    ],
)
def test_a_round_played_at_an_implausible_time_is_refused_with_its_reason(
    wa, token, played_at, reason
):
    if played_at == "in 25 hours":  # the service's clock, whatever the day the tests run
        played_at = (datetime.now(UTC) + timedelta(hours=25)).isoformat()
    answer = _post(token, [round_line(), round_line(round="R2", played_at=played_at)])
    assert answer.status_code == 400, answer.content
    (error,) = answer.json()["errors"]
    assert (error["line"], error["field"]) == (2, "played_at")
    assert reason in error["reason"]
    assert not LiveRound.objects.exists() and not LiveDay.objects.exists()


def test_a_round_within_the_margin_ahead_of_the_service_clock_is_taken(wa, token, settings):
    settings.ROUNDS_FUTURE_MARGIN_HOURS = 24 * 365 * 10
    assert _post(token, [round_line(played_at="2030-01-01T21:14:03-08:00")]).status_code == 201


def _stored_day(venue: Venue, day: date) -> LiveDay:
    """A day stored before the door refused such times (a row as an older service left it)."""
    submission = Submission.objects.create(
        sha256=f"{day.year:064d}"[-64:], raw_file=f"live/{day}.jsonl", original_name="x.jsonl",
        size_bytes=0, licensee_id=venue.licensee_id, submitted_via="live",
        status=SubmissionStatus.VALIDATING,
    )  # fmt: skip
    return LiveDay.objects.create(venue=venue, gaming_day=day, submission=submission)


def test_a_day_that_cannot_close_is_logged_and_every_other_day_closes(wa, token, caplog):
    assert _post(token, [round_line()]).status_code == 201
    venue = Venue.objects.get(code="WA-CR-0042")
    stuck = _stored_day(venue, date(9999, 12, 31))
    with caplog.at_level(logging.ERROR, logger="audits.live.close"):
        closed = live_days_close(LATER)
    assert [c.gaming_day for c in closed] == [date(2026, 11, 1)]
    assert LiveDay.objects.get(gaming_day=date(2026, 11, 1)).closed_at is not None
    assert LiveDay.objects.get(pk=stuck.pk).closed_at is None
    assert any("9999-12-31" in r.getMessage() and r.levelno >= logging.ERROR
               for r in caplog.records)  # fmt: skip


def test_the_close_command_exits_0_past_a_day_that_cannot_close(wa, token, monkeypatch):
    assert _post(token, [round_line()]).status_code == 201
    _stored_day(Venue.objects.get(code="WA-CR-0042"), date(9999, 12, 31))
    monkeypatch.setattr("django.utils.timezone.now", lambda: LATER)
    out = io.StringIO()
    call_command("close_live_days", stdout=out)  # raises (non-zero exit) on any error
    assert LiveDay.objects.get(gaming_day=date(2026, 11, 1)).closed_at is not None
    assert "could not close" in out.getvalue()


def test_a_file_with_rounds_at_implausible_times_rejects_those_lines_and_counts_the_rest(wa):
    lines = [
        round_line(),
        round_line(round="R-future", played_at=FAR_FUTURE),
        round_line(round="R-year-one", played_at=YEAR_ONE),
        round_line(round="R-early", played_at=YEAR_ONE_IN_UTC),
    ]
    stream = io.BytesIO(b"\n".join(lines) + b"\n")
    submission, _ = submission_store(stream, original_name="times.jsonl", licensee=wa)
    submission = submission_validate_now(submission)
    assert submission.status == SubmissionStatus.DONE
    assert (submission.rounds_total, submission.rejected_lines) == (1, 3)
    by_line = dict(submission.findings.values_list("line", "code"))
    assert by_line[2] == "played_in_future"
    assert by_line[3] == "bad_time"
    assert by_line[4] == "played_before_records"
    chunk_days = ChunkTotal.objects.filter(chunk__submission=submission)
    assert set(chunk_days.values_list("gaming_day", flat=True)) == {date(2026, 11, 1)}
    assert set(LedgerDay.objects.values_list("gaming_day", flat=True)) == {date(2026, 11, 1)}
