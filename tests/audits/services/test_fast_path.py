"""A chunk read with the fast path gives what the full path alone gives, to the line."""

from __future__ import annotations

import pytest

from audits.models import Submission
from audits.samples import generate_toss_one
from audits.services.chunk_run import ChunkRun
from audits.services.lines import read_lines
from games.rules_resolver import RulesResolver


def run_chunk(path, licensee, fast: bool, resolver=None) -> ChunkRun:
    run = ChunkRun(Submission(licensee=licensee), resolver=resolver, fast=fast)
    for number, (_, raw) in enumerate(read_lines(path, 0, path.stat().st_size), 1):
        run.line(number, raw)
    run.close()
    return run


@pytest.mark.django_db
def test_fast_and_full_paths_give_the_same_findings_rounds_and_totals(wa, tmp_path):
    path = tmp_path / "month.jsonl"
    # across Washington's limit change of 2023-08-20: two epochs of the registry
    generate_toss_one(path, rounds=4000, start="2023-08-10", days=20, fault_rate=0.1, seed=5)
    full = run_chunk(path, wa, fast=False)
    fast = run_chunk(path, wa, fast=True)
    assert fast.findings == full.findings
    assert sorted(fast.seen, key=lambda r: r[-1]) == sorted(full.seen, key=lambda r: r[-1])
    assert dict(fast.totals) == dict(full.totals)
    assert (fast.lines, fast.rounds, fast.rejected) == (full.lines, full.rounds, full.rejected)
    assert len(full.findings) > 300


@pytest.mark.django_db
def test_another_licensees_venue_never_takes_the_fast_path(wa, tmp_path):
    from games.models import Licensee

    other = Licensee.objects.exclude(pk=wa.pk).first()
    path = tmp_path / "clean.jsonl"
    generate_toss_one(path, rounds=200, fault_rate=0, seed=1)
    run = run_chunk(path, other, fast=True)
    assert {f.code for f, _ in run.findings} == {"venue_not_of_licensee"}
    assert len(run.findings) == 200


@pytest.mark.django_db
def test_the_rules_are_looked_up_once_per_epoch_not_per_round(wa, tmp_path, monkeypatch):
    path = tmp_path / "clean.jsonl"
    generate_toss_one(path, rounds=2000, tables=("T1",), days=10, fault_rate=0, seed=2)
    resolver = RulesResolver()
    asked = []
    original = resolver.resolve
    monkeypatch.setattr(resolver, "resolve", lambda **kw: asked.append(kw["at"]) or original(**kw))
    run = run_chunk(path, wa, fast=True, resolver=resolver)
    assert run.findings == []
    assert len(asked) == 1  # ten days within one epoch of the registry: one question
