"""The screen's kernels compiled at install (audits/submissions/run/kernels.py): in a process of
its own, compiling them (each loaded from the cache ``make test`` compiled them into) leaves
nothing for a validation of every game to compile, and every kernel is loaded from the cache,
none compiled again.  Nothing but the installed packages and the project's sources is ever
loaded.  (Where the kernels are not compiled: tests/audits/submissions/test_kernels_missing.py.)"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from django.core.management import call_command

from tests.conftest import sqlite_copy

ROOT = Path(__file__).resolve().parents[3]

#: run in a subprocess on the installed cache and a database with the registry: prints what a
#: validation of a sample of every game compiled, or asked to, after kernels_compile (each
#: kernel's new signatures), and what kernels_compile found missing from the cache
SCRIPT = """
import importlib, json, os, pkgutil, sys
from datetime import date
import django
django.setup()
import numba
from numba.core import event
from audits.submissions.run import kernels_compile, submission_prepare
from audits.submissions.run.chunk import chunk_validate
from audits.demo.sample_month import sample_month_generate, sample_venue_get
from audits.submissions.storage import submission_store
from audits.submissions.submissions import submission_validate_now
from games.models import Licensee
import audits.validation.games as games
import audits.validation.screen as screen

modules = [importlib.import_module(m.name)
           for package in (screen, games)
           for m in pkgutil.walk_packages(package.__path__, package.__name__ + ".")]
modules.append(importlib.import_module("audits.validation.round_ids"))

def kernels():
    return {f"{m.__name__}.{name}": obj for m in modules for name, obj in vars(m).items()
            if isinstance(obj, numba.core.registry.CPUDispatcher)}

def signatures():
    return {name: {str(s) for s in k.signatures} for name, k in kernels().items()}

asked = []
class Asked(event.Listener):
    def on_start(self, ev):
        asked.append(ev.data["dispatcher"].py_func.__qualname__)
    def on_end(self, ev):
        pass
event.register("numba:compile", Asked())

kernels_compile()
before = signatures()
misses = sum(sum(k.stats.cache_misses.values()) for k in kernels().values())
compiled_by_kernels_compile = list(asked)
path = sys.argv[1]
venue = sample_venue_get("WA-CR-0042", date(2026, 10, 1))
sample_month_generate(path, venue, start=date(2026, 10, 1), days=2, rounds=400, seats=5,
                      fault_rate=0.05)
with open(path, "rb") as stream:
    submission, _ = submission_store(stream, original_name="sample.jsonl",
                                     licensee=Licensee.objects.get(license_number="DEMO-0001"))
submission = submission_validate_now(submission)
# a chunk of one line, of one seat: the batches' columns of a single row
sample_month_generate(path + ".one", venue, start=date(2026, 10, 2), days=1, rounds=3, seats=1,
                      fault_rate=0.0, seed=9)
with open(path + ".one", "rb") as stream:
    one, _ = submission_store(stream, original_name="one-seat.jsonl",
                              licensee=Licensee.objects.get(license_number="DEMO-0001"))
submission_prepare(one, lines_per_chunk=1)
for chunk in one.chunks.order_by("index"):
    chunk_validate(chunk)
after = signatures()
new = {k: sorted(v - before.get(k, set())) for k, v in after.items() if v - before.get(k, set())}
one_seat = [(c.done, c.rounds) for c in one.chunks.order_by("index")]
print(json.dumps({"rounds": submission.rounds_total, "one_seat": one_seat,
                  "compiled": sorted(before), "new": new,
                  "games": sorted(g.game for g in venue.games), "misses": misses,
                  "asked": asked[len(compiled_by_kernels_compile):],
                  "compiled_again": compiled_by_kernels_compile}))
