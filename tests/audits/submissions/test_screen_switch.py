"""The screen is optional: a setting turns it off, a machine without numba runs without it,
and it stands back by itself where it would be no use; the findings are the same either
way."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from audits.samples import generate_toss_one
from audits.submissions.models import Submission
from audits.submissions.run.chunk_run import ChunkRun
from audits.submissions.run.fast_path import BackOff
from tests.conftest import sqlite_copy

ROOT = Path(__file__).resolve().parents[3]


def _judged(run: ChunkRun, lines: list[bytes]):
    run.feed(1, lines)
    run.close()
    return (sorted(run.findings, key=repr), run.rounds, run.rejected,
            {k: v for k, v in run.totals.items()})  # fmt: skip


def test_the_setting_turns_the_screen_off_and_the_findings_stay(wa, tmp_path, settings):
    path = tmp_path / "log.jsonl"
    generate_toss_one(path, rounds=600, days=1, fault_rate=0.05, seed=4, stakes="any")
    lines = path.read_bytes().splitlines()
    screened = _judged(ChunkRun(Submission(licensee=wa)), lines)
    settings.AUDITS_SCREEN = False
    off = ChunkRun(Submission(licensee=wa))
    assert off.fast is None
    assert _judged(off, lines) == screened


def test_the_screen_stands_back_from_batches_it_cannot_use_and_comes_back():
    back = BackOff()
    back.counted(0, 100)
    assert not back.resting()  # one poor batch is not enough
    back.counted(10, 100)
    assert [back.resting() for _ in range(5)] == [True] * 4 + [False]
    back.counted(0, 100), back.counted(0, 100)
    assert sum(back.resting() for _ in range(20)) == 8  # twice as long the next time
    back.counted(90, 100)
    back.counted(0, 100), back.counted(0, 100)
    assert sum(back.resting() for _ in range(20)) == 4  # a good batch starts it afresh


def test_a_file_no_batch_of_which_the_screen_can_read_is_judged_the_exact_way(wa):
    lines = [b'{"not": "a round"}'] * 9000
    run = ChunkRun(Submission(licensee=wa))
    screened = []
    real = run.fast.screen
    run.fast.screen = lambda numbers, batch: screened.append(len(batch)) or real(numbers, batch)
    run.feed(1, lines)
    run.close()
    assert run.rejected == 9000
    assert len(screened) == 2  # two batches tried, then the rest straight to the exact path


#: the pipeline in a process where numba cannot be imported
WITHOUT_NUMBA = """
import sys
sys.modules["numba"] = None  # import numba raises ImportError
import json, django
django.setup()
from audits.samples import generate_toss_one
from audits.submissions.storage import submission_store
from audits.submissions.submissions import submission_validate_now
from audits.submissions.run.screen_switch import screen_on
from games.models import Licensee
path = sys.argv[1]
generate_toss_one(path, rounds=300, days=1, fault_rate=0.05, seed=6)
with open(path, "rb") as stream:
    submission, _ = submission_store(stream, original_name="s.jsonl",
                                     licensee=Licensee.objects.get(license_number="DEMO-0001"))
done = submission_validate_now(submission)
print(json.dumps({"screen": screen_on(), "rounds": done.rounds_total,
                  "findings": done.finding_count, "numba": "numba" in sys.modules
                  and sys.modules["numba"] is not None}))
"""


def test_without_numba_the_service_runs_on_the_exact_path(tmp_path, registry_sqlite):
    sqlite_copy(registry_sqlite, tmp_path / "db.sqlite3")
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}",
           "MEDIA_ROOT": str(tmp_path / "media"),
           "DJANGO_SETTINGS_MODULE": "compliance.settings"}  # fmt: skip
    command = [sys.executable, "-c", WITHOUT_NUMBA, str(tmp_path / "s.jsonl")]
    done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=600)  # fmt: skip
    assert done.returncode == 0, done.stderr[-3000:]
    found = json.loads(done.stdout.strip().splitlines()[-1])
    assert found["screen"] is False and found["numba"] is False
    assert found["rounds"] >= 290 and found["findings"] > 0
