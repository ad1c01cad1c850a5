"""The screen's kernels ahead of time (audits/validation/screen/ahead.py).

A function of the ahead-of-time module trusts its arguments' types, so each call is checked
first; one that matches no build goes to numba.  End to end, in processes of their own: the
module is built, and a sample month of every game validated with it and just in time gives
the same findings, totals, clean rounds and the same rounds sent to the exact path, and the
process using it never imports numba or LLVM.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from audits.validation.screen import ahead
from audits.validation.screen.ahead import AheadOfTime, JustInTime, arguments_checker, checker

ROOT = Path(__file__).resolve().parents[4]
I8 = ["array", "<i8", 1, "C", False]
#: numba's pycc compiles its module's C parts and links it: without a compiler the kernels
#: stay just in time (manage.py compile_kernels says so) and there is nothing to compare
needs_a_compiler = pytest.mark.skipif(
    not (shutil.which("cc") or shutil.which("gcc")), reason="no C compiler to build the module"
)


@pytest.mark.parametrize(
    ("value", "ok"),
    [
        (np.zeros(3, np.int64), True),
        (np.zeros(3, np.int32), False),  # another dtype: read past its end if let through
        (np.zeros((3, 1), np.int64), False),  # another number of dimensions
        (np.zeros(6, np.int64)[::2], False),  # not contiguous where built for contiguous
        (np.frombuffer(bytes(24), np.int64), False),  # read-only where the kernel writes
        (np.frombuffer(bytes(25), np.int64, 3, 1), False),  # not aligned
        ([0, 0, 0], False),
        (3, False),
    ],
)
def test_an_array_is_checked_for_dtype_dimensions_layout_writability_and_alignment(value, ok):
    assert checker(I8)(value) is ok


def test_read_only_and_any_layout_arrays_accept_what_they_can_read():
    assert checker(["array", "|u1", 1, "C", True])(np.frombuffer(b"abc", np.uint8))
    assert checker(["array", "|u1", 1, "C", True])(np.zeros(3, np.uint8))
    assert checker(["array", "<i8", 1, "A", False])(np.zeros(6, np.int64)[::2])


def test_scalars_are_checked_for_kind_and_range():
    int64, uint8, boolean = (
        checker(["int", 64, True]),
        checker(["int", 8, False]),
        checker(["bool"]),
    )
    assert int64(5) and int64(np.int64(-5)) and not int64(1 << 63) and not int64(2.0)
    assert not int64(True)  # a bool is not the int it was built for
    assert uint8(255) and not uint8(256) and not uint8(-1)
    assert boolean(True) and boolean(np.bool_(False)) and not boolean(1)


def test_tuples_are_checked_item_by_item_and_calls_by_their_arity():
    pair = checker(["tuple", [I8, ["int", 64, True]]])
    assert pair((np.zeros(1, np.int64), 3)) and not pair((np.zeros(1, np.int32), 3))
    assert not pair((np.zeros(1, np.int64),)) and not pair([np.zeros(1, np.int64), 3])
    call = arguments_checker([I8, ["bool"]])
    assert call((np.zeros(2, np.int64), True)) and not call((np.zeros(2, np.int64),))


def _double(x):
    return 2 * x


_twice = JustInTime(_double)


def _sum_doubled(values):  # calls another kernel, as the screen's kernels do
    total = 0
    for v in values:
        total += _twice(v)
    return total


def test_a_call_no_build_matches_goes_to_numba_with_the_kernels_it_calls():
    built_calls = []

    def built(values):  # stands for the module's function, built for int64 arrays
        built_calls.append(values)
        return -1

    kernel = AheadOfTime(_sum_doubled, [(arguments_checker([I8]), built)])
    assert kernel(np.arange(4, dtype=np.int64)) == -1 and len(built_calls) == 1
    assert kernel(np.arange(4, dtype=np.int32)) == 12  # numba, just in time
    assert kernel(np.arange(3, dtype=np.int64)[::-1]) == 6  # not contiguous: numba
    assert len(built_calls) == 1


#: run in a subprocess: a fresh SQLite registry, a sample month of every game (faults
#: included) validated; prints what it found and how the kernels were compiled
SCRIPT = """
import json, sys
from datetime import date
import django
django.setup()
from django.core.management import call_command
call_command("migrate", verbosity=0)
call_command("load_registry", "data/registry/washington.yaml", "data/registry/demo.yaml",
             verbosity=0)
from audits.models import ChunkTotal, Finding
from audits.services import chunk_run
from audits.services.sample_month import sample_month_generate, sample_venue_get
from audits.services.storage import submission_store
from audits.services.submissions import submission_validate_now
from audits.validation.screen import ahead
from games.models import Licensee

