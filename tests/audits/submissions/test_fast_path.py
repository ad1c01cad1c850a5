"""A chunk read with the fast path gives what the full path alone gives, to the line."""

from __future__ import annotations

import json
from datetime import datetime, time
from operator import attrgetter

import pytest

from audits.samples import generate_toss_one
from audits.submissions.models import Submission
from audits.submissions.run import lines
from audits.submissions.run.chunk_run import ChunkRun
from audits.submissions.run.lines import read_blocks, read_lines
from games.gaming_day import gaming_day_of
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
    assert dict(fast.seats) == dict(full.seats) and sum(fast.seats.values()) > 4000
    assert (fast.lines, fast.rounds, fast.rejected) == (full.lines, full.rounds, full.rejected)
    assert len(full.findings) > 300


@pytest.mark.django_db
def test_the_lines_left_to_the_exact_path_wait_a_batch_at_most_and_keep_their_order(
    wa, tmp_path, monkeypatch
):
    """The screen's leftovers are judged together (a batch's worth, or at the chunk's end),
    never later than a batch of them, their findings in line order as the full path's."""
    from audits.submissions.run import chunk_run

    path = tmp_path / "week.jsonl"
    generate_toss_one(path, rounds=3000, days=7, fault_rate=0.2, seed=12)
    monkeypatch.setattr(chunk_run, "BATCH", 100)
    waiting = []
    judge = ChunkRun._judge_left
    monkeypatch.setattr(ChunkRun, "_judge_left",
                        lambda run: waiting.append(len(run._left)) or judge(run))  # fmt: skip
    fast = run_chunk(path, wa, fast=True)
    full = run_chunk(path, wa, fast=False)
    assert fast.findings == full.findings and len(full.findings) > 500
    assert [f.line for f, _ in fast.findings] == sorted(f.line for f, _ in fast.findings)
    assert (fast.lines, fast.rounds, fast.rejected) == (full.lines, full.rounds, full.rejected)
    judged_together = [n for n in waiting if n]
    assert len(judged_together) > 3 and max(judged_together) < 2 * 100


@pytest.mark.django_db
def test_fast_and_full_paths_give_the_same_sums_per_dealer(wa, tmp_path):
    from tests.audits.submissions.test_fast_path_family import with_dealers

    path = tmp_path / "dealt.jsonl"
    generate_toss_one(path, rounds=3000, days=3, fault_rate=0.05, seed=6)
    path.write_bytes(b"\n".join(with_dealers(path.read_bytes().splitlines())) + b"\n")
    full = run_chunk(path, wa, fast=False)
    fast = run_chunk(path, wa, fast=True)
    assert dict(fast.dealers) == dict(full.dealers)
    assert dict(fast.totals) == dict(full.totals) and dict(fast.seats) == dict(full.seats)
    assert {key[4] for key in fast.dealers} == {"D-1", "D-2"}
    assert {key[5] for key in fast.dealers} == {"", "main", "lucky3", "bonus4"}
    dealt = sum(t.rounds for key, t in fast.dealers.items() if key[5] == "")
    assert 1900 <= dealt <= 2100  # two rounds in three


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
    # ten days within one epoch of the registry: one question per gaming day (the ledger's
    # day, which each answer is also held to), never one per round
    played = [datetime.fromisoformat(json.loads(line)["played_at"])
              for line in path.read_bytes().splitlines()]  # fmt: skip
    days = {gaming_day_of(at, "America/Los_Angeles", time(6, 0)) for at in played}
    assert len(days) == 10
    assert len(asked) == len(days)
    assert {gaming_day_of(at, "America/Los_Angeles", time(6, 0)) for at in asked} == days


@pytest.mark.django_db
def test_rounds_screened_out_of_their_order_keep_their_own_seats(wa):
    # gaming days alternate, so one screen gets the batch's rounds grouped by day, out of the
    # file's order; each seat must still be read as its own round's (a seat read as another
    # round's judged the overpaid seat clean, and remembered that for the next file)
    from tests.audits.conftest import round_line
    from tests.audits.submissions.test_fast_path_family import judged

    days = ["2026-11-02T10:00:00-08:00", "2026-11-03T10:00:00-08:00"] * 2
    lines = [round_line(round=f"T2-{i}", played_at=at) for i, at in enumerate(days)]
    lines.append(round_line(round="T2-over", **{"seats__0__results__main": "50"}))
    submission = Submission(licensee=wa)
    fast = judged(submission, lines, fast=True)
    assert fast == judged(submission, lines, fast=False)
    assert [(f.line, f.code) for f, _ in fast[0]] == [(5, "overpaid")]
    again = judged(submission, lines[-1:], fast=True)  # the remembered verdicts
    assert [(f.line, f.code) for f, _ in again[0]] == [(1, "overpaid")]


def run_lines(path, licensee) -> ChunkRun:
    """Line by line, each without its newline (as blocks give them), the exact path alone."""
    run = ChunkRun(Submission(licensee=licensee), fast=False)
    for number, (_, raw) in enumerate(read_lines(path, 0, path.stat().st_size), 1):
        run.line(number, raw if raw is lines.TOO_LONG else raw.removesuffix(b"\n"))
    run.close()
    return run


def run_blocks(path, licensee, fast: bool) -> ChunkRun:
    """The chunk read as :func:`~audits.submissions.run.chunk_validate` reads it: by blocks."""
    run, number = ChunkRun(Submission(licensee=licensee), fast=fast), 1
    for block in read_blocks(path, 0, path.stat().st_size):
        run.feed(number, block)
        number += len(block)
    run.close()
    return run


@pytest.mark.django_db
@pytest.mark.parametrize("block", [1500, 20_000, 1 << 20])
def test_reading_by_blocks_gives_what_reading_line_by_line_gives(wa, tmp_path, block):
    """Lines as spans of each block read (blank, white, too long, broken, a byte order mark,
    lines cut by the blocks' ends) judged as the exact path judges them line by line."""
    path = tmp_path / "month.jsonl"
    generate_toss_one(path, rounds=1500, days=3, fault_rate=0.1, seed=8)
    rows = path.read_bytes().splitlines()
    odd = [b"", b"   ", b"\t\r", b"{not json", b'{"v":1,' + b"x" * 2100 + b"}", b"\x0b"]
    for at, line in zip(range(7, len(rows), 211), odd * 10, strict=False):
        rows.insert(at, line)
    path.write_bytes(lines.UTF8_BOM + b"\n".join(rows) + b"\n\n")
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(lines, "BLOCK", block)
        patch.setattr(lines, "MAX_LINE_BYTES", 2000)
        by_line = run_lines(path, wa)
        for fast in (True, False):
            by_block = run_blocks(path, wa, fast=fast)
            assert by_block.findings == by_line.findings
            in_order = sorted(by_block.seen, key=attrgetter("line"))  # added by batches
            assert in_order == sorted(by_line.seen, key=attrgetter("line"))
            assert dict(by_block.totals) == dict(by_line.totals)
            assert dict(by_block.seats) == dict(by_line.seats)
            counts = (by_block.lines, by_block.rounds, by_block.rejected)
            assert counts == (by_line.lines, by_line.rounds, by_line.rejected)
    codes = {f.code for f, _ in by_line.findings}
    assert {"line_too_long", "line_not_json"} <= codes and by_line.lines > 1500
