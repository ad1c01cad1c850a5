"""Every migration imports nothing of the project: what it does is written out in its own
file, frozen as it was when it was made, so that no later change to the project's code
changes what it does to a database.  Another migration of the project is the project's code
too, and so is a module imported by name at run time."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("audits", "games", "compliance")
IMPORTERS = ("import_module", "__import__")  # functions that import a module by its name


def _migrations() -> list[Path]:
    return sorted(
        path
        for package in PACKAGES
        for path in (ROOT / package).rglob("migrations/*.py")
        if path.name != "__init__.py"
    )


def _named(node: ast.AST) -> list[str]:
    """The modules a node imports: an import statement's (a relative one's with its dots),
    or a call of :data:`IMPORTERS`' with the name written out."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    if isinstance(node, ast.ImportFrom):
        return ["." * node.level + (node.module or "")]
    if isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant):
        function = node.func
        name = function.attr if isinstance(function, ast.Attribute) else getattr(function, "id", "")
        return [str(node.args[0].value)] if name in IMPORTERS else []
    return []


def project_imports(source: str) -> list[tuple[int, str]]:
    """(line, module) of every import of the project in ``source``, late ones too; a relative
    import is always the project's."""
    found = [
        (node.lineno, name)
        for node in ast.walk(ast.parse(source))
        for name in _named(node)
        if name.startswith(".") or name.split(".")[0] in PACKAGES
    ]
    return sorted(found)


def test_every_migrations_folder_is_checked():
    folders = {path.parent.relative_to(ROOT).as_posix() for path in _migrations()}
    assert {"audits/migrations", "games/migrations", "compliance/migrations"} <= folders
    assert "audits/submissions/migrations" in folders


def test_no_migration_imports_the_project():
    found = [
        f"{path.relative_to(ROOT)}:{line} imports {name}"
        for path in _migrations()
        for line, name in project_imports(path.read_text(encoding="utf-8"))
    ]
    assert found == []


def test_late_relative_and_by_name_imports_are_seen():
    source = (
        "import importlib\n"
        "from django.db import migrations\n"
        "from . import other\n"
        "def forwards(apps, editor):\n"
        "    from audits.submissions.round_keys import RoundsRead\n"
        "    import games.engine\n"
        "    importlib.import_module('compliance.migrations.0001_cache_table')\n"
    )
    assert project_imports(source) == [
        (3, "."),
        (5, "audits.submissions.round_keys"),
        (6, "games.engine"),
        (7, "compliance.migrations.0001_cache_table"),
    ]
