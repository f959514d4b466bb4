"""The real server stopped and started again with pages open, as at the table: the TV's page
and a seat's come back by themselves (their addresses are kept with the game), and once the
storyteller starts a new game, whose addresses are new, a page left open says so in words."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path
from typing import Any

import pytest
from aiohttp import web

from grimoire.game import Game
from grimoire.simulate import random_table
from grimoire.store import seat_links
from grimoire.store.saves import save_game
from grimoire.web.server import SquareServer


class Running:
    """A SquareServer on 127.0.0.1 (``port`` 0: a free one), in a thread of its own."""

    def __init__(self, save: Path | None, port: int = 0) -> None:
        self.server = SquareServer(save, look=0.01)
        self.loop = asyncio.new_event_loop()
        started = threading.Event()
        self.thread = threading.Thread(target=self._run, args=(port, started), daemon=True)
        self.thread.start()
        assert started.wait(10), "the server did not start"

    def _run(self, port: int, started: threading.Event) -> None:
        async def start() -> None:
            self.runner = self.server.runner(handle_signals=False, shutdown_timeout=1.0)
            await self.runner.setup()
            await web.TCPSite(self.runner, "127.0.0.1", port).start()
            self.port = self.runner.addresses[0][1]

        self.loop.run_until_complete(start())
        started.set()
        self.loop.run_forever()

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def stop(self) -> None:
        asyncio.run_coroutine_threadsafe(self.runner.cleanup(), self.loop).result(10)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)
        self.loop.close()


def renders(page: Any) -> int:
    return int(page.evaluate("Number(document.documentElement.dataset.renders || 0)"))


@pytest.mark.slow  # a server restarted under open pages: make test checks it over HTTP (tests/townsquare)
def test_after_a_restart_the_tv_and_a_seat_come_back_and_after_a_new_game_they_say_they_are_refused(
        browser: Any, tmp_path: Path) -> None:
    save = tmp_path / "game.toml"
    game = Game(random_table(7, seed=4, script="phantom"))
    save_game(game, save)
    codes = seat_links.seat_codes(save, game.state.ring)  # as L hands them out
    running = Running(save)
    port = running.port
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    try:
        tv, phone = context.new_page(), context.new_page()
        tv.goto(f"{running.base}/{running.server.token}/")
        phone.goto(f"{running.base}/s/{codes[2]}/")
        for page in (tv, phone):
            page.set_default_timeout(30_000)
            page.wait_for_selector("html[data-renders]", state="attached")

        running.stop()  # Ctrl+C, then grimoire serve again on the same game
        for page in (tv, phone):
            page.wait_for_selector("#reconnecting", state="visible")
        before = {id(page): renders(page) for page in (tv, phone)}
        running = Running(save, port)
        for page in (tv, phone):
            page.wait_for_selector(f"html[data-renders='{before[id(page)] + 1}']", state="attached")
            page.wait_for_selector("#reconnecting", state="hidden")
            assert page.locator("#refused").is_hidden()

        running.stop()
        seat_links.forget_seat_links(save)  # a new game: new addresses
        running = Running(save, port)
        for page in (tv, phone):
            page.wait_for_selector("#refused", state="visible")
        assert "no longer the town square's" in tv.inner_text("#refused")
        assert "new address" in tv.inner_text("#refused")
        assert "seat's new link" in phone.inner_text("#refused")
        assert tv.locator("#reconnecting").is_hidden()
    finally:
        context.close()
        running.stop()
