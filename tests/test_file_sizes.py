"""No source file is over 300 lines: a longer one is split by concern into modules named for
what they hold.  Migrations, written once and never read again as code, are not counted."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FOLDERS = ("audits", "games", "compliance", "bench", "scripts")
MOST_LINES = 300


def _sources() -> list[Path]:
    return sorted(
        path
        for folder in FOLDERS
        for path in (ROOT / folder).rglob("*.py")
        if "migrations" not in path.relative_to(ROOT).parts
    )


def _lines(path: Path) -> int:
    return len(path.read_text(encoding="utf-8").splitlines())


def test_every_folder_has_sources():
    assert all(any((ROOT / folder).rglob("*.py")) for folder in FOLDERS)


def test_no_source_file_is_over_the_most_lines():
    over = [
        f"{path.relative_to(ROOT)}: {lines} lines"
        for path in _sources()
        if (lines := _lines(path)) > MOST_LINES
    ]
    assert over == []
