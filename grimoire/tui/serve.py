"""``grimoire serve``: the players' town square in their browsers, from the storyteller's machine.

textual-serve runs one process of the read-only square (grimoire.tui.served_square) for each
browser that connects and drives it over a websocket. Its aiohttp app is made here, not by
textual-serve's ``Server.serve``: every address lives under a random token made at each start,
a middleware refuses (403) any request whose path does not begin with it, and the port is
known only once bound (``--port 0`` lets the system choose). Only the page, its websocket and
textual-serve's static files are served: no downloads, no directory listings.
"""

from __future__ import annotations

import asyncio
import hmac
import re
import secrets
import shlex
import signal
import socket
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import aiohttp_jinja2
import jinja2
import segno
from aiohttp import WSMsgType, web
from textual_serve.app_service import AppService
from textual_serve.server import Server, to_int

from grimoire.console import echo

LOOPBACK = "127.0.0.1"
WILDCARDS = {"0.0.0.0", "::", ""}
_HOST_HEADER = re.compile(r"[A-Za-z0-9.:\[\]-]+")  # a host and port, nothing to escape
COLUMNS, ROWS = (10, 400), (5, 150)  # the sizes a browser may ask for: a bigger one only costs CPU
GRACE = 5.0  # seconds a square has to end once its browser has gone, before it is killed


def within(value: object, bounds: tuple[int, int], default: int) -> int:
    number = value if isinstance(value, int) else to_int(str(value), default)
    return max(bounds[0], min(bounds[1], number))


def new_token() -> str:
    return secrets.token_urlsafe(18)  # 144 random bits, letters, digits, - and _ only


def square_command(save: Path | None) -> str:
    """The shell command textual-serve runs for each browser: this Python, the players' square."""
    parts = [sys.executable, "-m", "grimoire.tui.served_square"] + ([str(save)] if save else [])
    return "exec " + " ".join(shlex.quote(p) for p in parts)  # exec: the process is the square


def page_loader(templates: Path) -> jinja2.BaseLoader:
    """textual-serve's page, fit for a phone (its width, not a desktop's shrunk) and asking
    nothing of the internet (its web font: the square is often played where there is none,
    and the page waits for the font before it connects)."""

    def load(name: str) -> str:
        text = (templates / name).read_text(encoding="utf-8")
        text = re.sub(r"\s*<link[^>]*fonts\.googleapis\.com[^>]*>", "", text)
        return text.replace("<head>", '<head>\n    <meta name="viewport" content="width=device-width, initial-scale=1" />', 1)

    return jinja2.FunctionLoader(load)


