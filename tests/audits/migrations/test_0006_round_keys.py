"""Migration 0006: each chunk's rounds seen (one row per round) become one RoundKeys row
per place, so files validated before it still count in the duplicate checks."""

from __future__ import annotations

from datetime import UTC, datetime

import numpy as np
import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from audits.submissions.run.round_keys import stored_ids
from audits.validation.round_ids import IdBytes, round_keys
from tests.audits.migrations.support import old_chunk

BEFORE, AFTER = ("audits", "0005_submission_file_per_licensee"), ("audits", "0006_round_keys_per_chunk")
GAMES_THEN = ("games", "0003_rule_version_blank_options")  # the registry as 0005 knew it
PLAYED = datetime(2026, 10, 1, 17, tzinfo=UTC)


@pytest.fixture
def migrated_back(transactional_db):
    executor = MigrationExecutor(connection)
    executor.migrate([BEFORE, GAMES_THEN])
    yield executor
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())


def test_rounds_seen_become_sorted_round_keys_per_chunk_and_place(migrated_back):
    apps = migrated_back.loader.project_state([BEFORE, GAMES_THEN]).apps
    submission, chunk = old_chunk(apps)
    seen = apps.get_model("audits", "RoundSeen")
    for line, (table, round_id) in enumerate([("T1", "b"), ("T1", "a"), ("T2", "a")], 1):
        seen.objects.create(submission=submission, chunk=chunk, key=0, venue="V", table=table,
                            round_id=round_id, line=line, played_at=PLAYED, game="g")  # fmt: skip

    migrated_back.loader.build_graph()
    migrated_back.migrate([AFTER, GAMES_THEN])
    apps = migrated_back.loader.project_state([AFTER, GAMES_THEN]).apps
    rows = apps.get_model("audits", "RoundKeys").objects.order_by("table")
    assert [(r.table, r.count, r.chunk_id) for r in rows] == [("T1", 2, chunk.pk), ("T2", 1, chunk.pk)]
    t1 = rows[0]
    ids = stored_ids(bytes(t1.ids), bytes(t1.id_ends))
    keys = np.frombuffer(bytes(t1.keys), "<u8")
    texts = [ids.text(i) for i in range(2)]
    assert keys.tolist() == round_keys(IdBytes.of(texts)).tolist() == sorted(keys.tolist())
    lines = dict(zip(texts, np.frombuffer(bytes(t1.lines), "<u4").tolist(), strict=True))
    assert lines == {"a": 2, "b": 1}
    assert np.frombuffer(bytes(t1.played), "<i8").tolist() == [int(PLAYED.timestamp() * 1e6)] * 2
