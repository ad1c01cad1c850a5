"""A post acknowledged while the broker cannot take its chunk's message (here: pointed at a
port where nothing listens, a real failed connection) is answered with its receipts all the
same; beat's sweep sends the chunk again once ``LIVE_RESEND_AFTER_SECONDS`` have passed, and
it is validated once."""

from __future__ import annotations

from datetime import timedelta

from django.utils import timezone
from rest_framework.test import APIClient

from audits.live.models import Receipt
from audits.live.sweep import live_chunks_stranded
from audits.live.tasks import resend_live_chunks
from audits.live.tokens import table_token_create
from audits.submissions.models import Chunk, Finding
from games.models import Venue
from tests.audits.conftest import round_line

URL = "/api/live/venues/WA-CR-0042/tables/T2/rounds/"
OVERPAID = {"seats__0__results__main": "40"}  # 25 at 3:2 is 37.50


def test_a_post_the_broker_missed_is_answered_then_sent_again_and_validated_once(
    wa, unreachable_broker, settings
):
    secret = table_token_create(Venue.objects.get(code="WA-CR-0042"), "pit 1")[1]
    body = round_line() + b"\n" + round_line(round="T2-2026-11-01-000002", **OVERPAID) + b"\n"
    answer = APIClient().post(URL, data=body, content_type="application/x-ndjson",
                              HTTP_AUTHORIZATION=f"Table {secret}")  # fmt: skip
    assert answer.status_code == 201, answer.content
    assert len(answer.json()["receipts"]) == 1
    (chunk,) = Chunk.objects.all()
    assert not chunk.done and chunk.attempts == 0  # no worker was told of it
    posted = Receipt.objects.get().received_at
    soon = posted + timedelta(seconds=settings.LIVE_RESEND_AFTER_SECONDS - 1)
    later = posted + timedelta(seconds=settings.LIVE_RESEND_AFTER_SECONDS + 1)
    assert live_chunks_stranded(soon) == []
    assert live_chunks_stranded(later) == [(chunk.submission_id, chunk.index)]

    broker_back(settings)
    assert resend_live_chunks() == 1  # beat's task: now past the wait
    chunk.refresh_from_db()
    assert chunk.done and chunk.attempts == 1
    assert list(Finding.objects.values_list("round_id", flat=True)) == ["T2-2026-11-01-000002"]
    assert live_chunks_stranded(timezone.now() + timedelta(hours=1)) == []
    assert resend_live_chunks() == 0


def broker_back(settings):
    """The broker answers again (the test's eager app), and the post is a minute old."""
    from compliance.celery import app

    app.conf.update(task_always_eager=True)
    settings.LIVE_RESEND_AFTER_SECONDS = 0
