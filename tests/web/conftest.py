"""The page's tests: one Chromium and one stand-in server per worker; each test opens its pages
through ``open_square`` and they are closed after it, checked for script errors, for anything
the Content-Security-Policy refused, and for any request that went elsewhere than the server."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import pytest

from tests.web.browser import _chromium, browser  # noqa: F401  (fixtures)

if TYPE_CHECKING:
    from tests.web.harness import Harness  # imported where it is used: every worker collects this file (aiohttp)


@pytest.fixture(scope="session")
def _harness() -> Iterator[Harness]:
    from tests.web.harness import Harness

    harness = Harness().start()
    yield harness
    harness.stop()


@pytest.fixture
def harness(_harness: Harness) -> Iterator[Harness]:
    _harness.reset()
    yield _harness
    _harness.reset()


RENDERS = "Number(document.documentElement.dataset.renders || 0)"
# Waits are selectors, never wait_for_function: Playwright polls a function by compiling it in
# the page, which the page's Content-Security-Policy (no eval) refuses.


class Square:
    """One open page of the square and the key its state is pushed under."""

    def __init__(self, page: Any, harness: Harness, key: str) -> None:
        self.page, self.harness, self.key = page, harness, key

    def push(self, state: dict[str, Any]) -> None:
        """Push ``state`` to this page and wait until it is drawn."""
        before = self.page.evaluate(RENDERS)
        self.harness.push(state, self.key)
        self.page.wait_for_selector(f"html[data-renders='{before + 1}']", state="attached")

    def resize(self, width: int, height: int) -> None:
        self.page.set_viewport_size({"width": width, "height": height})
        self.page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")


@pytest.fixture
def open_square(browser: Any, harness: Harness) -> Iterator[Any]:  # noqa: F811 (the fixture, imported)
    """``open_square(state, seat=None, size=(w, h), query="", **context_options)``: a new page on
    the table's square (or ``seat``'s own), drawn with ``state``."""
    from tests.web.harness import TABLE as table

    contexts: list[Any] = []
    problems: list[str] = []

    def open_(state: dict[str, Any], seat: str | None = None, size: tuple[int, int] = (390, 844),
              query: str = "", **options: Any) -> Square:
        context = browser.new_context(viewport={"width": size[0], "height": size[1]}, **options)
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(30_000)  # a wait that fails only when a page never comes: a loaded machine is slow
        page.on("pageerror", lambda error: problems.append(f"script error: {error}"))
        page.on("console", lambda m: problems.append(m.text) if "Content Security Policy" in m.text else None)
        page.on("request", lambda r: None if r.url.startswith(harness.url + "/") else problems.append(f"went to {r.url}"))
        key = seat or table
        harness.push(state, key)
        page.goto(f"{harness.url}/{'s/' + seat if seat else 't'}/{query}")
        page.wait_for_selector("html[data-renders]", state="attached")
        return Square(page, harness, key)

    yield open_
    for context in contexts:
        context.close()
    assert not problems, problems
