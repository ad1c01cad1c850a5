"""No migration imports code of the project that may change: what it does is written out in
its own file or in a frozen module it imports by name, so that no later change to the
project's code changes what it does to a database.  Migrations that landed importing a
module keep importing it (a landed migration is never edited): those modules are frozen for
them (:data:`FROZEN`) and import nothing of the project but the round keys, whose values
``tests/audits/migrations/test_frozen_round_keys.py`` pins.  Another migration of the
project is the project's code too, and so is a module imported by name at run time."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("audits", "games", "compliance")
IMPORTERS = ("import_module", "__import__")  # functions that import a module by its name
#: the modules landed migrations import, frozen for them (each says so)
FROZEN = {
    "compliance.content_types": ROOT / "compliance/content_types.py",
    "audits.submissions.round_keys": ROOT / "audits/submissions/round_keys.py",
    "audits.submissions.tally": ROOT / "audits/submissions/tally.py",
}
#: what 0013 and the frozen round keys import: the keys every stored row holds, pinned
PINNED = {"audits.validation.round_ids"}


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


def test_no_migration_imports_the_project_but_what_is_frozen_for_it():
    found = [
        f"{path.relative_to(ROOT)}:{line} imports {name}"
        for path in _migrations()
        for line, name in project_imports(path.read_text(encoding="utf-8"))
        if name not in FROZEN.keys() | PINNED
    ]
    assert found == []


def test_the_frozen_modules_say_so_and_import_only_the_pinned_keys():
    for name, path in FROZEN.items():
        source = path.read_text(encoding="utf-8")
        assert "Frozen" in source.split('"""')[1], f"{name} does not say it is frozen"
        assert {module for _, module in project_imports(source)} <= PINNED, name


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
