"""A worker whose kernels are not compiled never compiles one during a validation: with no
mark of a finished ``compile_kernels`` in the kernels' folder, the exact path judges every
line, the log says so and the compile is started in a process of its own; with the mark but
a kernel missing from the cache, numba's attempt is refused and the batch goes the exact way.
Either way the findings are the screen's own (the exact path's)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from audits.submissions.run.screen_switch import LOCK, kernels_compile_apart
from audits.validation.screen.jit import KERNELS_COMPILED
from tests.conftest import sqlite_copy

ROOT = Path(__file__).resolve().parents[3]
pytestmark = pytest.mark.skipif(not KERNELS_COMPILED, reason="numba is in requirements.txt")

#: validates a sample of Toss One 21 in a process whose kernels' cache is empty; prints the
#: findings, whether the screen ran, what numba was asked to compile and what it wrote
VALIDATE = """
import json, logging, sys
from pathlib import Path
import django
django.setup()
from numba.core import event
from audits.samples import generate_toss_one
from audits.submissions.run.screen_switch import screen_on
from audits.submissions.storage import submission_store
from audits.submissions.submissions import submission_validate_now
from audits.validation.screen.jit import cache_folder
from games.models import Licensee

if sys.argv[2] == "marked":  # the mark of a finished compile, with nothing compiled
    cache_folder().mkdir(parents=True, exist_ok=True)
    (cache_folder() / "compiled.mark").write_text("{}")
asked = []
class Asked(event.Listener):
    def on_start(self, ev):
        asked.append(ev.data["dispatcher"].py_func.__qualname__)
    def on_end(self, ev):
        pass
event.register("numba:compile", Asked())
said = []
class Said(logging.Handler):
    def emit(self, record):
        said.append(record.getMessage())
logging.getLogger("audits").addHandler(Said(logging.WARNING))
path = sys.argv[1]
generate_toss_one(path, rounds=300, days=1, fault_rate=0.05, seed=6)
with open(path, "rb") as stream:
    submission, _ = submission_store(stream, original_name="s.jsonl",
                                     licensee=Licensee.objects.get(license_number="DEMO-0001"))
done = submission_validate_now(submission)
codes = sorted(f.code for f in done.findings.all())
written = sorted(p.name for p in Path(cache_folder()).rglob("*") if p.suffix in (".nbi", ".nbc"))
print(json.dumps({"screen": screen_on(), "rounds": done.rounds_total, "codes": codes,
                  "asked": sorted(set(asked)), "written": written, "said": said}))
"""


def _validate(tmp_path: Path, registry: Path, how: str, **env) -> dict:
    sqlite_copy(registry, tmp_path / "db.sqlite3")
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}",
           "MEDIA_ROOT": str(tmp_path / "media"), "DJANGO_SETTINGS_MODULE": "compliance.settings",
           "NUMBA_CACHE_DIR": str(tmp_path / "empty-cache"), **env}  # fmt: skip
    command = [sys.executable, "-c", VALIDATE, str(tmp_path / "s.jsonl"), how]
    done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=600)  # fmt: skip
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


@pytest.fixture(scope="module")
def exact_codes(registry_sqlite, tmp_path_factory) -> list[str]:
    """The findings of the same sample with the screen off (the exact path alone)."""
    found = _validate(tmp_path_factory.mktemp("exact"), registry_sqlite, "plain",
                      AUDITS_SCREEN="false", AUDITS_KERNELS_COMPILE_APART="false")  # fmt: skip
    assert found["asked"] == [] and found["rounds"] >= 290 and found["codes"]
    return found["codes"]


def test_without_the_mark_the_exact_path_serves_and_nothing_is_compiled(
    tmp_path, registry_sqlite, exact_codes
):
    found = _validate(tmp_path, registry_sqlite, "plain", AUDITS_KERNELS_COMPILE_APART="false")
    assert found["screen"] is False
    assert (found["asked"], found["written"]) == ([], [])
    assert found["codes"] == exact_codes
    assert any("kernels are not compiled" in s and "exact path judges every line" in s
               for s in found["said"])  # fmt: skip


def test_a_kernel_missing_from_a_marked_cache_is_refused_not_compiled(
    tmp_path, registry_sqlite, exact_codes
):
    found = _validate(tmp_path, registry_sqlite, "marked", AUDITS_KERNELS_COMPILE_APART="false")
    assert found["screen"] is True  # the mark says compiled: the screen tries
    assert found["asked"] and found["written"] == []  # numba asked, refused, wrote nothing
    assert found["codes"] == exact_codes
    assert any("is not in the cache" in s for s in found["said"])


def test_the_compile_apart_is_started_once_and_releases_its_lock(tmp_path):
    folder = tmp_path / "kernels"
    out = tmp_path / "ran"
    slow = [sys.executable, "-c", f"import time, pathlib; time.sleep(1.5); "
            f"pathlib.Path({str(out)!r}).write_text('compiled')"]  # fmt: skip
    assert kernels_compile_apart(folder, slow) is True
    assert (folder / LOCK).exists()
    assert kernels_compile_apart(folder, slow) is False  # another worker: one compile at once
    deadline = time.monotonic() + 60
    while (folder / LOCK).exists() and time.monotonic() < deadline:
        time.sleep(0.1)
    assert out.read_text() == "compiled" and not (folder / LOCK).exists()


def test_a_lock_left_by_a_compile_that_died_is_taken_over(tmp_path):
    folder = tmp_path / "kernels"
    folder.mkdir()
    (folder / LOCK).write_text("a compile that died")
    old = time.time() - 3600
    os.utime(folder / LOCK, (old, old))
    assert kernels_compile_apart(folder, [sys.executable, "-c", "pass"]) is True


def test_by_default_the_compile_apart_is_manage_py_compile_kernels(tmp_path, monkeypatch):
    started = []
    monkeypatch.setattr(subprocess, "Popen", lambda command, **kw: started.append(command))
    assert kernels_compile_apart(tmp_path / "kernels") is True
    assert started[0][-2:] == [str(ROOT / "manage.py"), "compile_kernels"]
