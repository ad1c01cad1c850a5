"""Tests that wait for a process or a condition say what they waited for, and how long.

:func:`wait_for` polls a condition until it holds or its time limit passes; :func:`waited`
times a wait that is one blocking call (a process's exit, a thread's end, a page's change).
Every wait that ends is recorded in :data:`WAITS`; the root ``conftest.py`` prints them
after the run, longest first, so a slow run names the test, what it waited for and how
long.  A wait that runs out fails its test with the same words.
"""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass


@dataclass(frozen=True)
class Wait:
    test: str
    what: str
    seconds: float
    outcome: str  # "met", "timed out" or "failed"

    def line(self) -> str:
        return f"{self.seconds:7.1f} s  {self.outcome:<9}  {self.what}  ({self.test})"


WAITS: list[Wait] = []


def _current_test() -> str:
    return os.environ.get("PYTEST_CURRENT_TEST", "(outside a test)").rsplit(" ", 1)[0]


def record(what: str, seconds: float, outcome: str) -> Wait:
    wait = Wait(_current_test(), what, seconds, outcome)
    WAITS.append(wait)
    return wait


@contextlib.contextmanager
def waited(what: str) -> Iterator[None]:
    """Time the blocking wait inside the block and record it (failed if the block raises)."""
    started = time.monotonic()
    outcome = "failed"
    try:
        yield
        outcome = "met"
    finally:
        record(what, time.monotonic() - started, outcome)


def wait_for(
    condition: Callable[[], object],
    *,
    timeout: float,
    what: str,
    details: Callable[[], str] = lambda: "",
    interval: float = 0.05,
):
    """Poll ``condition`` until it returns something true, and return that.

    Past ``timeout`` seconds the test fails, naming ``what`` and adding ``details()``.
    """
    import pytest

    started = time.monotonic()
    while True:
        value = condition()
        elapsed = time.monotonic() - started
        if value:
            record(what, elapsed, "met")
            return value
        if elapsed > timeout:
            record(what, elapsed, "timed out")
            pytest.fail(f"timed out after {elapsed:.0f} s waiting for {what}\n{details()}")
        time.sleep(interval)


def summary(threshold: float = 0.0) -> list[str]:
    """One line per recorded wait of at least ``threshold`` seconds, longest first."""
    waits = sorted((w for w in WAITS if w.seconds >= threshold), key=lambda w: -w.seconds)
    return [w.line() for w in waits]