"""


def _run(tmp_path: Path, *args: str, env: dict | None = None) -> subprocess.CompletedProcess:
    """``args`` run by this interpreter in the repository, on a SQLite database of its own and
    the installed cache of kernels (``env`` may name another)."""
    env = {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}",
        "MEDIA_ROOT": str(tmp_path / "media"),
        "DJANGO_SETTINGS_MODULE": "compliance.settings",
        **(env or {}),
    }
    return subprocess.run([sys.executable, *args], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=600, check=True)  # fmt: skip


def test_a_validation_after_compiling_the_kernels_compiles_nothing(tmp_path, registry_sqlite):
    sqlite_copy(registry_sqlite, tmp_path / "db.sqlite3")
    done = _run(tmp_path, "-c", SCRIPT, str(tmp_path / "sample.jsonl"))
    found = json.loads(done.stdout.strip().splitlines()[-1])
    assert found["games"] == ["ante-up-21", "blackjack-tie-bonus", "toss-one-21"]
    assert found["rounds"] > 1000
    assert len(found["one_seat"]) >= 9  # a line a chunk, each done, a round each
    assert {tuple(chunk) for chunk in found["one_seat"]} == {(True, 1)}
    assert "audits.validation.games.toss_one.screen._seat_classes" in found["compiled"]
    assert "audits.validation.screen.reader._read" in found["compiled"]
    assert "audits.validation.round_ids._short_keys" in found["compiled"]
    assert found["new"] == {}, "validation called what kernels_compile did not"
    assert found["asked"] == [], "validation asked numba to compile"
    # every kernel kernels_compile calls is loaded from the cache make test compiled
    assert (found["misses"], found["compiled_again"]) == (0, [])


def _files_in_var() -> set[Path]:
    return {p for p in (ROOT / "var").rglob("*") if p.is_file()}


def test_the_command_compiles_every_game_with_a_screen_and_builds_nothing_else(capsys):
    before = _files_in_var()
    call_command("compile_kernels")
    out = capsys.readouterr().out
    assert [line.split(":")[0] for line in out.splitlines()] == [
        "toss-one-21",
        "ante-up-21",
        "blackjack-tie-bonus",
    ]
    made = _files_in_var() - before
    assert not [p for p in made if p.suffix in (".so", ".pyd", ".json")]


#: a module planted where the kernels' folder used to be, named as the old loader looked for
#: it: loading it would write a file
PLANTED = """
import pathlib, sys
pathlib.Path(sys.argv[1]).write_text("ran")
"""

VALIDATE_AND_LIST_MODULES = """
import json, sys
from datetime import date
import django
django.setup()
from audits.demo.sample_month import sample_month_generate, sample_venue_get
from audits.submissions.storage import submission_store
from audits.submissions.submissions import submission_validate_now
from games.models import Licensee
path = sys.argv[1]
venue = sample_venue_get("WA-CR-0042", date(2026, 10, 1))
sample_month_generate(path, venue, start=date(2026, 10, 1), days=1, rounds=50, seats=3,
                      fault_rate=0.05)
with open(path, "rb") as stream:
    submission, _ = submission_store(stream, original_name="sample.jsonl",
                                     licensee=Licensee.objects.get(license_number="DEMO-0001"))
submission = submission_validate_now(submission)
files = sorted({getattr(m, "__file__", None) or "" for m in list(sys.modules.values())} - {""})
print(json.dumps({"rounds": submission.rounds_total, "files": files}))
"""


def test_a_worker_runs_only_installed_code_whatever_lies_in_the_old_kernels_folder(
    tmp_path, registry_sqlite
):
    """The service loads no module from a folder it writes to: only from the interpreter's
    installation (the virtual environment) and the project's own sources."""
    sqlite_copy(registry_sqlite, tmp_path / "db.sqlite3")
    folder = tmp_path / "kernels"
    folder.mkdir()
    marker = tmp_path / "planted-ran"
    for name in ("screen_kernels_0123456789abcdef0123", "screen_kernels"):
        (folder / f"{name}.py").write_text(PLANTED.replace("sys.argv[1]", repr(str(marker))))
        (folder / f"{name}.json").write_text("{}")
    env = {"SCREEN_KERNELS_DIR": str(folder), "SCREEN_KERNELS": "aot"}
    done = _run(tmp_path, "-c", VALIDATE_AND_LIST_MODULES, str(tmp_path / "s.jsonl"), env=env)
    found = json.loads(done.stdout.strip().splitlines()[-1])
    assert found["rounds"] > 100
    assert not marker.exists()
    installed = (sys.prefix, sys.base_prefix, str(ROOT / "audits"), str(ROOT / "games"),
                 str(ROOT / "compliance"))  # fmt: skip
    strangers = [f for f in found["files"] if not f.startswith(installed)]
    assert strangers == []
