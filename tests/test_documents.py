"""The documents cite what exists: every path a page or a module's docstring names is in the
tree, and every name a docstring cites with a role (``:mod:``, ``:func:``, ``:class:``,
``:data:``, ``:meth:``, ``:attr:``, ``:exc:``) is defined where it says
(:mod:`tests.documents_support`), and every ``:setting:`` is a setting.

A path is a word of the project's folders (``audits/submissions/intake.py``,
``docs/deploy.md``); a placeholder in it (``audits/validation/games/<game>/screen.py``, or
``*`` for a whole folder's name) stands for every folder there, so the path must hold for
each of them (``<room>`` for each room: each app of ``audits/``), and a ``*`` inside a
file's name for at least one file.  A module's path may leave out its ``.py``.  What a page
says will be made (``var/``, a file of the demo) is named under the folders that are made,
not kept.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.conf import global_settings

from tests.documents_support import PROJECT, Module, bindings, module_tree, target_defined

ROOT = Path(__file__).resolve().parents[1]
TOP = ("audits", "games", "compliance", "docs", "tests", "bench", "scripts", "data",
       "templates", "static", "deploy", ".ci")  # fmt: skip
TOPS = "|".join(re.escape(t) for t in TOP)
PATH = re.compile(rf"(?<![\w./<-])((?:{TOPS})/[\w./<>*-]*[\w>*/])")
ROLE = re.compile(r":(mod|func|class|data|meth|attr|exc|setting):`([~.\w]+)`")
SETTINGS = ("compliance", "settings")
SKIPPED = ("__pycache__",)  # folders no placeholder stands for
DOCUMENTED = ast.Module | ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef
PAGES = sorted([ROOT / "README.md", *(ROOT / "docs").glob("*.md")])


def _exists(cited: str) -> bool:
    """Whether the path holds for every folder each of its placeholders stands for."""
    parts = cited.rstrip(".").rstrip("/").split("/")
    return all(_found(path) for path in _expanded(ROOT, parts))


def _expanded(base: Path, parts: list[str]) -> Iterator[str]:
    """The path once for each folder its placeholders stand for (``*`` inside a name kept)."""
    if not parts:
        yield str(base)
        return
    head, rest = parts[0], parts[1:]
    if not (head == "*" or re.fullmatch(r"<[^>]*>", head)):
        yield from _expanded(base / head, rest)
        return
    folders = [f for f in sorted(base.glob("*/")) if f.name not in SKIPPED]
    if head == "<room>":
        folders = [f for f in folders if (f / "apps.py").is_file()]
    if not folders:
        yield str(base / head)  # nothing it stands for: not found
    for folder in folders:
        yield from _expanded(folder, rest)


def _found(path: str) -> bool:
    pattern = re.sub(r"<[^>]*>", "*", str(Path(path).relative_to(ROOT)))
    if "*" in pattern:
        return any(ROOT.glob(pattern))
    return (ROOT / pattern).exists() or (ROOT / f"{pattern}.py").is_file()


def _sources() -> list[Path]:
    return sorted(p for top in PROJECT for p in (ROOT / top).rglob("*.py")
                  if "migrations" not in p.parts)  # fmt: skip


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_every_path_a_page_cites_exists(page):
    cited = PATH.findall(page.read_text(encoding="utf-8"))
    assert [c for c in cited if not _exists(c)] == []


def test_every_path_a_docstring_cites_exists():
    missing = []
    for path in _sources():
        for text, _ in _docstrings(path):
            missing += [f"{path.relative_to(ROOT)}: {c}" for c in PATH.findall(text)
                        if not _exists(c)]  # fmt: skip
    assert missing == []


def test_every_name_a_docstring_cites_is_defined():
    missing = [
        f"{path.relative_to(ROOT)}: :{role}:`{target}`"
        for path in _sources()
        for text, cls in _docstrings(path)
        for role, target in ROLE.findall(text)
        if not _cited_defined(role, target, _module(path), cls)
    ]
    assert missing == []


def _cited_defined(role: str, target: str, module: Module, cls: ast.ClassDef | None) -> bool:
    if role == "setting":
        return _is_setting(target)
    return target_defined(target, module, cls)


def _docstrings(path: Path) -> list[tuple[str, ast.ClassDef | None]]:
    """Each docstring of the module, its classes and functions, with the class it is
    written in (its own, or its method's)."""
    found = []

    def visit(node: ast.AST, cls: ast.ClassDef | None) -> None:
        cls = node if isinstance(node, ast.ClassDef) else cls
        docstring = ast.get_docstring(node) if isinstance(node, DOCUMENTED) else None
        if docstring:
            found.append((docstring, cls))
        for child in ast.iter_child_nodes(node):
            visit(child, cls)

    visit(ast.parse(path.read_text(encoding="utf-8")), None)
    return found


def _module(path: Path) -> Module:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return parts[:-1] if parts[-1] == "__init__" else parts


def _is_setting(name: str) -> bool:
    """A setting of the project (named by :mod:`compliance.settings`) or a default of
    Django's."""
    return name in bindings(module_tree(SETTINGS).body) or hasattr(global_settings, name)


def test_a_cited_name_is_checked_where_it_is_said_to_be():
    here = ("audits", "reports", "figures_findings")
    assert target_defined("APPENDIX_MAX", here, None)
    assert not target_defined("APPENDIX_MAXIMUM", here, None)
    assert target_defined("audits.reports.figures_findings.finding_lists", (), None)
    assert not target_defined("audits.reports.figures.finding_list", (), None)
    assert target_defined("~.figures_summary.venue_rows", here, None)
    assert target_defined("audits.validation.round_ids.IdBytes.take", (), None)
    assert not target_defined("audits.validation.round_ids.IdBytes.give", (), None)
    assert target_defined("django.db.models.Model", here, None)
    assert _is_setting("AUDITS_SCREEN") and _is_setting("DATA_UPLOAD_MAX_MEMORY_SIZE")
    assert not _is_setting("AUDITS_SCREENS")


def test_a_placeholder_holds_for_every_folder_it_stands_for():
    assert _exists("audits/<room>/apps.py") and _exists("audits/<room>/models")  # or models/
    assert not _exists("audits/*/apps.py") and not _exists("audits/<folder>/apps.py")
    assert _exists("audits/validation/games/<game>/screen.py")
    assert _exists("tests/audits/submissions/test_fast_path*.py")  # at least one file
