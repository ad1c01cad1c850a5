"""Live rounds validated by real Celery workers, on the real (PostgreSQL) test database and
RabbitMQ: each post answered over HTTP is validated by a worker within seconds (with the day's
other waiting posts); a worker killed mid-stream loses no post and stores none twice (its
task comes back, and the sweep sends the posts it held); the closed day's chains verify.

Skipped unless DATABASE_URL points at PostgreSQL and RabbitMQ is running."""

from __future__ import annotations

import json
import time
import uuid
from collections import Counter
from datetime import UTC, datetime, timedelta

import pytest
from django.db.models import Count
from django.utils import timezone
from rest_framework.test import APIClient

from audits.live.chain import chain_problems
from audits.live.close import live_days_close
from audits.live.heads import receipt_fields as receipt_dict
from audits.live.heads import receipts_answered
from audits.live.models import LiveDay, Receipt
from audits.live.receipt_keys import receipt_verify_keys
from audits.live.receipts_check import receipts_check
from audits.live.sweep import live_chunks_resend
from audits.live.tasks import live_chunk_dispatch
from audits.live.tokens import table_token_create
from audits.samples import generate_toss_one
from audits.submissions.models import Chunk, Finding
from games.models import Venue
from tests.audits import worker_support as ws
from tests.audits.worker_support import database_url, rabbitmq_broker  # noqa: F401

pytestmark = pytest.mark.django_db(transaction=True)

POSTS_BEFORE_THE_KILL, BATCH = 12, 10


def test_posts_are_validated_by_workers_and_a_killed_worker_loses_none(
    database_url,
    rabbitmq_broker,
    wa,
    media,
    tmp_path,  # noqa: F811
):
    queue = f"live-test-{uuid.uuid4().hex[:10]}"
    env = ws.worker_env(database_url=database_url, broker_url=rabbitmq_broker,
                        result_backend="rpc://", queue=queue, media_root=str(media))  # fmt: skip
    path = tmp_path / "day.jsonl"
    generate_toss_one(path, rounds=1200, start="2026-10-10", days=1, fault_rate=0.05, seed=3)
    lines = [x for x in path.read_bytes().splitlines() if _table(x) == "T1"]
    batches = [lines[i : i + BATCH] for i in range(0, len(lines), BATCH)]
    secret = table_token_create(Venue.objects.get(code="WA-CR-0042"), "pit")[1]
    client = APIClient()
    answered: dict[int, float] = {}  # chunk index -> when its post was answered

    def post(batch):
        answer = client.post("/api/live/venues/WA-CR-0042/tables/T1/rounds/",
                             data=b"\n".join(batch) + b"\n", content_type="application/x-ndjson",
                             HTTP_AUTHORIZATION=f"Table {secret}")  # fmt: skip
        if answer.status_code == 400:  # a faulty line the sample holds: not routable
            return
        assert answer.status_code == 201, answer.content
        index = Receipt.objects.get(hash=answer.json()["receipts"][0]["hash"]).chunk_index
        answered[index] = time.monotonic()

    with ws.celery_app_on(rabbitmq_broker, "rpc://", queue, tmp_path) as session:
        first = session.start_worker("a", env)
        first.wait_ready(session.app)
        for batch in batches[:POSTS_BEFORE_THE_KILL]:
            post(batch)
        first.kill()  # with posts still in its queue, unacknowledged
        for batch in batches[POSTS_BEFORE_THE_KILL:]:
            post(batch)  # acknowledged while no worker runs
        second = session.start_worker("b", env)
        second.wait_ready(session.app)
        ws.wait_for(
            lambda: _swept() and not Chunk.objects.filter(done=False).exists(),
            timeout=ws.RUN_TIMEOUT, what="every post to be validated",
            details=lambda: f"{Chunk.objects.filter(done=False).count()} waiting\n"
            f"{first.log_tail()}\n{second.log_tail()}", interval=1,
        )  # fmt: skip

    chunks = Chunk.objects.all()
    assert chunks.count() == len(answered) >= len(batches) - 3
    repeated = (
        Finding.objects.values("submission", "line", "seat", "wager_key", "code", "rule")
        .annotate(n=Count("id"))
        .filter(n__gt=1)
    )
    assert not repeated.exists()  # each post stored once, whoever validated it
    (closed,) = live_days_close(datetime(2027, 1, 1, tzinfo=UTC))
    closed.submission.refresh_from_db()
    assert closed.submission.status == "done", closed.submission.failure_reason
    assert chain_problems([receipt_dict(r) for r in Receipt.objects.all()]) == []
    last = LiveDay.objects.get().heads["T1"]  # the last signed head covers every receipt
    assert last["tree_size"] == Receipt.objects.order_by("-seq").first().seq
    assert receipts_check([last, *receipts_answered(list(Receipt.objects.all()))],
                          receipt_verify_keys()).ok  # fmt: skip
    print(f"\nlive: {len(answered)} posts; attempts per chunk "
          f"{dict(Counter(chunks.values_list('attempts', flat=True)))}")  # fmt: skip


def _swept() -> bool:
    """What beat does every minute (``resend_live_chunks``), now: the chunks a killed worker
    was validating together, whose own tasks found them held and stopped, sent again."""
    live_chunks_resend(live_chunk_dispatch, timezone.now() + timedelta(minutes=5))
    return True


def _table(line: bytes) -> str | None:
    try:
        return json.loads(line).get("table")
    except (ValueError, AttributeError):
        return None
