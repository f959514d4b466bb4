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
from collections.abc import Iterable, Iterator
from typing import Any, NoReturn

import pytest

ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"]
NO_CHROMIUM = "no chromium: apt-get install chromium, then make test"
NO_PLAYWRIGHT = "no playwright: pip install -e '.[test]' (make test does it), then make test"
DID_NOT_START = "chromium did not start"
# Every reason the browser tests give for not running starts with one of these (the end of
# make test repeats it, tests/conftest.py).
UNAVAILABLE = (NO_CHROMIUM, NO_PLAYWRIGHT, DID_NOT_START)
# Chromium's start, given far longer than Playwright's 30 s: on a loaded machine (the first run
# of a fresh clone, six workers starting at once, the browser's files not yet read from the
# disk) it took longer, and the browser tests were skipped as if there were no chromium. Only
# the launch: a page's waits keep their own timeout (tests/web/conftest.py).
LAUNCH_TIMEOUT_MS = 180_000


def chromium_path() -> str | None:
    path = os.environ.get("GRIMOIRE_CHROMIUM") or shutil.which("chromium")
    return path if path and os.access(path, os.X_OK) else None


def did_not_start(path: str, error: BaseException) -> str:
    """What a failed launch said: Playwright's first line and the browser's own lines (its
    stderr), not the command line and call log it repeats after them."""
    lines = str(error).splitlines()
    said = [line.split("[err] ", 1)[1] for line in lines if "[err] " in line and not line.lstrip().startswith("- ")]
    first = lines[0] if lines else type(error).__name__
    reason = f"{DID_NOT_START} ({path}): {first}" + (f"; it said: {' | '.join(said)}" if said else "")
    return reason if len(reason) <= 600 else reason[:599] + "…"


def launch(playwright: Any, path: str) -> Any:
    """The browser at ``path``, or the browser tests skipped (failed, where required) saying why."""
    try:
        return playwright.chromium.launch(executable_path=path, args=ARGS, timeout=LAUNCH_TIMEOUT_MS)
    except Exception as error:  # installed but not starting: say what went wrong, not "no chromium"
        playwright.stop()
        unavailable(did_not_start(path, error))


def not_tested_lines(reasons: Iterable[str]) -> list[str]:
    """The lines the end of a run says for the browser tests' skips (each skip's reason,
    "Skipped: …"), one for each different reason."""
    found = dict.fromkeys(reason.removeprefix("Skipped: ") for reason in reasons)
    return [f"The players' page was NOT tested in a browser ({reason})." for reason in found
            if reason.startswith(UNAVAILABLE)]


def unavailable(reason: str) -> NoReturn:
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
    browser = launch(playwright, path)
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


class CheckedPages:
    """Pages each in a browser context of its own (a phone or a TV of its own), checked for script
    errors and anything the page's policy refused, and (``only_from``) any request that leaves
    the server; ``close`` closes them and fails on what was found."""

    def __init__(self, browser: Any, only_from: str = "") -> None:
        self.browser = browser
        self.only_from = only_from
        self.contexts: list[Any] = []
        self.problems: list[str] = []

    def open(self, url: str, size: tuple[int, int], init_script: str = "") -> Any:
        context = self.browser.new_context(viewport={"width": size[0], "height": size[1]})
        self.contexts.append(context)
        if init_script:
            context.add_init_script(init_script)
        page = context.new_page()
        page.set_default_timeout(30_000)
        problems = self.problems
        page.on("pageerror", lambda error: problems.append(f"script error: {error}"))
        page.on("console", lambda m: problems.append(m.text) if "Content Security Policy" in m.text else None)
        if self.only_from:
            page.on("request", lambda r: None if r.url.startswith(self.only_from) else problems.append(f"went to {r.url}"))
        page.goto(url)
        page.wait_for_selector("html[data-renders]", state="attached")
        return page

    def close(self) -> None:
        for context in self.contexts:
            context.close()
        assert not self.problems, self.problems
