"""A worker made ready when it starts (audits/submissions/run/warm.py): in a process of its
own, on the kernels ``make test`` compiled, :func:`worker_warm` loads every kernel a
validation of every game calls, reads the registry's defined side wagers and builds the
engines of the rule versions venues deal (teaching the blackjack family's their commonest
questions), so that the validation after it loads, compiles and builds nothing; where the
kernels are not compiled it compiles nothing either; and Celery's worker start calls it
(compliance/celery.py)."""

from __future__ import annotations

import json

import pytest

from tests.audits.submissions.test_kernels import _run
from tests.conftest import sqlite_copy

#: prints what worker_warm did, and what a validation of a sample of every game after it
#: loaded from the cache (kernels' new signatures) or asked numba to compile
SCRIPT = """
import json, sys
from datetime import date
import django
from audits.validation.screen import llvm_pages

real_release, releases = llvm_pages.llvm_pages_release, []
def release_recorded():  # how many kernel signatures were loaded at each letting go
    from audits.validation.screen.jit import KERNELS
    releases.append(sum(len(k.signatures) for k in KERNELS.values()))
    return real_release()
llvm_pages.llvm_pages_release = release_recorded
django.setup()
from numba.core import event
from audits.submissions.run import worker_warm
from audits.validation.screen.jit import KERNELS

asked = []
class Asked(event.Listener):
    def on_start(self, ev):
        asked.append(ev.data["dispatcher"].py_func.__qualname__)
    def on_end(self, ev):
        pass
event.register("numba:compile", Asked())

def signatures():
    return {name: {str(s) for s in k.signatures} for name, k in KERNELS.items()}

took = worker_warm()
before = signatures()
from games.engine.defined import evaluate
definitions_before = evaluate._outcomes_by_hand.cache_info().currsize
from audits.submissions.run import rules_context
engines_before = set(rules_context._ENGINES)
result = {"took": took, "asked_by_warm": list(asked), "releases": releases}
if sys.argv[2] == "validate":
    from audits.demo.sample_month import sample_month_generate, sample_venue_get
    from audits.submissions.storage import submission_store
    from audits.submissions.submissions import submission_validate_now
    from games.models import Licensee
    venue = sample_venue_get("WA-CR-0042", date(2026, 10, 1))
    sample_month_generate(sys.argv[1], venue, start=date(2026, 10, 1), days=1, rounds=300,
                          seats=5, fault_rate=0.05)
    with open(sys.argv[1], "rb") as stream:
        submission, _ = submission_store(stream, original_name="sample.jsonl",
                                         licensee=Licensee.objects.get(license_number="DEMO-0001"))
    submission = submission_validate_now(submission)
    after = signatures()
    result.update({
        "rounds": submission.rounds_total,
        "games": sorted(g.game for g in venue.games),
        "new": {k: sorted(v - before.get(k, set())) for k, v in after.items()
                if v - before.get(k, set())},
        "asked": asked[len(result["asked_by_warm"]):],
        "definitions_built_after": evaluate._outcomes_by_hand.cache_info().currsize
                                   - definitions_before,
        "engines_built_after": len(set(rules_context._ENGINES) - engines_before),
    })
print(json.dumps(result))
"""


def _warmed(tmp_path, registry_sqlite, then: str, env: dict | None = None) -> dict:
    sqlite_copy(registry_sqlite, tmp_path / "db.sqlite3")
    done = _run(tmp_path, "-c", SCRIPT, str(tmp_path / "sample.jsonl"), then, env=env)
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_after_the_workers_start_a_validation_of_every_game_loads_and_compiles_nothing(
    tmp_path, registry_sqlite
):
    found = _warmed(tmp_path, registry_sqlite, "validate")
    assert found["games"] == ["ante-up-21", "blackjack-tie-bonus", "toss-one-21"]
    assert found["rounds"] > 500
    assert found["took"]["kernels loaded"] >= 10  # those a chunk calls (they call the rest)
    assert found["took"]["definitions read"] >= 1  # the demo registry defines side wagers
    assert found["took"]["llvm MB released"] > 1  # and validates after it (below)
    assert found["asked_by_warm"] == [], "the worker's start compiled a kernel"
    assert found["new"] == {}, "the validation loaded what the worker's start did not"
    assert found["asked"] == []
    assert found["definitions_built_after"] == 0, "a definition's hands decided again"
    assert found["took"]["engines built"] >= 3  # every game's rule version a venue deals
    assert found["took"]["hands taught"] > 80_000  # both family games' engines taught
    assert found["engines_built_after"] == 0, "the validation built an engine"


def test_the_workers_start_lets_llvms_pages_go_around_its_peaks(tmp_path, registry_sqlite):
    """numba's import, then the first kernel's load, each fault in some 70 to 90 MB of
    LLVM's code: each is let go at once (after the import; before the first load and after
    it), so that the worker's peak is the larger of the two, not their sum (245 -> 210 MB on
    the machine of docs/performance.md); and once more when every kernel is loaded."""
    found = _warmed(tmp_path, registry_sqlite, "stop")
    loaded = found["took"]["kernels loaded"]
    assert loaded >= 10
    assert found["releases"] == [0, 0, 1, loaded]


def test_without_compiled_kernels_the_workers_start_compiles_nothing(tmp_path, registry_sqlite):
    env = {"NUMBA_CACHE_DIR": str(tmp_path / "empty"), "AUDITS_KERNELS_COMPILE_APART": "false"}
    found = _warmed(tmp_path, registry_sqlite, "stop", env=env)
    assert found["took"]["kernels loaded"] == 0
    assert found["took"]["hands taught"] == 0  # the teaching runs kernels: none to run
    assert found["asked_by_warm"] == []
    assert found["took"]["definitions read"] >= 1  # the side wagers are read all the same


def test_celerys_worker_start_calls_the_setting(settings, monkeypatch):
    from celery.signals import worker_init

    from compliance import celery

    called = []
    monkeypatch.setattr(celery, "import_string", lambda name: lambda: called.append(name))
    assert celery._warm_worker in [ref() for _, ref in worker_init.receivers]
    celery._warm_worker(sender=None)
    assert called == ["audits.submissions.run.worker_warm"]
    settings.AUDITS_WORKER_WARM = ""
    celery._warm_worker(sender=None)
    assert called == ["audits.submissions.run.worker_warm"]


@pytest.mark.django_db
def test_a_database_that_cannot_be_read_leaves_the_side_wagers_to_the_first_chunk(
    monkeypatch, caplog
):
    from django.db import OperationalError

    from audits.submissions.run import warm

    def unreachable():
        raise OperationalError("connection refused")

    monkeypatch.setattr(warm, "defined_wagers_read", unreachable)
    monkeypatch.setattr(warm, "screen_on", lambda: False)
    took = warm.worker_warm()
    assert (took["definitions read"], took["kernels loaded"]) == (0, 0)
    assert "not read (connection refused)" in caplog.text
