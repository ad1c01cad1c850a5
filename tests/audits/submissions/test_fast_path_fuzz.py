"""Differential fuzzing: whatever a line holds, the fast path never crashes and never changes
what the full path alone would report."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from audits.submissions.models import Submission
from audits.submissions.run.chunk_run import ChunkRun
from tests.audits.conftest import ROUND, changed

pytestmark = pytest.mark.django_db

PATHS = [
    ("v",), ("round",), ("played_at",), ("venue",), ("table",), ("game",), ("options",),
    ("options", "blackjack_pays"), ("options", "lucky3_paytable"), ("shoe",), ("shoe", "decks"),
    ("dealer",), ("dealer", "cards"), ("dealer", "cards", 0), ("dealer", "toss"), ("seats",),
    ("seats", 0, "seat"), ("seats", 0, "cards"), ("seats", 0, "cards", 2), ("seats", 0, "toss"),
    ("seats", 0, "wagers"), ("seats", 0, "wagers", "main"), ("seats", 0, "wagers", "lucky3"),
    ("seats", 0, "results"), ("seats", 0, "results", "main"), ("seats", 0, "results", "bonus4"),
    ("seats", 0, "hands"), ("seats", 0, "poker"), ("dealer", "id"), ("shift",),
]  # fmt: skip
VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(10**20), max_value=10**20),
    st.floats(allow_nan=True, allow_infinity=False),
    st.sampled_from(["", "25", "37.50", "37.5", "-5", "5.005", "1e3", "NaN", "AS", "KD", "TS",
                     "2H", "ZZ", "3:2", "6:5", "1", "2", "T2", "T1", "WA-CR-0042", "toss-one-21",
                     "150", "500", "1000",
                     "2026-11-01T21:14:03-08:00", "2026-11-01T21:14:03", "bet", "D-17",
                     "x" * 65, "tab\there", "night"]),
    st.lists(st.sampled_from(["AS", "KD", "7C", "2H", "TS", "AH", "9D", "XX"]), max_size=6),
    st.dictionaries(st.sampled_from(["main", "lucky3", "bonus4", "x"]),
                    st.sampled_from(["5", "25", "-25", "0", "10"]), max_size=3),
)  # fmt: skip


def mutated(changes) -> bytes:
    # the format page's example with the dealer's right toss
    right = changed(ROUND, [(("dealer", "toss"), "KD")])
    return json.dumps(changed(right, changes)).encode()


def judged(submission, line: bytes, fast: bool):
    run = ChunkRun(submission, fast=fast)
    run.line(1, line)
    run.close()
    return (
        run.findings,
        run.seen,
        dict(run.totals),
        (run.rounds, run.rejected),
        dict(run.dealers),
        dict(run.seats),
    )


@settings(
    max_examples=300,
    deadline=None,
    derandomize=True,  # the same examples every run
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(st.lists(st.tuples(st.sampled_from(PATHS), VALUES), min_size=1, max_size=3))
def test_the_fast_path_agrees_with_the_full_path_on_any_line(wa, caplog, changes):
    submission = Submission(licensee=wa)
    line = mutated(changes)
    assert judged(submission, line, fast=True) == judged(submission, line, fast=False)
    assert not [r for r in caplog.records if "the screen failed" in r.getMessage()]


def test_the_unchanged_round_takes_the_fast_path(wa):
    run = ChunkRun(Submission(licensee=wa), fast=True)
    assert run.fast.screen([1], [mutated([])]) == []  # counted: nothing left to the exact path


@settings(
    max_examples=100,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(st.binary(max_size=300))
def test_arbitrary_bytes_are_rejected_with_a_reason_never_a_crash(wa, raw):
    submission = Submission(licensee=wa)
    findings, seen, _, (rounds, rejected), *_ = judged(submission, raw + b"\n", fast=True)
    assert rounds + rejected <= 1
    assert all(f.code and f.message for f, _ in findings)
