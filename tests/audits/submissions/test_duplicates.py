"""Duplicate rounds: found by their keys, confirmed on their ids, across chunks, files and
a concurrent finish; another licensee's rounds are never compared (test_trust_tenancy)."""

from __future__ import annotations

import threading

import numpy as np
import pytest
from django.db import connection, connections
from hypothesis import given, settings
from hypothesis import strategies as st

from audits.submissions.duplicates import repeated_keys
from audits.submissions.finish import submission_finish
from audits.submissions.models import RoundKeys, Submission
from audits.submissions.run import round_keys as round_keys_module
from audits.submissions.run.round_keys import stored_ids
from tests.audits.conftest import round_line
from tests.audits.submissions.test_pipeline import codes, submit

LINES = [round_line(round=f"T2-{i:04d}") for i in range(12)]


def test_equal_keys_of_different_rounds_are_not_duplicates(wa, monkeypatch):
    # every round the same key: only the round ids can tell them apart, and do
    monkeypatch.setattr(round_keys_module, "round_keys", lambda ids: np.zeros(len(ids), "<u8"))
    first = submit(wa, b"\n".join([*LINES, LINES[3]]) + b"\n", name="october.jsonl")
    assert codes(first) == [(13, "duplicate_round")]
    second = submit(wa, b"\n".join([round_line(round="T2-new"), LINES[5]]) + b"\n")
    assert codes(second) == [(2, "duplicate_round_submitted")]
    assert "T2-0005" in second.findings.get().message and "line 6" in second.findings.get().message


def test_many_rounds_of_one_key_across_chunks_each_name_its_own_earlier_line(wa, monkeypatch):
    # every round the same key, the earlier file's rounds in three chunks (three rows): each
    # round sent again is matched on its own id, whichever row holds it, in the file's order
    monkeypatch.setattr(round_keys_module, "round_keys", lambda ids: np.zeros(len(ids), "<u8"))
    submit(wa, b"\n".join(LINES) + b"\n", name="october.jsonl", chunk_lines=5)
    again = [LINES[11], round_line(round="T2-new"), LINES[0], LINES[6], LINES[6]]
    second = submit(wa, b"\n".join(again) + b"\n", chunk_lines=2)
    found = sorted(second.findings.values_list("line", "code", "message"))
    assert found == [
        (1, "duplicate_round_submitted", "round T2-0011 was already submitted in october.jsonl"
                                         " (line 12)"),
        (3, "duplicate_round_submitted", "round T2-0000 was already submitted in october.jsonl"
                                         " (line 1)"),
        (4, "duplicate_round_submitted", "round T2-0006 was already submitted in october.jsonl"
                                         " (line 7)"),
        (5, "duplicate_round", "round T2-0006 already appears at line 4"),
        (5, "duplicate_round_submitted", "round T2-0006 was already submitted in october.jsonl"
                                         " (line 7)"),
    ]  # fmt: skip


EDGES = st.sampled_from([0, 1, 2**60 - 1, 2**60, 2**63 - 1, 2**63, 2**64 - 1])
KEY = st.one_of(EDGES, st.integers(0, 2**64 - 1), st.integers(0, 40))


@settings(max_examples=300, deadline=None)
@given(st.lists(KEY, max_size=200), st.sampled_from([2, 4, 16, 256]))
def test_repeated_keys_are_the_keys_held_more_than_once(keys, parts):
    # sought part by part by their top bits, as if all were sorted at once
    keys = np.array(keys, "<u8")
    held = np.unique(keys, return_counts=True)
    assert repeated_keys(keys, parts).tolist() == held[0][held[1] > 1].tolist()


def test_duplicates_across_chunks_name_the_first_line(wa):
    log = b"\n".join([*LINES, LINES[0], LINES[11], LINES[0]]) + b"\n"
    s = submit(wa, log, chunk_lines=5)
    assert codes(s) == [(13, "duplicate_round"), (14, "duplicate_round"), (15, "duplicate_round")]
    messages = sorted(s.findings.values_list("line", "message"))
    assert messages[0] == (13, "round T2-0000 already appears at line 1")
    assert messages[2] == (15, "round T2-0000 already appears at line 1")