def lan_address() -> str:
    """This machine's address on its local network, as a phone would reach it (no packet is
    sent: connecting a UDP socket only picks the interface), or the loopback if none."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("192.0.2.1", 9))  # a documentation address: never routed anywhere
            return str(s.getsockname()[0])
    except OSError:
        return LOOPBACK


class SquareServer(Server):
    def __init__(self, save: Path | None, host: str = LOOPBACK, port: int = 0, token: str | None = None) -> None:
        super().__init__(square_command(save), host=host, port=port, title="Grimoire — town square")
        self.token = token or new_token()
        self.squares: set[AppService] = set()

    @property
    def prefix(self) -> str:
        return f"/{self.token}"

    async def _make_app(self) -> web.Application:
        app = web.Application(middlewares=[self._token_gate])
        aiohttp_jinja2.setup(app, loader=page_loader(Path(self.templates_path)), autoescape=True)
        app.add_routes([
            web.get(self.prefix, self._to_index),
            web.get(self.prefix + "/", self.handle_index, name="index"),
            web.get(self.prefix + "/ws", self.handle_websocket, name="websocket"),
            web.static(self.prefix + "/static", self.statics_path, show_index=False, name="static"),
        ])
        return app

    @web.middleware
    async def _token_gate(self, request: web.Request, handler: Callable[[web.Request], Awaitable[Any]]) -> Any:
        first = request.rel_url.raw_path.split("/", 2)[1] if request.rel_url.raw_path.startswith("/") else ""
        if not hmac.compare_digest(first.encode(), self.token.encode()):
            raise web.HTTPForbidden(text="This address needs the town square's token: ask the storyteller.")
        return await handler(request)

    async def _to_index(self, request: web.Request) -> web.StreamResponse:
        raise web.HTTPFound(self.prefix + "/")

    @aiohttp_jinja2.template("app_index.html")
    async def handle_index(self, request: web.Request) -> dict[str, Any]:
        """As textual-serve's, but the page's addresses are the ones the browser used (a phone
        reaches this machine by its network address, the storyteller by 127.0.0.1)."""
        if not _HOST_HEADER.fullmatch(request.host):
            raise web.HTTPBadRequest(text="bad Host header")
        base = f"{request.scheme}://{request.host}"
        router = request.app.router
        ws = "ws" + base[len("http"):] + str(router["websocket"].url_for())
        return {
            "font_size": to_int(request.query.get("fontsize", "16"), 16),
            "app_websocket_url": ws,
            "config": {"static": {"url": base + str(router["static"].url_for(filename="/")).rstrip("/") + "/"}},
            "application": {"name": self.title},
        }

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        """One browser's square, as textual-serve's own, with two guards: the size asked for is
        kept within reason, and a square still running a while after its browser has gone is
        killed (a Textual app told to quit while it starts may go on drawing for ever)."""
        websocket = web.WebSocketResponse(heartbeat=15)
        width = within(request.query.get("width", "80"), COLUMNS, 80)
        height = within(request.query.get("height", "24"), ROWS, 24)
        square: AppService | None = None
        try:
            await websocket.prepare(request)
            square = AppService(self.command, write_bytes=websocket.send_bytes, write_str=websocket.send_str,
                                close=websocket.close, download_manager=self.download_manager)
            self.squares.add(square)
            await square.start(width, height)
            await self._process_messages(websocket, square)
        except asyncio.CancelledError:
            await websocket.close()
        finally:
            if square is not None:
                await end_square(square)
                self.squares.discard(square)
        return websocket

    async def _process_messages(self, websocket: web.WebSocketResponse, app_service: AppService) -> None:
        """The browser's keys, size, pings and focus, as textual-serve's: what is not in their
        shape is dropped rather than ending the square."""
        async for message in websocket:
            if message.type is not WSMsgType.TEXT:
                continue
            try:
                envelope = message.json()
            except ValueError:
                continue
            if not isinstance(envelope, list) or not envelope:
                continue
            kind, data = envelope[0], envelope[1] if len(envelope) > 1 else None
            if kind == "stdin" and isinstance(data, str):
                await app_service.send_bytes(data.encode("utf-8", "replace"))
            elif kind == "resize" and isinstance(data, dict):
                await app_service.set_terminal_size(within(data.get("width"), COLUMNS, 80),
                                                    within(data.get("height"), ROWS, 24))
            elif kind == "ping":
                await websocket.send_json(["pong", data])
            elif kind == "blur":
                await app_service.blur()
            elif kind == "focus":
                await app_service.focus()


async def end_square(square: AppService) -> None:
    """Ask the square to quit, and kill it if its process has not ended within GRACE (its
    output may close while it goes on drawing)."""
    process = square._process
    try:
        await asyncio.wait_for(asyncio.shield(square.stop()), GRACE)
        if process is not None:
            await asyncio.wait_for(process.wait(), GRACE)
    except (TimeoutError, asyncio.CancelledError):
        pass
    finally:
        if process is not None and process.returncode is None:
            process.kill()
            await process.wait()


def addresses(server: SquareServer, host: str, port: int) -> list[str]:
    """The addresses to give out: the loopback's, or the network's when opened to it."""
    shown = lan_address() if host in WILDCARDS else host
    if ":" in shown:
        shown = f"[{shown}]"
    return [f"http://{shown}:{port}{server.prefix}/"]


def print_address(url: str, opened: bool) -> None:
    echo(f"The town square for the players: {url}")
    echo("The address holds a token made at this start: without it, the square is refused.")
    if opened:
        echo("It is open to the network: anyone who has the address (or its QR code) sees the square.")
    else:
        echo("Only this machine can open it (127.0.0.1): --host 0.0.0.0 opens it to the network.")
    qr = segno.make(url, error="m")
    if sys.stdout.isatty():
        qr.terminal(out=sys.stdout)  # colours set explicitly: scans on a dark or light terminal
    else:
        qr.terminal(out=sys.stdout, compact=True)  # plain characters, for a log or a pipe
    echo("Ctrl+C stops the server.")
    sys.stdout.flush()


async def serve(server: SquareServer, host: str, port: int, started: Callable[[list[str]], None] | None = None) -> None:
    """Serve until SIGINT or SIGTERM, then close every browser's square and stop."""
    app = await server._make_app()
    # A browser's square still open at the stop is cancelled after this long: its process ends.
    runner = web.AppRunner(app, handle_signals=False, shutdown_timeout=2.0)
    await runner.setup()
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    try:
        site = web.TCPSite(runner, host or None, port)
        await site.start()
        bound = runner.addresses[0][1]
        urls = addresses(server, host, bound)
        print_address(urls[0], host != LOOPBACK)
        if started is not None:
            started(urls)
        await stop.wait()
    finally:
        await runner.cleanup()


def run_serve(save: str | None, host: str = LOOPBACK, port: int = 8000) -> int:
    path = None
    if save:
        path = Path(save).expanduser().resolve()
        if not path.is_file():
            echo(f"grimoire serve: {save}: no such saved game", err=True)
            return 2
    server = SquareServer(path, host=host, port=port)
    try:
        asyncio.run(serve(server, host, port))
    except OSError as error:
        echo(f"grimoire serve: cannot listen on {host}:{port}: {error.strerror or error}", err=True)
        return 1
    return 0
