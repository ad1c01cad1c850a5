"""The engine's par sheets kept on disk between processes (games/services/sheet_cache.py): read
back as kept, never read when the file is damaged or the engine's sources change, and never
kept when the setting is empty."""

from __future__ import annotations

import pytest

from games.services import sheet_cache
from games.services.sheet_cache import sheet_keep, sheet_read


@pytest.fixture
def folder(settings, tmp_path):
    settings.PARSHEET_CACHE_DIR = str(tmp_path / "sheets")
    sheet_cache._engine_fingerprint.cache_clear()
    yield tmp_path / "sheets"
    sheet_cache._engine_fingerprint.cache_clear()


def test_a_sheet_is_read_back_as_it_was_kept_and_only_for_its_inputs(folder):
    sheet = {"wagers": {"main": {"house_edge": 0.0123456789012345, "n": [1, 2]}}}
    assert sheet_read("game", "6", "{}") is None
    sheet_keep(sheet, "game", "6", "{}")
    assert sheet_read("game", "6", "{}") == sheet
    assert sheet_read("game", "8", "{}") is None  # other inputs: another sheet
    assert sheet_read("game", "6{}") is None  # the inputs are kept apart, not run together


def test_a_damaged_file_is_not_read(folder):
    sheet_keep({"a": 1}, "x")
    (kept,) = folder.rglob("*.json")
    kept.write_text('{"a": ')  # cut short
    assert sheet_read("x") is None
    sheet_keep({"a": 1}, "x")
    assert sheet_read("x") == {"a": 1}


def test_a_changed_engine_is_never_answered_by_its_old_sheets(folder, monkeypatch):
    sheet_keep({"old": 1}, "x")
    sheet_cache._engine_fingerprint.cache_clear()
    monkeypatch.setattr(sheet_cache, "sources_fingerprint", lambda root, sources: "changed")
    assert sheet_read("x") is None
    sheet_keep({"new": 2}, "x")
    assert sheet_read("x") == {"new": 2}
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
    sheet_keep({"a": 1}, "x")
    assert sheet_read("x") is None
    assert not any(tmp_path.iterdir())
