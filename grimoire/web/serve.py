"""Running ``grimoire serve``: listen, print the address and its QR code, stop on Ctrl+C.

127.0.0.1 unless told otherwise; ``--port 0`` lets the system choose (the address is known
once bound). While it runs, where it listens is kept for the grimoire (its seat links screen,
grimoire.store.seat_links) and removed at the stop.
"""

from __future__ import annotations

import asyncio
import logging
import re
import signal
import socket
import sys
from collections.abc import Callable
from pathlib import Path

import segno
from aiohttp import web
from aiohttp.http_exceptions import HttpProcessingError

from grimoire.console import echo
from grimoire.core.limits import FileRefused, check_file
from grimoire.store import seat_links
from grimoire.store.saves import SaveError, load_game
from grimoire.web.other_game import OtherReader, recognised
from grimoire.web.server import SquareServer, served_record

LOOPBACK = "127.0.0.1"
WILDCARDS = {"0.0.0.0", "::", ""}
STOP_GRACE = 2.0  # seconds the open streams have to end at the stop


def lan_address() -> str:
    """This machine's address on its local network, as a phone would reach it (no packet is
    sent: connecting a UDP socket only picks the interface), or the loopback if none."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("192.0.2.1", 9))  # a documentation address: never routed anywhere
            return str(s.getsockname()[0])
    except OSError:
        return LOOPBACK


def addresses(server: SquareServer, host: str, port: int) -> list[str]:
    """The addresses to give out: the loopback's, or the network's when opened to it."""
    shown = lan_address() if host in WILDCARDS else host
    if ":" in shown:
        shown = f"[{shown}]"
    return [f"http://{shown}:{port}{server.prefix}/"]


def print_address(url: str, opened: bool) -> None:
    echo(f"The town square for the players: {url}")
    echo("The address holds a token kept with this game (a new game makes a new one): without it, "
         "the square is refused.")
    echo("Every phone joins by one code: the table's page shows it (Join), and a phone taps its seat. "
         "Or each seat's own link: L on the grimoire shows them.")
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


class OneLine(logging.Handler):
    """What the server has to say of a request it could not answer, in one line on the
    storyteller's terminal: never a traceback, never a token or a seat's code (the request's
    own text may hold them), and nothing at all for a page that went away."""

    def __init__(self, token: str) -> None:
        super().__init__(logging.WARNING)
        self.token = token

    def emit(self, record: logging.LogRecord) -> None:
        error = record.exc_info[1] if record.exc_info else None
        if isinstance(error, (ConnectionError, asyncio.CancelledError, TimeoutError)):
            return  # a phone locked, a page closed: routine
        peer = record.args[0] if isinstance(record.args, tuple) and record.args else None
        who = f" from {peer}" if isinstance(peer, str) else ""
        if isinstance(error, HttpProcessingError):
            reason = error.message.split("\n", 1)[0].strip().rstrip(":")
            line = f"grimoire serve: a malformed request{who} was refused ({error.code}: {reason})"
        elif error is not None:
            line = f"grimoire serve: a request{who} could not be answered ({type(error).__name__})"
        else:
            line = f"grimoire serve: {record.getMessage().splitlines()[0] if record.getMessage() else 'an error'}"
        echo(self.hide(line)[:200], err=True)

    def hide(self, line: str) -> str:
        return re.sub(r"/s/[^/\s]+", "/s/…", line.replace(self.token, "…"))


def request_log(token: str) -> logging.Logger:
    """The logger the server's connections report to (aiohttp's own prints whole tracebacks)."""
    log = logging.getLogger("grimoire.web.requests")
    log.handlers[:] = [OneLine(token)]
    log.propagate = False
    return log


async def serve(server: SquareServer, host: str, port: int, started: Callable[[list[str]], None] | None = None) -> None:
    """Serve until SIGINT or SIGTERM, then close every page's stream and stop."""
    runner = server.runner(handle_signals=False, shutdown_timeout=STOP_GRACE, access_log=None,
                           logger=request_log(server.token))
    await runner.setup()
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    record = None
    try:
        site = web.TCPSite(runner, host or None, port)
        await site.start()
        bound = runner.addresses[0][1]
        urls = addresses(server, host, bound)
        record = served_record(server.token, urls[0])
        server.base = record.base  # the join code's link and QR code, as a phone on the network opens them
        try:
            seat_links.record_served(record)
        except OSError as exc:
            echo(f"(The grimoire cannot be told where this server is: {exc.strerror or exc}; "
                 "its seat links will not show the address.)", err=True)
        print_address(urls[0], host != LOOPBACK)
        if started is not None:
            started(urls)
        await stop.wait()
    finally:
        if record is not None:
            seat_links.forget_served(record.pid)
        await runner.cleanup()


def run_serve(save: str | None, host: str = LOOPBACK, port: int = 8000, others: tuple[OtherReader, ...] = ()) -> int:
    """``others``: the readers of other games' saves (Night of the Mummy's), besides the grimoire's."""
    path = None
    if save:
        path = Path(save).expanduser().resolve()
        try:
            check_file(path)  # a FIFO or a device is refused as every command refuses it
        except FileRefused as exc:
            echo(f"grimoire serve: {save}: {exc.problem}", err=True)
            return 2
        except FileNotFoundError:
            echo(f"grimoire serve: {save}: no such saved game", err=True)
            return 2
        except OSError as exc:
            echo(f"grimoire serve: {save}: cannot be read ({exc.strerror or exc})", err=True)
            return 2
        reader = recognised(path, others)
        if reader is not None:
            if reader.read(path) is None:
                echo(f"grimoire serve: {save}: the game's save cannot be read", err=True)
                return 2
        else:
            try:
                load_game(path)  # a save, or refused before anything is written beside it
            except SaveError as exc:
                echo(f"grimoire serve: {exc}", err=True)
                return 2
    server = SquareServer(path, others=others)
    try:
        asyncio.run(serve(server, host, port))
    except OSError as error:
        echo(f"grimoire serve: cannot listen on {host}:{port}: {error.strerror or error}", err=True)
        return 1
    return 0

