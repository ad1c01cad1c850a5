"""The rules engine is pure Python: it imports no Django, Celery or DRF."""

import ast
import pkgutil
import subprocess
import sys
from pathlib import Path

import games.engine

FRAMEWORKS = ("django", "celery", "rest_framework", "kombu")
ENGINE_DIR = Path(games.engine.__file__).parent


def engine_modules() -> list[str]:
    return [f"games.engine.{m.name}" for m in pkgutil.iter_modules([str(ENGINE_DIR)])]


def test_engine_has_modules_to_check():
    assert "games.engine.toss_one" in engine_modules()


def test_no_engine_source_file_imports_a_framework():
    for path in ENGINE_DIR.rglob("*.py"):
        tree = ast.parse(path.read_text(), filename=str(path))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                names = [node.module or ""]
            for name in names:
                assert name.split(".")[0] not in FRAMEWORKS, f"{path.name} imports {name}"


def test_importing_the_whole_engine_loads_no_framework():
    """In a fresh interpreter (``games/__init__`` included), nothing pulls a framework in."""
    code = (
        "import importlib, sys\n"
        f"for name in {engine_modules()!r}: importlib.import_module(name)\n"
        f"print(sorted(m for m in sys.modules if m.split('.')[0] in {FRAMEWORKS!r}))\n"
    )
    root = ENGINE_DIR.parent.parent
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=root, capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == "[]"
