"""Validation by a real Celery worker process, on the real (PostgreSQL) test database.

Skipped unless DATABASE_URL points at PostgreSQL (the worker is another process: it must see
the rows this test commits) and the broker is running: Redis for the plain end-to-end run,
RabbitMQ for the crash run.
"""

from __future__ import annotations

import io
import re
import time
import uuid
from collections import Counter

import pytest
from django.db.models import Count, Sum

from audits.submissions.models import Chunk, Finding, RoundKeys, Submission, SubmissionTotal
from audits.submissions.run import submission_prepare
from audits.submissions.storage import submission_store
from audits.tasks import validate_submission
from tests.audits import worker_support as ws
from tests.audits.conftest import round_line
from tests.audits.worker_support import database_url, rabbitmq_broker, redis_broker  # noqa: F401

pytestmark = pytest.mark.django_db(transaction=True)

TASKS = ("audits.tasks.validate_submission", "audits.tasks.validate_chunk")
FINISH = "audits.tasks.finish_submission"


@pytest.fixture
def run_id():
    return uuid.uuid4().hex[:10]


def log_of(lines: list[bytes]) -> io.BytesIO:
    return io.BytesIO(b"\n".join(lines) + b"\n")


def wait_until_done(submission: Submission, *log_sources: ws.Worker, timeout=ws.RUN_TIMEOUT):
    def finished():
        submission.refresh_from_db()
        return submission.status in ("done", "failed")

    def details():
        chunks = Chunk.objects.filter(submission=submission)
        done = chunks.filter(done=True).count()
        return "\n".join(
            [f"status {submission.status}, chunks done {done}/{chunks.count()}"]
            + [w.log_tail() for w in log_sources]
        )

    ws.wait_for(
        finished,
        timeout=timeout,
        what=f"submission {submission.pk} to finish",
        details=details,
        interval=0.2,
    )
    assert submission.status == "done", (submission.failure_reason, details())


def assert_production_config(worker: ws.Worker, app, queue: str, broker: str) -> dict:
    """What the running worker really uses: late acknowledgement, no eager mode, our queue."""
    options = ws.registered_task_options(worker, app, *TASKS, FINISH)
    assert set(options) == {*TASKS, FINISH}, (options, worker.log_tail())
    for task in (*TASKS, FINISH):
        assert options[task]["acks_late"] == "True", (task, options[task])
        assert options[task]["reject_on_worker_lost"] == "True", (task, options[task])
    inspect = worker.inspect(app)
    conf = inspect.conf()[worker.nodename]  # the worker's Django settings, as it loaded them

    def setting(name):
        return conf.get(f"CELERY_{name.upper()}", conf.get(name))

    assert setting("task_always_eager") is False, conf
    assert setting("task_default_queue") == queue, conf
    assert str(setting("broker_url")).split(":", 1)[0] == broker.split(":", 1)[0], conf
    consumed = [q["name"] for q in inspect.active_queues()[worker.nodename]]
    assert consumed == [queue], consumed
    stats = inspect.stats()[worker.nodename]
    return {"prefetch_count": stats.get("prefetch_count"), "pool": stats["pool"]["implementation"]}


def test_worker_validates_a_submission_end_to_end_on_redis(
    database_url, redis_broker, wa, media, run_id, tmp_path
):
    broker = redis_broker
    queue = f"worker-test-{run_id}"
    env = ws.worker_env(
        database_url=database_url,
        broker_url=broker,
        result_backend=broker,
        queue=queue,
        media_root=str(media),
    )
    lines = [round_line(round=f"e2e-{i}") for i in range(5)]
    lines[3] = round_line(round="e2e-3", seats__0__results__main="25")  # 37.50 is due
    submission, created = submission_store(log_of(lines), original_name="e2e.jsonl", licensee=wa)
    assert created

    with ws.celery_app_on(broker, broker, queue, tmp_path) as session:
        app = session.app
        worker = session.start_worker("e2e", env)
        worker.wait_ready(app)
        assert_production_config(worker, app, queue, broker)
        started = time.monotonic()
        result = validate_submission.delay(submission.pk)
        with ws.waited("the worker to dispatch the submission's chunks"):
            dispatched = result.get(timeout=ws.RUN_TIMEOUT)
        assert dispatched == "1 chunk(s) dispatched", worker.log_tail()
        wait_until_done(submission, worker)
        elapsed = time.monotonic() - started

    assert (submission.rounds_total, submission.clean_rounds, submission.rejected_lines) == (
        5,
        4,
        0,
    ), worker.log_tail()
    (finding,) = submission.findings.all()
    assert (finding.line, finding.round_id, finding.code, finding.wager_key) == (
        4,
        "e2e-3",
        "underpaid",
        "main",
    )
    assert (finding.expected, finding.recorded) == (37.5, 25)
    chunk = submission.chunks.get()
    assert (chunk.done, chunk.attempts, chunk.rounds) == (True, 1, 5)
    print(f"\nend to end on Redis: {elapsed:.1f} s from delay() to done")


CRASH_LINES = 60_000
CRASH_LINES_PER_CHUNK = 2_000
UNDERPAID_EVERY = 500


