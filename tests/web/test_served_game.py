"""The whole path, as at the table: the grimoire (driven by keys), ``grimoire serve`` (the real
command, following the game open in the grimoire) and three pages in Chromium: the table's on a
phone and a TV, and one seat's own. The vote goes round on every page, the seat's phone raises
its hand, the grimoire shows it, and once the storyteller records the vote every page has it."""

from __future__ import annotations

import asyncio
import os
import re
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from pilot_keys import until

from grimoire.store import seat_links
from grimoire.tui.app import GrimoireApp
from grimoire.tui.screens.table import GrimoireScreen
from tests.tui.helpers import SIZE, open_vote, settle
from tests.tui.test_vote_round import with_the_dead
from tests.web.browser import ARGS, LAUNCH_TIMEOUT_MS, NO_CHROMIUM, NO_PLAYWRIGHT, chromium_path, unavailable

ROOT = Path(__file__).resolve().parents[2]
DEADLINE = 30.0  # only stops a test that would hang


class Serve:
    """``grimoire serve --port 0`` with no save: it follows the game open in the grimoire."""

    def __init__(self) -> None:
        env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
        self.proc = subprocess.Popen([sys.executable, "-m", "grimoire", "serve", "--port", "0"],
                                     stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env)
        printed = ""
        assert self.proc.stdout is not None
        while "Ctrl+C" not in printed:
            line = self.proc.stdout.readline()
            assert line, "grimoire serve ended:\n" + printed
            printed += line
        found = re.search(r"http://127\.0\.0\.1:\d+/[A-Za-z0-9_-]+/", printed)
        assert found, printed
        self.url = found.group(0)
        self.base = self.url.split("/", 3)[:3]

    def seat_url(self, code: str) -> str:
        return "/".join(self.base) + f"/s/{code}/"

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


class Pages:
    """Chromium in a thread of its own (Playwright's sync API may not run inside the test's
    event loop), doing what it is asked, one job at a time."""

    def __init__(self) -> None:
        self.jobs: list[tuple[Any, threading.Event, list[Any]]] = []
        self.ready = threading.Event()
        self.lock = threading.Lock()
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.failed: BaseException | None = None
        self.thread.start()
        self.ready.wait(LAUNCH_TIMEOUT_MS / 1000 + DEADLINE)
        if self.failed is not None:
            raise self.failed

    def _run(self) -> None:
        from playwright.sync_api import sync_playwright

        try:
            with sync_playwright() as p:
                self.browser = p.chromium.launch(executable_path=chromium_path(), args=ARGS, timeout=LAUNCH_TIMEOUT_MS)
                self.ready.set()
                while True:
                    with self.lock:
                        job = self.jobs.pop(0) if self.jobs else None
                    if job is None:
                        time.sleep(0.01)
                        continue
                    fn, done, out = job
                    if fn is None:
                        self.browser.close()
                        done.set()
                        return
                    try:
                        out.append(fn(self.browser))
                    except BaseException as exc:  # handed to the test
                        out.append(exc)
                    done.set()
        except BaseException as exc:
            self.failed = exc
            self.ready.set()

    async def do(self, fn: Any) -> Any:
        done, out = threading.Event(), []  # type: ignore[var-annotated]
        with self.lock:
            self.jobs.append((fn, done, out))
        while not done.is_set():
            await asyncio.sleep(0.02)
        if out and isinstance(out[0], BaseException):
            raise out[0]
        return out[0] if out else None

    async def close(self) -> None:
        await self.do(None)


def needs_a_browser() -> None:
    try:
        import playwright  # noqa: F401
    except ImportError:
        unavailable(NO_PLAYWRIGHT)
    if chromium_path() is None:
        unavailable(NO_CHROMIUM)