exact = []
judged = chunk_run.ChunkRun._exact
chunk_run.ChunkRun._exact = lambda run, number, raw, gate: (exact.append(number),
                                                            judged(run, number, raw, gate))
venue = sample_venue_get("WA-CR-0042", date(2026, 10, 1))
sample_month_generate(sys.argv[1], venue, start=date(2026, 10, 1), days=2, rounds=400,
                      seats=5, fault_rate=0.05)
with open(sys.argv[1], "rb") as stream:
    submission, _ = submission_store(stream, original_name="sample.jsonl",
                                     licensee=Licensee.objects.get(license_number="DEMO-0001"))
submission = submission_validate_now(submission)
findings = sorted(Finding.objects.filter(submission=submission).values_list(
    "line", "code", "seat", "wager_key", "expected", "recorded"), key=str)
totals = sorted(ChunkTotal.objects.filter(chunk__submission=submission).values_list(
    "venue", "table", "game", "wager_key", "rounds", "wagers", "wagered", "net_result",
    "paid_out"), key=str)
print(json.dumps({"rounds": submission.rounds_total, "clean": submission.clean_rounds,
                  "findings": [list(map(str, f)) for f in findings],
                  "totals": [list(map(str, t)) for t in totals], "exact": sorted(exact),
                  "ahead": ahead.KERNELS.ahead, "numba": "numba" in sys.modules,
                  "llvmlite": "llvmlite" in sys.modules}))
"""


def _run(tmp_path: Path, kernels: str, *args: str) -> subprocess.CompletedProcess:
    work = tmp_path / kernels
    work.mkdir(exist_ok=True)
    env = {**os.environ, "SCREEN_KERNELS": kernels, "SCREEN_KERNELS_DIR": str(tmp_path / "aot"),
           "DATABASE_URL": f"sqlite:///{work / 'db.sqlite3'}", "MEDIA_ROOT": str(work / "media"),
           "DJANGO_SETTINGS_MODULE": "compliance.settings"}  # fmt: skip
    return subprocess.run([sys.executable, *args], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=900, check=True)  # fmt: skip


def _validated(tmp_path: Path, kernels: str) -> dict:
    done = _run(tmp_path, kernels, "-c", SCRIPT, str(tmp_path / "sample.jsonl"))
    return json.loads(done.stdout.strip().splitlines()[-1])


@needs_a_compiler
def test_validation_ahead_of_time_finds_what_it_finds_just_in_time_without_numba(tmp_path):
    with pytest.raises(subprocess.CalledProcessError) as refused:  # nothing built there yet
        _validated(tmp_path, "aot")
    assert "KernelsNotBuilt" in refused.value.stderr
    built = _run(tmp_path, "auto", "manage.py", "compile_kernels")
    assert "ahead of time: " in built.stdout
    assert len(list((tmp_path / "aot").glob("screen_kernels_*.json"))) == 1
    aot, jit = _validated(tmp_path, "aot"), _validated(tmp_path, "jit")
    assert (aot["ahead"], aot["numba"], aot["llvmlite"]) == (True, False, False)
    assert (jit["ahead"], jit["numba"]) == (False, True)
    assert aot["rounds"] > 1000 and 0 < len(aot["exact"]) < aot["rounds"] / 4
    for part in ("rounds", "clean", "findings", "totals", "exact"):
        assert aot[part] == jit[part], part


def test_a_changed_source_is_not_run_by_a_module_built_from_the_old_one(monkeypatch, tmp_path):
    monkeypatch.setattr(ahead, "SOURCES", (tmp_path,))
    (tmp_path / "kernel.py").write_text("x = 1\n")
    before = ahead.fingerprint()
    (tmp_path / "kernel.py").write_text("x = 2\n")
    assert ahead.fingerprint() != before
    monkeypatch.setenv("SCREEN_KERNELS_DIR", str(tmp_path / "none"))
    assert ahead._load("auto") == (None, {})
    with pytest.raises(ahead.KernelsNotBuilt):
        ahead._load("aot")


def test_a_damaged_module_is_not_loaded(monkeypatch, tmp_path):
    monkeypatch.setenv("SCREEN_KERNELS_DIR", str(tmp_path))
    library, types_file = ahead.module_files(ahead.module_name())
    library.write_bytes(b"not a shared object")
    types_file.write_text("{}")
    assert ahead._load("auto") == (None, {})  # numba instead, with a warning
    with pytest.raises(ahead.KernelsNotBuilt, match="do not load"):
        ahead._load("aot")