def test_killed_worker_loses_no_chunk_and_duplicates_none_on_rabbitmq(
    database_url, rabbitmq_broker, wa, media, run_id, tmp_path
):
    # RabbitMQ, not Redis: a task acknowledged late stays unacknowledged while it runs, and
    # RabbitMQ puts every unacknowledged message of a consumer back in its queue the moment that
    # consumer's connection closes, which the kernel does as soon as the worker process dies.
    # Redis has no such notion: it redelivers an unacknowledged message only after the
    # transport's visibility_timeout (an hour by default), far longer than this test can wait.
    broker = rabbitmq_broker
    queue = f"worker-test-{run_id}"
    env = ws.worker_env(
        database_url=database_url,
        broker_url=broker,
        result_backend="rpc://",
        queue=queue,
        media_root=str(media),
    )
    lines = [
        round_line(round=f"r{i}", seats__0__results__main="25")
        if i % UNDERPAID_EVERY == 0
        else round_line(round=f"r{i}")
        for i in range(CRASH_LINES)
    ]
    underpaid_lines = {i + 1 for i in range(CRASH_LINES) if i % UNDERPAID_EVERY == 0}
    submission, _ = submission_store(log_of(lines), original_name="crash.jsonl", licensee=wa)
    chunks = submission_prepare(submission, lines_per_chunk=CRASH_LINES_PER_CHUNK)
    n_chunks = len(chunks)
    assert n_chunks == CRASH_LINES // CRASH_LINES_PER_CHUNK

    def chunk_state():
        return Counter(
            "done" if done else ("running" if attempts else "waiting")
            for done, attempts in Chunk.objects.filter(submission=submission).values_list(
                "done", "attempts"
            )
        )

    with ws.celery_app_on(broker, "rpc://", queue, tmp_path) as session:
        app = session.app
        first = session.start_worker("a", env)
        first.wait_ready(app)
        config = assert_production_config(first, app, queue, broker)
        started = time.monotonic()
        validate_submission.delay(submission.pk)

        # Kill A while it is inside a chunk: at least one chunk stored, another one started
        # (its attempt is counted when it starts, in its own transaction) and not stored.
        def mid_chunk():
            state = chunk_state()
            if state["done"] >= n_chunks:
                pytest.fail(
                    f"worker A validated all {n_chunks} chunks before it could be killed; "
                    f"make the log larger\n{first.log_tail()}"
                )
            return state["done"] >= 1 and state["running"] >= 1

        ws.wait_for(
            mid_chunk,
            timeout=ws.RUN_TIMEOUT,
            what="worker A to be inside a chunk",
            details=lambda: f"{chunk_state()}\n{first.log_tail()}",
            interval=0.02,
        )
        first.kill()
        killed_after = time.monotonic() - started
        time.sleep(0.5)  # a commit already on its way to the server lands before we look
        at_kill = chunk_state()
        in_flight = set(
            Chunk.objects.filter(submission=submission, done=False, attempts__gte=1).values_list(
                "index", flat=True
            )
        )

        second = session.start_worker("b", env)
        second.wait_ready(app)
        wait_until_done(submission, first, second)
        elapsed = time.monotonic() - started

    attempts = dict(Chunk.objects.filter(submission=submission).values_list("index", "attempts"))
    distribution = Counter(attempts.values())
    # Chunks A stored and logged as succeeded can come back too: the worker's event loop sends
    # an acknowledgement only when it next gets control (hub.call_soon), and the solo pool runs
    # the messages already read from the socket back to back, so the acknowledgements of such a
    # run were never sent.  Delivered again, a stored chunk returns False ("already done").
    already_done = len(re.findall(r"validate_chunk\[\S+ succeeded in \S+ False", second.log_text()))
    report = (
        f"{n_chunks} chunks; at the kill ({killed_after:.1f} s): {dict(at_kill)}, "
        f"in flight {sorted(in_flight)}; attempts per chunk -> number of chunks: "
        f"{dict(sorted(distribution.items()))}; chunks B found already done: {already_done}; "
        f"worker config {config}"
    )

    assert Chunk.objects.filter(submission=submission, done=True).count() == n_chunks, report
    # A died holding unacknowledged messages: the chunk it was inside (if the kill did not fall
    # between two chunks) and the ones it had prefetched; B could finish only if RabbitMQ gave
    # them back.  A chunk A had started but not stored was validated again from scratch.
    mid_run = at_kill["done"] < n_chunks
    validated_again = sorted(i for i, n in attempts.items() if n >= 2)
    assert validated_again or mid_run, f"the kill was neither mid-chunk nor mid-run: {report}"
    for index in in_flight:
        assert attempts[index] >= 2, (index, report)

    # every chunk's results stored exactly once
    assert submission.rounds_total == CRASH_LINES, report
    assert submission.lines_total == CRASH_LINES, report
    assert submission.clean_rounds == CRASH_LINES - len(underpaid_lines), report
    stored = RoundKeys.objects.filter(submission=submission).aggregate(n=Sum("count"))["n"]
    assert stored == CRASH_LINES, report
    underpaid = list(
        Finding.objects.filter(submission=submission, code="underpaid").values_list(
            "line", flat=True
        )
    )
    assert len(underpaid) == len(underpaid_lines), report
    assert set(underpaid) == underpaid_lines, report
    repeated = (
        Finding.objects.filter(submission=submission)
        .values("line", "code")
        .annotate(n=Count("id"))
        .filter(n__gt=1)
    )
    assert not repeated.exists(), (list(repeated[:10]), report)
    assert submission.finding_count == len(underpaid_lines), report
    rounds = SubmissionTotal.objects.filter(submission=submission, wager_key="").aggregate(
        n=Sum("rounds")
    )["n"]
    assert rounds == CRASH_LINES, report
    print(f"\ncrash on RabbitMQ: {elapsed:.1f} s in all; {report}")
