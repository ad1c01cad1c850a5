"""The engine's sheets a registry load has not kept, computed by PARSHEET_PROCESSES processes
at once (games/services/par_sheets.py): the same sheets as one process computes, in the order
asked; read from the folder when kept there; in one process where processes cannot be
started (a Celery worker's pool)."""

from __future__ import annotations

import json
from concurrent.futures import ProcessPoolExecutor
from types import SimpleNamespace

import pytest

from games.services import par_sheets

MAIN = [("toss-one-21", decks, json.dumps({"blackjack_pays": pays}), "{}", "main")
        for decks in (1, 6) for pays in ("3:2", "6:5")]  # fmt: skip


@pytest.fixture
def fresh(settings, monkeypatch, tmp_path):
    """No sheet kept by the process; the folder empty."""
    monkeypatch.setattr(par_sheets, "_SHEETS", {})
    settings.PARSHEET_CACHE_DIR = str(tmp_path / "sheets")
    return settings


@pytest.fixture
def pools(monkeypatch):
    """The process pools started, by their number of processes."""
    started = []

    class Recorded(ProcessPoolExecutor):
        def __init__(self, max_workers, **kwargs):
            started.append(max_workers)
            super().__init__(max_workers, **kwargs)

    monkeypatch.setattr(par_sheets, "ProcessPoolExecutor", Recorded)
    return started


def test_two_processes_compute_the_sheets_one_process_computes_in_the_order_asked(fresh, pools):
    fresh.PARSHEET_PROCESSES = 2
    asked = [MAIN[3], MAIN[0], MAIN[2], MAIN[1], MAIN[0]]
    sheets = par_sheets._sheets(asked)
    assert pools == [2]
    alone = {key: par_sheets._computed(*key) for key in MAIN}
    assert sheets == [alone[key] for key in asked]
    assert len({sheet["wagers"]["main"]["house_edge"] for sheet in sheets}) == 4


def test_sheets_kept_in_the_folder_are_read_and_not_computed(fresh, pools, monkeypatch):
    fresh.PARSHEET_PROCESSES = 2
    first = par_sheets._sheets(MAIN[:2])
    monkeypatch.setattr(par_sheets, "_SHEETS", {})  # a process of its own: only the folder

    def never(*key):
        raise AssertionError(f"computed again: {key}")

    monkeypatch.setattr(par_sheets, "_computed", never)
    assert par_sheets._sheets(MAIN[:2]) == first
    assert pools == [2]  # the first call's pool only


def test_a_worker_pool_process_computes_in_its_own(fresh, pools, monkeypatch):
    fresh.PARSHEET_PROCESSES = 2
    monkeypatch.setattr(
        par_sheets.multiprocessing, "current_process", lambda: SimpleNamespace(daemon=True)
    )
    sheets = par_sheets._sheets(MAIN[:2])
    assert pools == []
    assert sheets == [par_sheets._computed(*key) for key in MAIN[:2]]


def test_one_process_by_default(fresh, pools):
    assert fresh.PARSHEET_PROCESSES == 1
    par_sheets._sheets(MAIN[:2])
    assert pools == []
