"""The engine's par sheets kept on disk between processes (games/services/sheet_cache.py): read
back as computed, computed again when the file is damaged or the engine's sources change,
and never kept when the setting is empty."""

from __future__ import annotations

import json

import pytest

from games.services import sheet_cache
from games.services.sheet_cache import sheet_kept


@pytest.fixture
def folder(settings, tmp_path):
    settings.PARSHEET_CACHE_DIR = str(tmp_path / "sheets")
    sheet_cache._engine_fingerprint.cache_clear()
    yield tmp_path / "sheets"
    sheet_cache._engine_fingerprint.cache_clear()


def _counted(calls: list, value: dict):
    def compute():
        calls.append(1)
        return value

    return compute


def test_a_sheet_is_computed_once_and_read_back_as_it_was(folder):
    calls, sheet = [], {"wagers": {"main": {"house_edge": 0.0123456789012345, "n": [1, 2]}}}
    assert sheet_kept(_counted(calls, sheet), "game", "6", "{}") == sheet
    assert sheet_kept(_counted(calls, {"other": 1}), "game", "6", "{}") == sheet
    assert len(calls) == 1
    assert sheet_kept(_counted(calls, {"eight": 8}), "game", "8", "{}") == {"eight": 8}
    assert len(calls) == 2  # other inputs: another sheet


def test_a_damaged_file_is_computed_again(folder):
    calls = []
    sheet_kept(_counted(calls, {"a": 1}), "x")
    (kept,) = folder.rglob("*.json")
    kept.write_text('{"a": ')  # cut short
    assert sheet_kept(_counted(calls, {"a": 1}), "x") == {"a": 1}
    assert len(calls) == 2 and json.loads(kept.read_text()) == {"a": 1}


def test_a_changed_engine_is_never_answered_by_its_old_sheets(folder, monkeypatch):
    calls = []
    sheet_kept(_counted(calls, {"old": 1}), "x")
    sheet_cache._engine_fingerprint.cache_clear()
    monkeypatch.setattr(sheet_cache, "sources_fingerprint", lambda root, sources: "changed")
    assert sheet_kept(_counted(calls, {"new": 2}), "x") == {"new": 2}
    assert len(calls) == 2
    assert "changed" in {p.name for p in folder.iterdir()}


def test_the_fingerprint_is_of_the_engines_sources(settings):
    from pathlib import Path

    from compliance.fingerprints import sources_fingerprint

    sheet_cache._engine_fingerprint.cache_clear()
    assert sheet_cache._engine_fingerprint() == sources_fingerprint(
        Path(settings.BASE_DIR), ("games/engine",)
    )


def test_with_no_folder_nothing_is_kept(settings, tmp_path):
    settings.PARSHEET_CACHE_DIR = ""
    calls = []
    sheet_kept(_counted(calls, {"a": 1}), "x")
    sheet_kept(_counted(calls, {"a": 1}), "x")
    assert len(calls) == 2
