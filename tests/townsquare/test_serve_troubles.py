"""``grimoire serve`` when something goes wrong: the save unreadable for a moment (not UTF-8,
half written, damaged) is said once, the pages keep the last good state and follow the file
again once it reads; a file that is no save is refused as the server starts, with nothing
written beside it; a page that goes away frees its place among the open streams at once; and
Ctrl+C never prints a traceback."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from grimoire.core import events as ev
from grimoire.game import Game
from grimoire.simulate import random_table
from grimoire.store.saves import save_game
from tests.townsquare.test_serve import DEADLINE, ROOT, first_day

UNREADABLE = "cannot be read as a game just now"


def write(path: Path, data: bytes) -> None:
    """As an editor or a copy cut short writes: in place, not atomically."""
    with open(path, "wb") as f:
        f.write(data)


async def test_a_save_unreadable_for_a_while_is_said_once_and_the_pages_keep_the_last_good_state(
        tmp_path: Path) -> None:
    from grimoire.web.server import SquareServer

    game = first_day()
    path = tmp_path / "game.toml"
    save_game(game, path)
    good = path.read_bytes()
    said: list[str] = []
    server = SquareServer(path, token="tok", say=said.append)
    await server.look()
    shown = server.shown
    assert shown is not None and shown.view.phase == "day" and said == []
    bad = [b"title = \"\xff\xfe not UTF-8\"\n" + good,  # a byte that is no UTF-8
           good[: len(good) // 2],  # half written
           b"[setup]\nplayers = \"many\"\n",  # TOML, but no game
           good.replace(b"[[events]]", b"[[events]]\ntype = \"NoSuchEvent\"", 1)]  # a damaged event
    assert bad[-1] != good
    for data in bad:
        write(path, data)
        await server.look()
        assert server.shown is shown  # the last good state, as every page has it
    assert len(said) == 1 and UNREADABLE in said[0] and str(path) in said[0], said
    # Right again (the grimoire's next save): followed from there, and said so.
    game.apply(ev.StartNight())
    save_game(game, path)
    await server.look()
    assert server.shown is not None and server.shown.view.phase == "night"
    assert len(said) == 2 and said[1].endswith("reads again: the pages follow it."), said
    # Another bad moment later is said again, once.
    write(path, b"\xff")
    await server.look()
    write(path, b"\xfe\xfe")
    await server.look()
    assert len(said) == 3 and UNREADABLE in said[2]
    assert server.shown is not None and server.shown.view.phase == "night"


async def test_a_look_that_fails_in_any_way_is_said_once_and_the_server_keeps_looking(tmp_path: Path) -> None:
    from grimoire.web.server import SquareServer

    path = tmp_path / "game.toml"
    save_game(first_day(), path)
    said: list[str] = []
    server = SquareServer(path, token="tok", look=0.001, say=said.append)
    looks = 0
    looked_on = asyncio.Event()

    async def look() -> None:
        nonlocal looks
        looks += 1
        if looks <= 5:
            raise RuntimeError("no")
        looked_on.set()

    server.look = look  # type: ignore[method-assign]
    await server._start_looking(None)  # type: ignore[arg-type]
    await asyncio.wait_for(looked_on.wait(), DEADLINE)
    await server._stop_looking(None)  # type: ignore[arg-type]  # and the stop raises nothing
    assert len(said) == 1 and "could not be followed just now (RuntimeError)" in said[0], said


def not_a_save(kind: str, folder: Path) -> Path:
    if kind == "text":
        path = folder / "notes.txt"
        path.write_text("Ben claimed the Meg on day two.\n")
    elif kind == "not utf-8":
        path = folder / "game.toml"
        path.write_bytes(b"\xff\xfe\x00\x00")
    elif kind == "session log":
        from grimoire.present.export import FORMATS

        path = folder / "game.json"
        path.write_text(FORMATS["json"](Game(random_table(5, seed=2, script="phantom"))))
    else:
        path = folder / "script.json"
        path.write_text('[{"id": "_meta", "name": "Homebrew"}, "washerwoman"]')
    return path


@pytest.mark.parametrize("kind", ["text", "not utf-8", "session log", "script"])
def test_serving_a_file_that_is_no_save_refuses_it_in_one_line_and_writes_nothing_beside_it(
        tmp_path: Path, capsys: Any, monkeypatch: Any, kind: str) -> None:
    from grimoire.cli import main
    from grimoire.web import serve

    folder = tmp_path / "folder"
    folder.mkdir()
    path = not_a_save(kind, folder)
    listened: list[Any] = []

    async def listen(*args: Any, **kwargs: Any) -> None:  # what would serve the pages for ever
        listened.append(args)

    monkeypatch.setattr(serve, "serve", listen)
    assert main(["serve", str(path), "--port", "0"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and listened == []
    assert len(err.splitlines()) == 1 and err.startswith(f"grimoire serve: {path}: "), err
    assert sorted(p.name for p in folder.iterdir()) == [path.name]


def test_ctrl_c_as_grimoire_serve_starts_stops_it_without_a_traceback(tmp_path: Path, monkeypatch: Any,
                                                                         capsys: Any) -> None:
    """Before the server takes Ctrl+C over (while a long game is read, say)."""
    from grimoire.cli import main
    from grimoire.store import saves

    path = tmp_path / "game.toml"
    save_game(first_day(), path)

    def interrupted(*args: Any, **kwargs: Any) -> Any:
        raise KeyboardInterrupt

    monkeypatch.setattr(saves, "load_game", interrupted)
    monkeypatch.setattr("grimoire.web.serve.load_game", interrupted)
    assert main(["serve", str(path), "--port", "0"]) == 130
    assert capsys.readouterr().err == ""


async def test_a_page_that_goes_away_frees_its_place_at_once(tmp_path: Path, monkeypatch: Any) -> None:
    from aiohttp import web

    from grimoire.web import server as served
    from grimoire.web.server import MAX_PAGES, SquareServer

    path = tmp_path / "game.toml"
    save_game(first_day(), path)
    monkeypatch.setattr(served, "PING", 3600.0)  # no write to a page gone tells it before the test ends
    server = SquareServer(path, token="tok", look=0.01)
    runner = server.runner(handle_signals=False, shutdown_timeout=1.0)  # as grimoire serve runs it
    await runner.setup()
    await web.TCPSite(runner, "127.0.0.1", 0).start()
    port = runner.addresses[0][1]

    async def open_stream() -> tuple[bytes, asyncio.StreamWriter]:
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        writer.write(b"GET /tok/events HTTP/1.1\r\nHost: x\r\n\r\n")
        await writer.drain()
        return await asyncio.wait_for(reader.readline(), DEADLINE), writer

    try:
        opened = [await open_stream() for _ in range(MAX_PAGES)]
        assert {status.split(b" ")[1] for status, _ in opened} == {b"200"}
        status, extra = await open_stream()
        assert status.split(b" ")[1] == b"503"  # one too many
        extra.close()
        for _, writer in opened:  # every page goes away
            writer.close()
        deadline = time.monotonic() + DEADLINE
        while server.pages:
            assert time.monotonic() < deadline, f"{len(server.pages)} pages gone still hold their place"
            await asyncio.sleep(0.01)
        status, writer = await open_stream()
        assert status.split(b" ")[1] == b"200"  # a new page is served
        writer.close()
    finally:
        await runner.cleanup()


@pytest.mark.slow  # a process of its own; the same in-process above
async def test_grimoire_serve_says_a_bad_save_once_follows_it_again_and_stops_on_ctrl_c_without_a_traceback(
        tmp_path: Path) -> None:
    save = tmp_path / "game.toml"
    game = first_day()
    save_game(game, save)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
    proc = subprocess.Popen([sys.executable, "-m", "grimoire", "serve", str(save), "--port", "0"],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env)
    assert proc.stdout is not None
    printed: list[str] = []

    async def until(words: str) -> None:
        while not any(words in line for line in printed):
            line = await asyncio.wait_for(asyncio.to_thread(proc.stdout.readline), DEADLINE)  # type: ignore[union-attr]
            assert line, "grimoire serve ended:\n" + "".join(printed)
            printed.append(line)

    try:
        await until("Ctrl+C")
        good = save.read_bytes()
        write(save, b"\xff" + good)
        await until(UNREADABLE)
        write(save, good[: len(good) // 3])  # half written: still the same bad moment
        game.apply(ev.StartNight())
        save_game(game, save)
        await until("reads again")
        proc.send_signal(signal.SIGINT)
        assert await asyncio.to_thread(proc.wait, DEADLINE) == 0
        printed.append(proc.stdout.read())
        text = "".join(printed)
        assert "Traceback" not in text and text.count(UNREADABLE) == 1, text
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
