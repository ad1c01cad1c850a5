"""The registry read once per validation run in a worker process (``run_reading``): the chunks
of one run share its answers, as one process validating a whole file does; a reset or a retry
starts another run, which reads the registry again."""

from __future__ import annotations

import io

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from audits.submissions.intake import submission_reset
from audits.submissions.models import Chunk, Submission
from audits.submissions.run import submission_prepare
from audits.submissions.run.chunk import chunk_validate
from audits.submissions.run.rules_context import run_reading
from audits.submissions.storage import submission_store
from games.models import WagerLimit
from tests.audits.conftest import round_line

#: two rounds of 350 on the main wager, in 2026 (the demo table's limit: 400 since 2023)
ROUNDS = [
    round_line(round=f"T2-{i}", seats__0__wagers__main="350", seats__0__results__main="525")
    for i in range(2)
]


def _prepared(licensee) -> Submission:
    content = b"\n".join(ROUNDS) + b"\n"
    submission, _ = submission_store(io.BytesIO(content), original_name="a", licensee=licensee)
    submission_prepare(submission, lines_per_chunk=1)
    return submission


def _validate(submission: Submission, index: int) -> None:
    """As the chunk task does: the chunk and its submission read afresh."""
    chunk_validate(Submission.objects.get(pk=submission.pk).chunks.get(index=index))


def _over_limit(submission: Submission) -> list[int]:
    return sorted(submission.findings.filter(code="over_limit").values_list("line", flat=True))


def _lower_the_limit() -> None:
    WagerLimit.objects.filter(amount=400).update(amount=200)


def test_one_run_is_one_reading_and_a_reset_starts_another(wa):
    submission = _prepared(wa)
    first = Submission.objects.get(pk=submission.pk)
    assert run_reading(first) is run_reading(Submission.objects.get(pk=submission.pk))
    submission_reset(first)
    submission_prepare(first, lines_per_chunk=1)
    again = Submission.objects.get(pk=submission.pk)
    assert again.started_at != first.started_at
    assert run_reading(again) is not run_reading(first)


@pytest.mark.parametrize("screen", [True, False], ids=["screened", "exact path alone"])
def test_the_second_chunk_of_a_run_asks_the_registry_nothing(wa, settings, screen):
    settings.AUDITS_SCREEN = screen
    submission = _prepared(wa)
    with CaptureQueriesContext(connection) as first:
        _validate(submission, 0)
    with CaptureQueriesContext(connection) as second:
        _validate(submission, 1)

    def registry(queries) -> int:  # the rules in force, a venue's first day, its time zone
        return sum(any(f'"games_{t}"' in q["sql"] for t in ("authorization", "venue"))
                   for q in queries)  # fmt: skip

    assert registry(first) >= 1
    assert registry(second) == 0
    assert Chunk.objects.filter(submission=submission, done=True).count() == 2


def test_a_run_keeps_its_reading_and_the_next_run_reads_the_registry_again(wa):
    submission = _prepared(wa)
    _validate(submission, 0)
    _lower_the_limit()  # mid-run: the run's reading stands, as for a file validated at once
    _validate(submission, 1)
    assert _over_limit(submission) == []

    submission_reset(Submission.objects.get(pk=submission.pk))
    submission_prepare(Submission.objects.get(pk=submission.pk), lines_per_chunk=1)
    _validate(submission, 0)
    _validate(submission, 1)
    assert _over_limit(submission) == [1, 2]
