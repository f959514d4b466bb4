"""A real browser for the tests of the players' web page: one headless Chromium per test worker.

The system's chromium (``GRIMOIRE_CHROMIUM`` names another), driven by Playwright's sync API.
Without either, the browser tests skip and say why; with ``GRIMOIRE_BROWSER_TESTS=required``
they fail instead (a machine that must run them). Use the ``browser`` fixture (wired up in
``tests/web/conftest.py``; another folder's conftest imports it the same way): a new context
per page, closed by the test, keeps the browser clean for the next one.
"""

from __future__ import annotations

import asyncio
import os
import shutil
from collections.abc import Iterator
from typing import Any

import pytest

ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"]
NO_CHROMIUM = "no chromium: apt-get install chromium, then make test"
NO_PLAYWRIGHT = "no playwright: pip install -e '.[test]' (make test does it), then make test"


def chromium_path() -> str | None:
    path = os.environ.get("GRIMOIRE_CHROMIUM") or shutil.which("chromium")
    return path if path and os.access(path, os.X_OK) else None


def unavailable(reason: str) -> None:
    """Skip, or fail where the browser tests are required."""
    if os.environ.get("GRIMOIRE_BROWSER_TESTS") == "required":
        pytest.fail(reason, pytrace=False)
    pytest.skip(reason)


@pytest.fixture(scope="session")
def _chromium() -> Iterator[tuple[Any, Any]]:
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        unavailable(NO_PLAYWRIGHT)
    path = chromium_path()
    if path is None:
        unavailable(NO_CHROMIUM)
    playwright = sync_playwright().start()
    try:
        browser = playwright.chromium.launch(executable_path=path, args=ARGS)
    except Exception as error:  # a broken install: say what it said
        playwright.stop()
        unavailable(f"{NO_CHROMIUM} ({path} did not start: {error})")
    # Playwright's sync API leaves its event loop marked as running in this thread between its
    # calls. The async tests a worker runs after this one (pytest-asyncio, Textual's Pilot) would
    # then refuse to start their own loop: it is marked only while a browser test runs.
    loop = asyncio._get_running_loop()
    asyncio._set_running_loop(None)
    yield browser, loop
    asyncio._set_running_loop(loop)
    try:
        browser.close()
    finally:
        playwright.stop()
        asyncio._set_running_loop(None)


@pytest.fixture
def browser(_chromium: tuple[Any, Any]) -> Iterator[Any]:
    """The worker's Chromium (a ``playwright.sync_api.Browser``), for this test."""
    browser, loop = _chromium
    asyncio._set_running_loop(loop)
    try:
        yield browser
    finally:
        asyncio._set_running_loop(None)
