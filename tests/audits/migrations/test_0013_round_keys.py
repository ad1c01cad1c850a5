"""Migration 0013: keys stored when an id's key depended on the ids beside it are computed
again, each of its id alone, and each row sorted again, so those rounds are found again."""

from __future__ import annotations

import zlib

import numpy as np
import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from audits.submissions.run.round_keys import stored_ids
from audits.validation.round_ids import IdBytes, round_keys
from tests.audits.migrations.support import old_chunk

BEFORE, AFTER = ("audits", "0012_chunk_line_marks"), ("audits", "0013_round_keys_of_each_id_alone")


@pytest.fixture
def migrated_back(transactional_db):
    executor = MigrationExecutor(connection)
    executor.migrate([BEFORE])
    yield executor
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())


def row_arrays(ids: list[str], keys: list[int], lines: list[int]) -> dict:
    stored = IdBytes.of(ids)
    return {
        "count": len(ids),
        "keys": np.array(keys, "<u8").tobytes(),
        "lines": np.array(lines, "<u4").tobytes(),
        "played": np.arange(len(ids), dtype="<i8").tobytes(),
        "ids": zlib.compress(stored.data.tobytes()),
        "id_ends": np.cumsum(stored.length).astype("<u4").tobytes(),
    }


def test_keys_are_computed_again_and_rows_sorted_again(migrated_back):
    apps = migrated_back.loader.project_state([BEFORE]).apps
    submission, chunk = old_chunk(apps)
    ids = ["T2-0003", "T2-" + "x" * 30, "T2-0004"]
    stale = [0, 1, 2]  # keys as the old hashing might have left them: not each id's own
    rows = apps.get_model("audits", "RoundKeys")
    rows.objects.create(submission=submission, chunk=chunk, venue="V", table="T2", game="g",
                        **row_arrays(ids, stale, [5, 6, 7]))  # fmt: skip
    uniform = ["a", "b"]  # already each id's own: left as it is
    rows.objects.create(submission=submission, chunk=chunk, venue="V", table="T3", game="g",
                        **row_arrays(uniform, round_keys(IdBytes.of(uniform)).tolist(), [1, 2]))  # fmt: skip

    migrated_back.loader.build_graph()
    migrated_back.migrate([AFTER])
    apps = migrated_back.loader.project_state([AFTER]).apps
    t2, t3 = apps.get_model("audits", "RoundKeys").objects.order_by("table")
    keys = np.frombuffer(bytes(t2.keys), "<u8").tolist()
    stored = stored_ids(bytes(t2.ids), bytes(t2.id_ends))
    texts = [stored.text(i) for i in range(3)]
    assert keys == sorted(keys) == [int(round_keys(IdBytes.of([t]))[0]) for t in texts]
    lines = dict(zip(texts, np.frombuffer(bytes(t2.lines), "<u4").tolist(), strict=True))
    played = dict(zip(texts, np.frombuffer(bytes(t2.played), "<i8").tolist(), strict=True))
    assert lines == dict(zip(ids, [5, 6, 7], strict=True))
    assert played == dict(zip(ids, [0, 1, 2], strict=True))  # each round's time moved with it
    assert np.frombuffer(bytes(t3.keys), "<u8").tolist() == round_keys(IdBytes.of(uniform)).tolist()
