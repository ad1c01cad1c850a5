"""Posts validated together: the task of one post takes the gaming day's other posts still
waiting for a worker into one run, each finding stored with its own post (and alerted with
it), the run's counts on its first chunk; a post tried before is validated alone; a post
another worker holds is left to it."""

from __future__ import annotations

import threading

import pytest
from django.core import mail
from django.db import connection, connections, transaction
from django.db.models import Sum
from rest_framework.test import APIClient

from audits.live.alerts import alert_setting_save
from audits.live.append import live_rounds_append
from audits.live.close import live_days_close
from audits.live.models import AlertSent
from audits.live.tasks import validate_live_chunk
from audits.live.tokens import table_token_create
from audits.submissions.models import Chunk, ChunkTotal, Finding, Submission
from games.models import Membership, Venue
from tests.audits.conftest import round_line
from tests.audits.live.test_live_rounds import LATER, _post

UNDERPAID = {"seats__0__results__main": "25"}  # 37.50 is due


def _posts_waiting(count: int, underpaid_in: set[int] = frozenset()) -> list[Chunk]:
    """``count`` posts of two rounds each at T2, answered but not sent to any worker (their
    on-commit messages not run); the posts in ``underpaid_in`` underpay their second round."""
    token = table_token_create(Venue.objects.get(code="WA-CR-0042"), "pit")[1]
    client = APIClient()
    for post in range(count):
        second = UNDERPAID if post in underpaid_in else {}
        lines = [round_line(round=f"T2-{post}-a"), round_line(round=f"T2-{post}-b", **second)]
        assert _post(client, token, "WA-CR-0042", "T2", lines).status_code == 201
    return list(Chunk.objects.order_by("index"))


def test_one_task_validates_the_waiting_posts_together_each_finding_with_its_post(
    wa, settings, django_user_model
):
    settings.LIVE_VALIDATE_MOST_POSTS = 4
    staff = django_user_model.objects.create_user("floor", email="floor@example.com")
    Membership.objects.create(user=staff, role="staff", licensee=wa)
    alert_setting_save(wa, min_severity="critical")
    chunks = _posts_waiting(6, underpaid_in={1, 2, 5})
    assert not Chunk.objects.filter(done=True).exists()

    assert validate_live_chunk(chunks[1].submission_id, chunks[1].index) == 4
    grown = Submission.objects.get(pk=chunks[0].submission_id)  # told by the worker
    assert (grown.lines_total, grown.chunk_count, grown.size_bytes) == (
        12, 6, chunks[5].end_offset)  # fmt: skip
    done = list(Chunk.objects.filter(done=True).order_by("index"))
    assert [c.index for c in done] == [0, 1, 2, 3]  # the named post and the waiting before it
    carrier = done[0]
    assert (carrier.validated_in_id, carrier.lines, carrier.rounds) == (None, 8, 8)
    assert all(c.validated_in_id == carrier.pk and c.rounds == 0 for c in done[1:])
    assert ChunkTotal.objects.exclude(chunk=carrier).count() == 0
    for finding in Finding.objects.all():  # the chunk of its own line
        chunk = Chunk.objects.get(pk=finding.chunk_id)
        assert chunk.first_line <= finding.line < chunk.first_line + 2
    underpaid = Finding.objects.filter(code="underpaid")
    assert sorted(Chunk.objects.get(pk=f.chunk_id).index for f in underpaid) == [1, 2]
    alerted = sorted(a.chunk.index for a in AlertSent.objects.all())
    assert alerted == [1, 2] and len(mail.outbox) == 2  # one alert per post, its own finding
    assert sorted("T2-1-b" in m.body for m in mail.outbox) == [False, True]

    # a task whose post was taken by an earlier run still takes the posts waiting
    assert validate_live_chunk(chunks[2].submission_id, chunks[2].index) == 2
    assert validate_live_chunk(chunks[5].submission_id, chunks[5].index) == 0
    assert not Chunk.objects.filter(done=False).exists()
    assert Chunk.objects.aggregate(n=Sum("rounds"))["n"] == 12
    assert sorted(a.chunk.index for a in AlertSent.objects.all()) == [1, 2, 5]
    (closed,) = live_days_close(LATER)
    submission = Submission.objects.get(pk=closed.submission_id)
    assert (submission.status, submission.rounds_total) == ("done", 12)
    assert Finding.objects.filter(submission=submission, code="underpaid").count() == 3


def test_a_post_tried_before_is_validated_alone(wa):
    first, tried, last = _posts_waiting(3)
    Chunk.objects.filter(pk=tried.pk).update(attempts=1)  # its run's worker died
    assert validate_live_chunk(first.submission_id, first.index) == 2
    assert list(Chunk.objects.filter(done=False)) == [tried]
    assert Chunk.objects.get(pk=last.pk).validated_in_id == first.pk
    assert validate_live_chunk(tried.submission_id, tried.index) == 1
    tried.refresh_from_db()
    assert (tried.done, tried.validated_in_id, tried.rounds, tried.attempts) == (True, None, 2, 2)


@pytest.fixture
def postgres(transactional_db):
    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL: the embedded database has no row locks to hold")


def test_a_post_another_worker_holds_is_left_to_it(postgres, wa, unreachable_broker):
    (chunk,) = _posts_waiting(1)
    held, release = threading.Event(), threading.Event()

    def other_worker():
        try:
            with transaction.atomic():
                list(Chunk.objects.select_for_update().filter(pk=chunk.pk))
                held.set()
                release.wait(30)
        finally:
            connections.close_all()

    thread = threading.Thread(target=other_worker)
    thread.start()
    try:
        assert held.wait(30)
        assert validate_live_chunk(chunk.submission_id, chunk.index) == 0
        assert not Chunk.objects.get(pk=chunk.pk).done
    finally:
        release.set()
        thread.join(30)
    assert validate_live_chunk(chunk.submission_id, chunk.index) == 1  # let go: validated


def test_a_post_sends_a_message_only_when_none_is_on_its_way(
    wa, django_capture_on_commit_callbacks
):
    """The day's posts arriving before a worker starts on the first one's message wait for
    it (one message, one run); once it has started, the next post sends again."""
    token = table_token_create(Venue.objects.get(code="WA-CR-0042"), "pit")[0]
    sent = []

    def post(round_id: str):
        with django_capture_on_commit_callbacks(execute=True):
            live_rounds_append(token, "T2", round_line(round=round_id) + b"\n",
                               lambda s, i: sent.append(i))  # fmt: skip

    post("T2-a")
    post("T2-b")
    assert sent == [0]
    submission_id = Chunk.objects.get(index=0).submission_id
    assert validate_live_chunk(submission_id, 0) == 2
    post("T2-c")
    assert sent == [0, 2]
