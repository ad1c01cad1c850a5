"""Every test: an upload's validation runs in the request, so a test reads its result at
once (the embedded mode's thread is tested on its own, in
tests/audits/submissions/test_upload_progress.py). ``unreachable_broker`` points the Celery
app at a port where nothing listens. ``migrated_sqlite`` is a SQLite database with every
migration applied, made once a run, for the tests that run the service in a subprocess;
``registry_sqlite`` the same with the Washington and demo registry loaded (loading it
computes the blackjack family's simulated par sheets: a minute a process).  The screen's
kernels are compiled before the first test, where they are not yet (``make test`` compiles
them first), so that no test finds the screen standing aside."""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(autouse=True)
def _validation_in_the_request(settings):
    settings.EMBEDDED_VALIDATION_THREAD = False


@pytest.fixture(autouse=True)
def _registry_titles_read_anew():
    """The titles of defined side wagers a process keeps (a minute) read from each test's own
    registry: a rolled-back test saves no rule version to say they changed."""
    from games.services.defined_wagers import side_wager_titles_forget

    side_wager_titles_forget()


@pytest.fixture
def unreachable_broker():
    """The Celery app pointed at a port where nothing listens (a real failed connection)."""
    from compliance.celery import app

    saved = {k: app.conf[k] for k in ("broker_url", "task_always_eager")}
    app.conf.update(broker_url="redis://127.0.0.1:9/0", task_always_eager=False)
    app._pool = None
    try:
        yield
    finally:
        app.conf.update(saved)
        app._pool = None


@pytest.fixture(scope="session")
def migrated_sqlite(tmp_path_factory) -> Path:
    """A SQLite database with every migration applied, made once a run: a fresh one takes
    about 20 s to migrate, so each test that runs the service in a subprocess starts from a
    copy (:func:`sqlite_copy`), and its own ``migrate`` finds nothing to do."""
    path = tmp_path_factory.mktemp("migrated") / "db.sqlite3"
    if _prepared("TEST_MIGRATED_SQLITE", path):
        return path
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{path}",
           "DJANGO_SETTINGS_MODULE": "compliance.settings"}  # fmt: skip
    subprocess.run([sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"], cwd=ROOT,
                   env=env, check=True, capture_output=True, timeout=600)  # fmt: skip
    return path


def _prepared(variable: str, to: Path) -> bool:
    """The database ``make test`` made before the passes (named by ``variable``), copied to
    ``to``; False where there is none."""
    made = os.environ.get(variable)
    if not made or not Path(made).is_file():
        return False
    sqlite_copy(Path(made), to)
    return True


@pytest.fixture(scope="session")
def registry_sqlite(migrated_sqlite, tmp_path_factory) -> Path:
    """A copy of the migrated database with the Washington and demo registry loaded, made once
    a run: a subprocess's own ``load_registry`` on a copy finds nothing to change."""
    path = tmp_path_factory.mktemp("registry") / "db.sqlite3"
    if _prepared("TEST_REGISTRY_SQLITE", path):
        return path
    sqlite_copy(migrated_sqlite, path)
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{path}",
           "DJANGO_SETTINGS_MODULE": "compliance.settings"}  # fmt: skip
    subprocess.run([sys.executable, "manage.py", "load_registry", "data/registry/washington.yaml",
                    "data/registry/demo.yaml"], cwd=ROOT, env=env, check=True,
                   capture_output=True, timeout=900)  # fmt: skip
    return path


@pytest.fixture(scope="session", autouse=True)
def _kernels_compiled():
    """The screen's kernels compiled into this checkout's cache (in a process of their own)
    before the first test, where they are not there yet."""
    from audits.validation.screen.jit import KERNELS_COMPILED
    from audits.validation.screen.readiness import kernels_ready

    if KERNELS_COMPILED and not kernels_ready(look_again=True):
        subprocess.run([sys.executable, "manage.py", "compile_kernels"], cwd=ROOT, check=True,
                       capture_output=True, timeout=900)  # fmt: skip
        assert kernels_ready(look_again=True), "compile_kernels left no mark"


def sqlite_copy(migrated: Path, to: Path) -> Path:
    """A copy of the migrated database at ``to``."""
    to.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(migrated, to)
    return to
