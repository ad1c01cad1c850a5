"""The documents cite what exists: every path a page or a module's docstring names is in the
tree, and every module a docstring names with ``:mod:`` can be found.

A path is a word of the project's folders (``audits/submissions/intake.py``,
``docs/deploy.md``, ``audits/validation/games/<game>/screen.py`` with its placeholder
taken as any folder); what a page says will be made (``var/``, a file of the demo) is
named under the folders that are made, not kept.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
TOP = ("audits", "games", "compliance", "docs", "tests", "bench", "scripts", "data",
       "templates", "static", "deploy", ".ci")  # fmt: skip
TOPS = "|".join(re.escape(t) for t in TOP)
PATH = re.compile(rf"(?<![\w./<-])((?:{TOPS})/[\w./<>*-]*[\w>*/])")
MOD = re.compile(r":mod:`~?([.\w]+)`")
PAGES = sorted([ROOT / "README.md", *(ROOT / "docs").glob("*.md")])


def _exists(cited: str) -> bool:
    cited = cited.rstrip(".")
    pattern = re.sub(r"<[^>]*>", "*", cited).rstrip("/")
    if "*" in pattern:
        return any(ROOT.glob(pattern))
    return (ROOT / pattern).exists()


def _sources() -> list[Path]:
    return sorted(p for top in ("audits", "games", "compliance", "bench", "scripts")
                  for p in (ROOT / top).rglob("*.py") if "migrations" not in p.parts)  # fmt: skip


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_every_path_a_page_cites_exists(page):
    cited = PATH.findall(page.read_text(encoding="utf-8"))
    assert [c for c in cited if not _exists(c)] == []


def test_every_path_a_docstring_cites_exists():
    missing = []
    for path in _sources():
        for text in _docstrings(path):
            missing += [f"{path.relative_to(ROOT)}: {c}" for c in PATH.findall(text)
                        if not _exists(c)]  # fmt: skip
    assert missing == []


def test_every_module_a_docstring_names_exists():
    missing = []
    for path in _sources():
        package = _package(path)
        for text in _docstrings(path):
            for name in MOD.findall(text):
                if not _module_exists(name, package):
                    missing.append(f"{path.relative_to(ROOT)}: {name}")
    assert missing == []


def _docstrings(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    nodes = [tree, *(n for n in ast.walk(tree) if isinstance(
        n, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef))]  # fmt: skip
    return [d for d in (ast.get_docstring(n) for n in nodes) if d]


def _package(path: Path) -> list[str]:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return parts[:-1]


def _module_exists(name: str, package: list[str]) -> bool:
    if name.startswith("."):
        dots = len(name) - len(name.lstrip("."))
        base = package[: len(package) - dots + 1]
        parts = [*base, *[p for p in name.lstrip(".").split(".") if p]]
    else:
        parts = name.split(".")
    if parts and parts[0] not in ("audits", "games", "compliance", "bench", "scripts"):
        return True  # another project's module (django, numba, ...)
    for cut in (len(parts), len(parts) - 1):  # a module, or a name inside one
        head = ROOT.joinpath(*parts[:cut])
        if head.with_suffix(".py").exists() or (head / "__init__.py").exists():
            return True
    return False
