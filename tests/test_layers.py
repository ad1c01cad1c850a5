"""Every import points down the project's floors (docs/design.md, "The map").

The floors, from the ground up; a module may import its own floor and those below, never
one above.  The Django project's wiring (settings, URLs, the Celery app) names apps by
strings, so it imports none of them.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

#: the rooms of ``audits/``, each a Django app with its models, services, API and pages
ROOMS = ("submissions", "monitoring", "investigations", "reports", "live")
DOORS = ("api", "pages")  # a room's doors: on the doors' floor, with audits/api and audits/web
#: module prefixes by floor, the ground first (the longest matching prefix decides)
FLOORS: list[tuple[str, ...]] = [
    ("compliance",),
    ("games.engine",),
    ("games",),
    ("audits.signing", "audits.validation"),
    ("audits.submissions.models", "audits.monitoring.models", "audits.investigations.models",
     "audits.reports.models", "audits.live.models"),  # each room's tables: its app's models
    ("audits.samples", "audits.par", "audits.doors"),
    ("audits.submissions.run",),  # the chunk pipeline, under the submissions it serves
    ("audits.submissions",),
    ("audits.monitoring", "audits.investigations", "audits.demo", "audits.live"),
    ("audits.reports",),
    ("audits.tasks",),
    ("audits.api", "audits.web", "audits.management", "audits.apps",
     "audits.migrations", *(f"audits.{room}.{door}" for room in ROOMS for door in DOORS)),
    ("audits",),  # the package itself, alone
]  # fmt: skip
PACKAGES = ("compliance", "games", "audits")


def _floor(module: str) -> int | None:
    best = None
    for number, prefixes in enumerate(FLOORS):
        for prefix in prefixes:
            if module == prefix or (module.startswith(prefix + ".") and prefix != "audits"):
                if best is None or len(prefix) > best[0]:
                    best = (len(prefix), number)
    return None if best is None else best[1]


def _module(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path: Path) -> list[tuple[int, str]]:
    """(line, module) of every import of the project in ``path``, late ones too."""
    module = _module(path)
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*parent, *([base] if base else [])])
            found += [(node.lineno, f"{base}.{alias.name}") for alias in node.names]
    return [(line, name) for line, name in found if name.split(".")[0] in PACKAGES]


def _sources() -> list[Path]:
    return sorted(p for package in PACKAGES for p in (ROOT / package).rglob("*.py"))


def test_every_source_module_has_a_floor():
    assert [str(p) for p in _sources() if _floor(_module(p)) is None] == []


@pytest.mark.parametrize("package", PACKAGES)
def test_no_import_points_up(package):
    up = []
    for path in _sources():
        module = _module(path)
        if not module.startswith(package):
            continue
        for line, imported in _imports(path):
            if (_floor(imported) or 0) > _floor(module):
                up.append(f"{path.relative_to(ROOT)}:{line} imports {imported}")
    assert up == []


#: rooms of one floor that never import each other: the pages and the API share services (every
#: room's API and pages included); monitoring and investigations share what is below them
#: (each other's models included)
API = ("audits.api", "audits.doors.api", *(f"audits.{room}.api" for room in ROOMS))
PAGES = ("audits.web", "audits.doors.pages", *(f"audits.{room}.pages" for room in ROOMS))
APART = [*((api, page) for api in API for page in PAGES),
         *((page, api) for api in API for page in PAGES),
         ("audits.monitoring", "audits.investigations"),
         ("audits.investigations", "audits.monitoring")]  # fmt: skip


@pytest.mark.parametrize(("room", "other"), APART)
def test_rooms_of_one_floor_stay_apart(room, other):
    crossing = [
        f"{path.relative_to(ROOT)}:{line} imports {imported}"
        for path in _sources()
        if _module(path).startswith(room)
        for line, imported in _imports(path)
        if imported.startswith(other + ".") and not imported.startswith(other + ".models")
    ]
    assert crossing == []


#: the chunk pipeline's one door: its package, never a module inside it
RUN = "audits.submissions.run"


def test_the_chunk_pipeline_is_entered_by_its_door_alone():
    through_the_wall = [
        f"{path.relative_to(ROOT)}:{line} imports {imported}"
        for path in _sources()
        if not _module(path).startswith(RUN)
        for line, imported in _imports(path)
        if imported.startswith(RUN + ".") and imported.rpartition(".")[0] != RUN
    ]
    assert through_the_wall == []


#: a queryset's methods that write
WRITES = {"create", "bulk_create", "update", "bulk_update", "delete", "get_or_create",
          "update_or_create"}  # fmt: skip


def _writes_of(path: Path, model: str) -> list[int]:
    """The lines of ``path`` where ``<model>.objects...<a write>(...)`` is called."""
    lines = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            if node.func.attr in WRITES and _manager_of(node.func.value) == model:
                lines.append(node.lineno)
    return lines


def _manager_of(node) -> str | None:
    """``X`` of a chain that starts ``X.objects``."""
    while isinstance(node, ast.Call | ast.Attribute):
        if isinstance(node, ast.Attribute) and node.attr == "objects":
            return node.value.id if isinstance(node.value, ast.Name) else None
        node = node.func if isinstance(node, ast.Call) else node.value
    return None


@pytest.mark.parametrize(("model", "room"), [("Chunk", RUN), ("Submission", "audits.submissions")])
def test_only_its_room_writes(model, room):
    """A chunk is written by the chunk pipeline alone, a submission by its own app alone (the
    live room appends through :func:`audits.submissions.run.chunk_append` and
    :mod:`audits.submissions.live_days`)."""
    written = [
        f"{path.relative_to(ROOT)}:{line}"
        for path in _sources()
        if not _module(path).startswith(room) and "migrations" not in path.parts
        for line in _writes_of(path, model)
    ]
    assert written == []
