"""Debian's Chromium driven by Playwright (no browser download), for the browser tests.

The tests skip, saying why, when Playwright or Chromium is missing; ``.ci/run``
installs Chromium and ``requirements.txt`` pins Playwright.  Every page a test opens is
watched for what the Content-Security-Policy refused (a script, a style, a frame): any
refusal fails the test, so the pages work under the policy they are served with.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[3]
SCREENSHOTS = REPO / "var" / "screenshots"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def chromium_path() -> str | None:
    return shutil.which("chromium") or shutil.which("chromium-browser")


@pytest.fixture(scope="module")
def browser():
    playwright = pytest.importorskip("playwright.sync_api", reason="Playwright is not installed")
    executable = chromium_path()
    if executable is None:
        pytest.skip("Chromium is not installed (apt-get install chromium): no browser test ran")
    # Playwright's sync API keeps an event loop in this thread; the test's own ORM calls are
    # still synchronous, which Django must be told (its documented escape hatch).
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    try:
        with playwright.sync_playwright() as p:
            chromium = p.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
            yield PolicyWatched(chromium)
            chromium.close()
    finally:
        os.environ.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)


class PolicyWatched:
    """The browser, each of whose pages records what the Content-Security-Policy refused."""

    def __init__(self, chromium):
        self.chromium = chromium
        self.refused: list[str] = []

    def new_page(self, *args, **kwargs):
        page = self.chromium.new_page(*args, **kwargs)
        page.on("console", self._console)
        return page

    def _console(self, message) -> None:
        if "Content Security Policy" in message.text:
            self.refused.append(message.text)

    def __getattr__(self, name):
        return getattr(self.chromium, name)


@pytest.fixture(autouse=True)
def nothing_refused_by_the_policy(request):
    """After each browser test: the pages it opened ran with nothing refused."""
    yield
    if "browser" in request.fixturenames:
        watched = request.getfixturevalue("browser")
        refused, watched.refused[:] = list(watched.refused), []
        assert not refused, "the Content-Security-Policy refused:\n" + "\n".join(refused)


def screenshot(page, name: str) -> None:
    """Keep a picture of the page as a test artifact (var/screenshots/, not committed)."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=True)