def test_rounds_read_are_stored_one_row_per_chunk_and_place_sorted_by_key(wa):
    other_table = [round_line(round=f"T1-{i}", table="T1") for i in range(3)]
    s = submit(wa, b"\n".join([*LINES, *other_table]) + b"\n", chunk_lines=10)
    rows = RoundKeys.objects.filter(submission=s).order_by("chunk__index", "table")
    assert [(r.chunk.index, r.table, r.count) for r in rows] == [
        (0, "T2", 10), (1, "T1", 3), (1, "T2", 2),
    ]  # fmt: skip
    expected = {
        (0, "T2"): [f"T2-{i:04d}" for i in range(10)],
        (1, "T1"): ["T1-0", "T1-1", "T1-2"],
        (1, "T2"): ["T2-0010", "T2-0011"],
    }
    for row in rows:
        keys = np.frombuffer(row.keys, "<u8")
        assert keys.tolist() == sorted(keys.tolist())
        ids = stored_ids(row.ids, row.id_ends)
        assert (
            sorted(ids.text(i) for i in range(row.count)) == expected[(row.chunk.index, row.table)]
        )


@pytest.fixture
def postgres(transactional_db):
    if connection.vendor != "postgresql":  # before any registry row: the flush afterwards
        pytest.skip(  # empties nothing the immutability triggers guard
            "needs PostgreSQL: the embedded database runs one writer at a time, so two "
            "finishes cannot race (run with DATABASE_URL=postgresql://...)"
        )


def test_two_files_finishing_at_once_see_each_other(postgres, wa):
    """Two submissions with the same round, validated and then finished by two connections at
    the same moment: whichever finishes second reports the duplicate (never neither)."""
    one = _validated_not_finished(wa, LINES[:6], "one.jsonl")
    two = _validated_not_finished(wa, [round_line(round="T2-x"), LINES[2]], "two.jsonl")
    barrier = threading.Barrier(2)

    def finish(submission):
        barrier.wait()
        try:
            submission_finish(submission)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=finish, args=(s,)) for s in (one, two)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    found = sorted(
        (s.original_name, line)
        for s in Submission.objects.filter(pk__in=[one.pk, two.pk])
        for line in s.findings.filter(code="duplicate_round_submitted").values_list(
            "line", flat=True
        )
    )
    assert found in ([("one.jsonl", 3)], [("two.jsonl", 2)])


def _validated_not_finished(licensee, lines, name):
    from io import BytesIO

    from audits.submissions.run import submission_prepare
    from audits.submissions.run.chunk import chunk_validate
    from audits.submissions.storage import submission_store

    submission, _ = submission_store(
        BytesIO(b"\n".join(lines) + b"\n"), original_name=name, licensee=licensee
    )
    for chunk in submission_prepare(submission):
        chunk_validate(chunk)
    return submission


def test_a_round_is_found_again_whatever_ids_share_its_chunk(wa):
    """A round's key is its id's alone: a chunk that also holds a much longer id (one more
    8-byte word, or several) still gives T2-0003 the key it has in a chunk of short ids, in
    the same file and in a later one."""
    longer = round_line(round="T2-" + "x" * 30)
    s = submit(wa, b"\n".join([LINES[3], LINES[4], longer, LINES[3]]) + b"\n", chunk_lines=3)
    assert codes(s) == [(4, "duplicate_round")]
    later = submit(wa, b"\n".join([LINES[4], round_line(round="T2-" + "y" * 90)]) + b"\n")
    assert codes(later) == [(1, "duplicate_round_submitted")]


def test_the_key_of_an_id_is_the_same_in_any_batch():
    from audits.validation.round_ids import IdBytes, round_keys

    ids = ["", "a", "T2-0003", "T2-00003", "T2-000003", "é" * 40, "x" * 256, "y" * 257]
    alone = [int(round_keys(IdBytes.of([i]))[0]) for i in ids]
    together = round_keys(IdBytes.of(ids)).tolist()
    assert together == alone and len(set(alone)) == len(ids)
    reversed_ = round_keys(IdBytes.of(ids[::-1])).tolist()
    assert reversed_ == alone[::-1]
