"""``grimoire serve`` as the players meet it: a token in the address, the square over the
websocket that textual-serve's page opens, and a change in the game arriving on its own."""

from __future__ import annotations

import os
import queue
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from grimoire.core import events as ev
from grimoire.game import Game
from grimoire.simulate import random_table
from grimoire.store.saves import save_game

if TYPE_CHECKING:
    import aiohttp  # imported by the one test that serves: every worker collects this file

ROOT = Path(__file__).resolve().parents[2]
ANSI = re.compile(r"\x1b(\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|[()][A-Z0-9]|[=>78MDEc])")
DEADLINE = 60.0  # only stops a test that would hang: never reached when things work


class Served:
    """``grimoire serve SAVE --port 0`` in a process of its own, and the address it printed."""

    def __init__(self, save: Path) -> None:
        env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "grimoire", "serve", str(save), "--port", "0"],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env, cwd=save.parent,
        )
        self.lines: queue.Queue[str] = queue.Queue()
        self.printed: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()
        self.url = self._wait_for_address()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.lines.put(line)

    def _wait_for_address(self) -> str:
        deadline = time.monotonic() + DEADLINE
        while time.monotonic() < deadline:
            try:
                line = self.lines.get(timeout=0.5)
            except queue.Empty:
                if self.proc.poll() is not None:
                    break
                continue
            self.printed.append(line)
            found = re.search(r"http://127\.0\.0\.1:\d+/[A-Za-z0-9_-]+/", line)
            if found:
                return found.group(0)
        self.stop()
        raise AssertionError("grimoire serve printed no address:\n" + "".join(self.printed))

    def stop(self) -> int:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
        try:
            return self.proc.wait(timeout=DEADLINE)
        finally:
            if self.proc.poll() is None:
                self.proc.kill()
                self.proc.wait()


def squares_running(save: Path) -> list[int]:
    """The players' squares (processes) still following ``save``."""
    found = []
    for pid in os.listdir("/proc"):
        try:
            cmd = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if b"grimoire.tui.served_square" in cmd and str(save).encode() in cmd:
            found.append(int(pid))
    return found


async def read_until(ws: aiohttp.ClientWebSocketResponse, seen: list[str], wanted: str) -> str:
    """Read the square's output (its terminal's bytes, escapes taken out) until ``wanted`` shows."""
    import aiohttp

    deadline = time.monotonic() + DEADLINE
    while wanted not in ANSI.sub("", "".join(seen)):
        left = deadline - time.monotonic()
        if left <= 0:
            raise AssertionError(f"{wanted!r} never arrived; the square showed:\n{ANSI.sub('', ''.join(seen))[-3000:]}")
        msg = await ws.receive(timeout=left)
        if msg.type is aiohttp.WSMsgType.BINARY:
            seen.append(msg.data.decode("utf-8", "replace"))
        elif msg.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED, aiohttp.WSMsgType.ERROR):
            raise AssertionError("the square's websocket closed")
    return ANSI.sub("", "".join(seen))


@pytest.mark.long
@pytest.mark.skipif(not Path("/proc").is_dir(), reason="finds the squares' processes in /proc")
async def test_the_square_is_served_behind_its_token_and_follows_the_game(tmp_path: Path) -> None:
    import aiohttp

    save = tmp_path / "game.toml"
    game = Game(random_table(7, seed=4))
    save_game(game, save)
    served = Served(save)
    try:
        root = served.url.rsplit("/", 2)[0]
        token = served.url.rsplit("/", 2)[1]
        async with aiohttp.ClientSession() as http:
            for refused in (root + "/", root + "/ws", root + "/static/js/textual.js",
                            root + "/" + token[:-1] + "x/", root + "/?" + token):
                async with http.get(refused) as response:
                    assert response.status == 403, refused
            async with http.get(served.url) as response:
                assert response.status == 200
                page = await response.text()
            assert 'name="viewport" content="width=device-width' in page  # a phone's own width
            assert "https://" not in page  # nothing asked of the internet
            ws_url = re.search(r'data-session-websocket-url="([^"]+)"', page).group(1)  # type: ignore[union-attr]
            assert ws_url == served.url.replace("http://", "ws://") + "ws"
            # the page's script adds the size: as the browser does
            async with http.ws_connect(ws_url + "?width=120&height=36") as ws:
                seen: list[str] = []
                shown = await read_until(ws, seen, "Before the first night")
                for seat in game.state.seats:
                    assert seat.name in shown
                game.apply(ev.StartNight())
                save_game(game, save)
                await read_until(ws, seen, "Night 1")
        assert served.stop() == 0
    finally:
        served.stop()
    deadline = time.monotonic() + DEADLINE
    while squares_running(save):  # each browser's square ends with the server
        assert time.monotonic() < deadline, "a player's square outlived the server"
        time.sleep(0.05)


class _Lingering:
    """A square whose output ended but whose process goes on (as a Textual app told to quit
    while it starts did)."""

    def __init__(self, process) -> None:  # type: ignore[no-untyped-def]
        self._process = process

    async def stop(self) -> None:
        return None


async def test_a_square_that_outlives_its_browser_is_killed(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    import asyncio

    from grimoire.tui import serve

    monkeypatch.setattr(serve, "GRACE", 0.05)
    process = await asyncio.create_subprocess_exec(sys.executable, "-c", "import time; time.sleep(600)")
    await serve.end_square(_Lingering(process))  # type: ignore[arg-type]
    assert process.returncode is not None and process.returncode < 0


def test_the_size_a_browser_asks_for_is_kept_within_reason() -> None:
    from grimoire.tui.serve import COLUMNS, ROWS, within

    assert within("120", COLUMNS, 80) == 120
    assert within(10**9, COLUMNS, 80) == COLUMNS[1]
    assert within("-5", ROWS, 24) == ROWS[0]
    assert within("NaN", ROWS, 24) == 24
    assert within(None, ROWS, 24) == 24


def test_serving_a_game_that_is_not_there_says_so(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    from grimoire.cli import main

    assert main(["serve", str(tmp_path / "no such game.toml"), "--port", "0"]) == 2
    err = capsys.readouterr().err
    assert "no such saved game" in err and "no such game.toml" in err


def test_the_address_printed_for_the_network_is_the_machines_own(monkeypatch, capsys) -> None:  # type: ignore[no-untyped-def]
    from grimoire.tui import serve

    monkeypatch.setattr(serve, "lan_address", lambda: "192.168.1.20")
    server = serve.SquareServer(None, host="0.0.0.0", port=0, token="abc")
    (url,) = serve.addresses(server, "0.0.0.0", 8123)
    assert url == "http://192.168.1.20:8123/abc/"
    serve.print_address(url, opened=True)
    out = capsys.readouterr().out
    assert url in out and "open to the network" in out and "█" in out  # and its QR code
    assert serve.new_token() != serve.new_token()