@pytest.mark.slow  # a Chromium of its own and grimoire serve; each part is make test's elsewhere
async def test_a_day_at_the_table_with_three_pages_and_a_phones_hand() -> None:
    needs_a_browser()
    game = with_the_dead()  # day one: Ben has nominated Eve; Fay dead with her ghost vote
    app = GrimoireApp(game=game)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        path = app.autosave_path()
        codes = seat_links.seat_codes(path, game.state.ring)  # as L hands them out
        hal = 7
        serve = await asyncio.to_thread(Serve)
        pages = await asyncio.to_thread(Pages)
        opened: dict[str, Any] = {}
        try:
            def open_pages(browser: Any) -> None:
                for key, url, size in (("phone", serve.url, (390, 844)), ("tv", serve.url, (1920, 1080)),
                                       ("hal", serve.seat_url(codes[hal]), (390, 844))):
                    page = browser.new_page(viewport={"width": size[0], "height": size[1]})
                    page.goto(url)
                    page.wait_for_selector("#seats li", timeout=DEADLINE * 1000)
                    opened[key] = page

            await pages.do(open_pages)

            def seat_names(browser: Any) -> list[str]:
                return [opened["tv"].locator(f"#seats li[data-n='{i + 1}'] .name").first.text_content()
                        for i in game.state.ring]

            assert await pages.do(seat_names) == [game.state.seats[i].name for i in game.state.ring]

            vote = await open_vote(pilot)  # the round starts at Fay, the seat after Eve

            def the_round_shows(browser: Any) -> None:
                for page in opened.values():
                    page.wait_for_selector("#seats li.current[data-n='6']", timeout=DEADLINE * 1000)
                    page.wait_for_selector("#seats li.nominee[data-n='5']", timeout=DEADLINE * 1000)
                opened["hal"].wait_for_selector("#hand:visible", timeout=DEADLINE * 1000)
                assert opened["phone"].locator("#hand:visible").count() == 0  # the table's page raises no hand

            await pages.do(the_round_shows)

            def raise_hal(browser: Any) -> None:
                opened["hal"].click("#hand")

            await pages.do(raise_hal)
            # The clock is at Fay: Hal's hand shows as raised, and is not counted yet.
            await until(pilot, lambda: vote.round.raised == (hal,), "Hal's phone hand in the grimoire")
            assert not vote.round.counted(hal)
            assert "📱 raised" in vote.query_one("#vote-panel").text("round")  # type: ignore[attr-defined]

            def hal_is_raised_everywhere(browser: Any) -> None:
                for page in opened.values():
                    page.wait_for_selector(f"#seats li.raised[data-n='{hal + 1}']", timeout=DEADLINE * 1000)
                    assert page.locator("#seats li.up").count() == 0
                opened["tv"].wait_for_selector("#hub .hub-count:text('0 / ')", timeout=DEADLINE * 1000)

            await pages.do(hal_is_raised_everywhere)
            await pilot.press("y")  # Fay's ghost vote: the clock moves on to Hal (Gus has no vote), his hand counts
            await until(pilot, lambda: vote.round.up == (5, hal), "Hal's hand counted as the clock reaches him")
            assert "📱 up" in vote.query_one("#vote-panel").text("round")  # type: ignore[attr-defined]

            def hal_is_up_everywhere(browser: Any) -> None:
                for page in opened.values():
                    page.wait_for_selector(f"#seats li.up[data-n='{hal + 1}']", timeout=DEADLINE * 1000)
                opened["tv"].wait_for_selector("#hub .hub-count:text('2 / ')", timeout=DEADLINE * 1000)

            await pages.do(hal_is_up_everywhere)
            await pilot.press("enter")
            await until(pilot, lambda: isinstance(app.screen, GrimoireScreen), "the vote recorded")
            assert game.state.today is not None and game.state.today.nominations[0].votes == (5, 7)

            def the_vote_is_on_every_page(browser: Any) -> None:
                for page in opened.values():
                    page.wait_for_selector("#noms-sec li:has-text('2 hands')", timeout=DEADLINE * 1000)
                    assert page.locator("#seats li.current").count() == 0
                assert opened["hal"].locator("#hand:visible").count() == 0

            await pages.do(the_vote_is_on_every_page)
        finally:
            await pages.close()
            await asyncio.to_thread(serve.stop)
