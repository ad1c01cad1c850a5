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


def _posts_waiting(count: int, underpaid_in: set[int] = frozenset(), first: int = 0):
    """``count`` posts of two rounds each at T2 (numbered from ``first``), answered but not
    sent to any worker (their on-commit messages not run); the posts in ``underpaid_in``
    underpay their second round.  Every chunk so far."""
    token = table_token_create(Venue.objects.get(code="WA-CR-0042"), "pit")[1]
    client = APIClient()
    for post in range(first, first + count):
        second = UNDERPAID if post in underpaid_in else {}
        lines = [round_line(round=f"T2-{post}-a"), round_line(round=f"T2-{post}-b", **second)]
        assert _post(client, token, "WA-CR-0042", "T2", lines).status_code == 201
    return list(Chunk.objects.order_by("index"))


def test_one_task_validates_the_waiting_posts_together_each_finding_with_its_post(
    wa, settings, django_user_model, django_capture_on_commit_callbacks
):
    settings.LIVE_VALIDATE_MOST_POSTS = 4
    staff = django_user_model.objects.create_user("floor", email="floor@example.com")
    Membership.objects.create(user=staff, role="staff", licensee=wa)
    alert_setting_save(wa, min_severity="critical")
    chunks = _posts_waiting(6, underpaid_in={1, 2, 5})
    assert not Chunk.objects.filter(done=True).exists()

    with django_capture_on_commit_callbacks(execute=True):  # alerts: the alerts queue's task
        assert validate_live_chunk(chunks[1].submission_id, chunks[1].index) == 6  # 4, then 2
    grown = Submission.objects.get(pk=chunks[0].submission_id)  # told by the worker
    assert (grown.lines_total, grown.chunk_count, grown.size_bytes) == (
        12, 6, chunks[5].end_offset)  # fmt: skip
    done = {c.index: c for c in Chunk.objects.all()}
    assert sorted(done) == list(range(6)) and all(c.done for c in done.values())
    carriers = [i for i, c in done.items() if c.validated_in_id is None]
    assert carriers == [0, 4]  # the named post and the posts waiting, at most 4 a run
    assert [(done[i].lines, done[i].rounds) for i in carriers] == [(8, 8), (4, 4)]
    assert {i: done[i].validated_in_id for i in (1, 2, 3, 5)} == {
        1: done[0].pk, 2: done[0].pk, 3: done[0].pk, 5: done[4].pk}  # fmt: skip
    assert ChunkTotal.objects.exclude(chunk__in=[done[0], done[4]]).count() == 0
    for finding in Finding.objects.all():  # the chunk of its own line
        chunk = Chunk.objects.get(pk=finding.chunk_id)
        assert chunk.first_line <= finding.line < chunk.first_line + 2
    underpaid = Finding.objects.filter(code="underpaid")
    assert sorted(Chunk.objects.get(pk=f.chunk_id).index for f in underpaid) == [1, 2, 5]
    alerted = sorted(a.chunk.index for a in AlertSent.objects.all())
    assert alerted == [1, 2, 5] and len(mail.outbox) == 3  # an alert per post, its findings
    assert sorted("T2-1-b" in m.body for m in mail.outbox) == [False, False, True]

    _posts_waiting(2, first=6)
    # a task whose post was taken by an earlier run still takes the posts waiting
    assert validate_live_chunk(chunks[2].submission_id, chunks[2].index) == 2
    assert validate_live_chunk(chunks[5].submission_id, chunks[5].index) == 0
    assert not Chunk.objects.filter(done=False).exists()
    assert Chunk.objects.aggregate(n=Sum("rounds"))["n"] == 16
    (closed,) = live_days_close(LATER)
    submission = Submission.objects.get(pk=closed.submission_id)
    assert (submission.status, submission.rounds_total) == ("done", 16)
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
