"""A stand-in for the players' server, for the page's tests.

It serves ``grimoire/web/page/`` at ``/t/`` (the table's page) and ``/s/<code>/`` (one seat's),
with the real server's Content-Security-Policy, and pushes whatever state a test sets over
server-sent events (``events`` under each). A seat's ``hand`` records what was posted and
answers as the test says; its ``card`` records what the page said of a card. It runs on
127.0.0.1, a free port, in a thread of its own.
"""

from __future__ import annotations

import asyncio
import json
import threading
from pathlib import Path
from typing import Any

from aiohttp import web

import grimoire

PAGE = Path(grimoire.__file__).parent / "web" / "page"
CSP = "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:"
FILES = {"index.html": "text/html", "page.css": "text/css", "page.js": "text/javascript",
         "phone_cards.css": "text/css", "phone_cards.js": "text/javascript",
         "votes.css": "text/css", "votes.js": "text/javascript", "join.css": "text/css", "join.js": "text/javascript"}
TABLE = "t"  # the key of the table's page; a seat's page is keyed by its code
RETRY_MS = 200  # how soon a dropped page tries again (EventSource's own default is some 3 s)


class Harness:
    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self.states: dict[str, str] = {}  # key -> the JSON a new connection gets first
        self.hands: list[tuple[str, Any, str]] = []  # (seat code, body, content type)
        self.cards: list[tuple[str, Any]] = []  # (seat code, body): what a seat's page said of its cards
        self.hand_reply: tuple[int, str] = (204, "")
        self._streams: list[tuple[str, asyncio.Queue[bytes | None]]] = []
        self._ready = threading.Event()
        self._thread = threading.Thread(target=self._run, name="page-harness", daemon=True)
        self.port = 0

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    # ---- driven from the test's thread -----------------------------------------------------

    def start(self) -> Harness:
        self._thread.start()
        if not self._ready.wait(10):
            raise RuntimeError("the page harness did not start")
        return self

    def push(self, state: dict[str, Any], seat: str = TABLE) -> None:
        """``state`` becomes what ``seat``'s page (the table's by default) shows, now and on connecting."""
        self.loop.call_soon_threadsafe(self._set, seat, json.dumps(state))

    def drop(self) -> None:
        """End every open stream and hold new ones until ``resume``: the pages are reconnecting."""
        self.loop.call_soon_threadsafe(self._drop)

    def resume(self) -> None:
        self.loop.call_soon_threadsafe(self._open.set)

    def reset(self) -> None:
        asyncio.run_coroutine_threadsafe(self._reset(), self.loop).result(5)

    def stop(self) -> None:
        asyncio.run_coroutine_threadsafe(self._shutdown(), self.loop).result(10)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self._thread.join(10)
        self.loop.close()

    # ---- in the server's thread ------------------------------------------------------------

    def _run(self) -> None:
        self.loop.run_until_complete(self._setup())
        self._ready.set()
        self.loop.run_forever()

    async def _setup(self) -> None:
        self._open = asyncio.Event()
        self._open.set()
        app = web.Application()
        for base in ("/t", "/s/{code}"):
            app.router.add_get(base + "/", self._file)
            app.router.add_get(base + "/events", self._events)
            app.router.add_get(base + "/{file}", self._file)
        app.router.add_post("/s/{code}/hand", self._hand)
        app.router.add_post("/s/{code}/card", self._card)
        self._runner = web.AppRunner(app, handle_signals=False, shutdown_timeout=1.0)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.port = self._runner.addresses[0][1]

    def _set(self, key: str, data: str) -> None:
        self.states[key] = data
        for k, queue in self._streams:
            if k == key:
                queue.put_nowait(f"data: {data}\n\n".encode())

    def _drop(self) -> None:
        self._open.clear()
        for _, queue in self._streams:
            queue.put_nowait(None)

    async def _reset(self) -> None:
        self._drop()
        self.states.clear()
        self.hands.clear()
        self.cards.clear()
        self.hand_reply = (204, "")
        self._open.set()

    async def _shutdown(self) -> None:
        self._drop()
        self._open.set()
        await self._runner.cleanup()

    async def _file(self, request: web.Request) -> web.Response:
        name = request.match_info.get("file", "index.html")
        if name not in FILES:
            raise web.HTTPNotFound()
        return web.Response(body=(PAGE / name).read_bytes(), content_type=FILES[name], charset="utf-8",
                            headers={"Content-Security-Policy": CSP, "Cache-Control": "no-store"})

    async def _events(self, request: web.Request) -> web.StreamResponse:
        key = request.match_info.get("code", TABLE)
        await self._open.wait()
        queue: asyncio.Queue[bytes | None] = asyncio.Queue()
        entry = (key, queue)
        self._streams.append(entry)
        response = web.StreamResponse(headers={"Content-Type": "text/event-stream", "Cache-Control": "no-store"})
        try:
            await response.prepare(request)
            await response.write(f"retry: {RETRY_MS}\n\n".encode())
            if key in self.states:
                await response.write(f"data: {self.states[key]}\n\n".encode())
            while (message := await queue.get()) is not None:
                await response.write(message)
        except ConnectionError:
            pass  # the page went away
        finally:
            self._streams.remove(entry)
        return response

    async def _hand(self, request: web.Request) -> web.Response:
        try:
            body = await request.json()
        except ValueError:
            body = await request.text()
        self.hands.append((request.match_info["code"], body, request.headers.get("Content-Type", "")))
        status, text = self.hand_reply
        return web.Response(status=status) if status == 204 else web.Response(status=status, text=text)

    async def _card(self, request: web.Request) -> web.Response:
        self.cards.append((request.match_info["code"], await request.json()))
        return web.Response(status=204)
