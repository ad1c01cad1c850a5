"""Root conftest: marks the repository root as pytest's rootdir.

pytest-django reads DJANGO_SETTINGS_MODULE from pyproject.toml.  Here: every test starts
with an empty cache, live receipts are signed with a key made for the run, and after the run
the terminal summary says what the tests waited for (``tests/waiting.py``) and which
processes they left running (stopped here, so that none outlives the run and holds CI's
output open). Property tests (hypothesis) are deterministic unless
``HYPOTHESIS_PROFILE=random``.

Which tests a pass runs (``scripts/test.sh``): ``--database-tests-only`` keeps the tests that
use the database (the others touch no database). ``--database-buckets=A-B`` keeps, of the
tests that use the database, those whose bucket (the CRC-32 of the test function's id, modulo
:data:`BUCKETS`) is from A to B, so that ``make test``'s two passes share them, each test on
one database; a test that needs PostgreSQL itself (a ``postgres`` mark, or a ``postgres`` or
``database_url`` fixture) is kept by the pass on PostgreSQL and by no other, and a test marked
``both_databases`` (what has differed between the two: a NUL, the calendar's ends) by both.
"""

from __future__ import annotations

import os
import signal
import zlib
from pathlib import Path

import pytest
from hypothesis import settings as hypothesis_settings

WAITS_SHOWN = 25

# Every property test is deterministic: the same code gives the same examples and the same
# verdict (no example database carried between runs). HYPOTHESIS_PROFILE=random explores.
hypothesis_settings.register_profile("deterministic", derandomize=True, database=None)
hypothesis_settings.register_profile("random", derandomize=False)
hypothesis_settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE") or "deterministic")


@pytest.fixture(scope="session", autouse=True)
def _receipt_key(tmp_path_factory):
    """Live receipts are signed with a key of the run's own (never the one in var/), in the
    tests and in the processes they start (which read it from the environment)."""
    from django.conf import settings

    from audits.live.receipt_keys import receipt_key_create

    path = tmp_path_factory.mktemp("receipt-key") / "receipts-ed25519.pem"
    receipt_key_create(path)
    saved = settings.LIVE_RECEIPT_KEY, os.environ.get("LIVE_RECEIPT_KEY")
    settings.LIVE_RECEIPT_KEY = os.environ["LIVE_RECEIPT_KEY"] = str(path)
    yield path
    settings.LIVE_RECEIPT_KEY = saved[0]
    if saved[1] is None:
        os.environ.pop("LIVE_RECEIPT_KEY", None)
    else:
        os.environ["LIVE_RECEIPT_KEY"] = saved[1]


@pytest.fixture(autouse=True)
def _quick_password_hashes(settings):
    """Passwords hashed with MD5 in the tests' own process, as Django's documentation
    advises for tests: the production hasher (PBKDF2, a million iterations) costs 0.25 s a
    password, and tests set and check hundreds. The processes the tests start (gunicorn,
    workers, ``runserver``) hash with the production settings."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def _fresh_cache():
    """Each test starts with an empty cache: the API's rate-limit counters live there, and
    users of different tests share ids (the database is rolled back, the cache is not)."""
    from django.core.cache import cache

    cache.clear()
    yield


DATABASE_FIXTURES = {
    "db",
    "transactional_db",
    "live_server",
    "django_db_reset_sequences",
    "django_db_serialized_rollback",
}


#: the buckets ``--database-buckets`` shares the database tests among
BUCKETS = 10
#: fixtures that skip a test unless the database is PostgreSQL
POSTGRES_FIXTURES = {"postgres", "database_url"}


def pytest_addoption(parser):
    parser.addoption(
        "--database-tests-only",
        action="store_true",
        help="run only the tests that use the database (pytest-django's own test of it)",
    )
    parser.addoption(
        "--database-buckets",
        default="",
        help=f"A-B: of the database tests, run those in buckets A to B (of {BUCKETS})",
    )


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config, items):
    only_database = config.getoption("--database-tests-only")
    buckets = _bucket_range(config.getoption("--database-buckets"))
    if not only_database and buckets is None:
        return
    on_postgres = os.environ.get("DATABASE_URL", "").startswith("postgres")
    kept, dropped = [], []
    for item in items:
        keep = True
        if not _uses_database(item):
            keep = not only_database
        elif buckets is not None and not item.get_closest_marker("both_databases"):
            keep = on_postgres if _needs_postgres(item) else _bucket(item) in buckets
        (kept if keep else dropped).append(item)
    if dropped:
        config.hook.pytest_deselected(items=dropped)
        items[:] = kept


def _bucket_range(text: str) -> range | None:
    if not text:
        return None
    first, _, last = text.partition("-")
    return range(int(first), int(last or first) + 1)


def _bucket(item) -> int:
    """By the test function's id without its parameters: the same in every process even
    where a parameter's id is not (bytes made at collection), so no pass runs it twice and
    none leaves it out."""
    return zlib.crc32(item.nodeid.split("[", 1)[0].encode()) % BUCKETS


def _needs_postgres(item) -> bool:
    return bool(item.get_closest_marker("postgres")) or bool(
        POSTGRES_FIXTURES & set(getattr(item, "fixturenames", ()))
    )


def _uses_database(item) -> bool:
    """As pytest-django decides it: a ``django_db`` mark, a database fixture, a Django
    TestCase, or a ``postgres`` mark (tests that need PostgreSQL itself)."""
    from django.test import TransactionTestCase

    cls = getattr(item, "cls", None)
    if cls is not None and issubclass(cls, TransactionTestCase):
        return True
    if item.get_closest_marker("django_db") or item.get_closest_marker("postgres"):
        return True
    return bool(DATABASE_FIXTURES & set(getattr(item, "fixturenames", ())))


def pytest_terminal_summary(terminalreporter):
    from tests.waiting import summary

    waits = summary()
    if waits:
        terminalreporter.section("waits on processes and conditions, longest first")
        for line in waits[:WAITS_SHOWN]:
            terminalreporter.write_line(line)
        if len(waits) > WAITS_SHOWN:
            terminalreporter.write_line(f"... and {len(waits) - WAITS_SHOWN} shorter waits")
    left = _stop_descendants()
    if left:
        terminalreporter.section("processes the tests left running (now stopped)")
        for line in left:
            terminalreporter.write_line(line)


def _stop_descendants() -> list[str]:
    """Every process still running below this one, each terminated; one line each."""
    lines = []
    for pid in _descendants(os.getpid()):
        command = _read(f"/proc/{pid}/cmdline").replace("\0", " ").strip()
        try:
            os.kill(pid, signal.SIGTERM)
        except ProcessLookupError:
            continue
        lines.append(f"pid {pid}: {command[:200]}")
    return lines


def _descendants(root: int) -> list[int]:
    parents: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir() if Path("/proc").is_dir() else ():
        if not entry.name.isdigit():
            continue
        stat = _read(entry / "stat")
        fields = stat.rpartition(")")[2].split()
        if len(fields) > 1 and fields[0] != "Z":  # zombies are already gone
            parents.setdefault(int(fields[1]), []).append(int(entry.name))
    found, stack = [], [root]
    while stack:
        for child in parents.get(stack.pop(), []):
            found.append(child)
            stack.append(child)
    return found


def _read(path) -> str:
    try:
        return Path(path).read_text(errors="replace")
    except OSError:
        return ""
