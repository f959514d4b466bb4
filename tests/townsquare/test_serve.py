"""``grimoire serve`` as the players' phones meet it, over HTTP: the token in the address,
each seat's own link, the state pushed to every page at each change, and the one thing a
page may send (its seat's hand, while a vote is counted). The page itself, in a browser, is
tests/web's."""

from __future__ import annotations

import asyncio
import json
import os
import random
import re
import signal
import subprocess
import sys
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from grimoire.core import events as ev
from grimoire.game import Game
from grimoire.simulate import random_answer, random_table
from grimoire.store import live_table, seat_links
from grimoire.store.saves import save_game
from grimoire.web.state import notes_key

if TYPE_CHECKING:
    import aiohttp  # imported where it is used: every worker collects this file

ROOT = Path(__file__).resolve().parents[2]
DEADLINE = 30.0  # only stops a test that would hang: never reached when things work


def first_day(players: int = 7, seed: int = 4) -> Game:
    game = Game(random_table(players, seed=seed, script="phantom"))
    game.apply(ev.StartNight())
    rng = random.Random(seed)
    while game.prompt is not None:
        game.answer(random_answer(game.prompt, game, rng))
    return game


class Stream:
    """One page's event stream: the states as they arrive."""

    def __init__(self, response: aiohttp.ClientResponse) -> None:
        self.response = response
        self.states: list[dict[str, Any]] = []

    async def next_state(self) -> dict[str, Any]:
        data = ""
        while True:
            line = await asyncio.wait_for(self.response.content.readline(), DEADLINE)
            if not line:
                raise AssertionError("the stream ended")
            text = line.decode().rstrip("\n")
            if text.startswith("data: "):
                data += text[6:]
            elif text == "" and data:
                self.states.append(json.loads(data))
                return self.states[-1]

    async def until(self, check: Any, what: str) -> dict[str, Any]:
        deadline = time.monotonic() + DEADLINE
        state = self.states[-1] if self.states else await self.next_state()
        while not check(state):
            assert time.monotonic() < deadline, f"never arrived: {what}; last state {state}"
            state = await self.next_state()
        return state


@pytest.fixture
async def square(tmp_path: Path) -> AsyncIterator[tuple[Any, Any, Path, Game]]:
    """A server on a saved first day, and an HTTP client on it."""
    from aiohttp.test_utils import TestClient, TestServer

    from grimoire.web.server import SquareServer

    game = first_day()
    path = tmp_path / "game.toml"
    save_game(game, path)
    from aiohttp import TCPConnector

    server = SquareServer(path, token="tok-en_1", look=0.01)
    # No cap on the client's connections (aiohttp's is 100): the pages' streams stay open.
    client = TestClient(TestServer(server.make_app()), connector=TCPConnector(limit=0))
    await client.start_server()
    try:
        # The server reads the game as it starts looking: a page opened before that is told to wait.
        deadline = time.monotonic() + DEADLINE
        while server.shown is None:
            assert time.monotonic() < deadline, "the server never read the game"
            await asyncio.sleep(0.01)
        yield server, client, path, game
    finally:
        await client.close()


async def open_stream(client: Any, base: str) -> Stream:
    response = await client.get(base + "/events")
    assert response.status == 200 and response.headers["Content-Type"].startswith("text/event-stream")
    return Stream(response)


async def test_every_address_without_the_token_or_a_seats_code_is_refused(square: Any) -> None:
    server, client, path, game = square
    codes = seat_links.seat_codes(path, game.state.ring)
    for refused in ("/", "/tok-en_/", "/tok-en_1x/", "/?tok-en_1", "/TOK-EN_1/", "/s/", "/s/" + "a" * 12 + "/",
                    "/s/" + codes[0][:-1] + "/", "/static/page.js", "/favicon.ico", "/s/x/../tok-en_1/"):
        response = await client.get(refused)
        assert response.status in (403, 404), refused
        assert "tok-en_1" not in await response.text()
    response = await client.post("/tok-en_1/hand", json={"up": True})
    assert response.status in (403, 404, 405)  # the table's page raises no hand


async def test_the_page_and_what_it_loads_come_from_here_and_nowhere_else(square: Any) -> None:
    server, client, path, game = square
    response = await client.get("/tok-en_1", allow_redirects=False)
    assert response.status == 302 and response.headers["Location"] == "/tok-en_1/"
    response = await client.get("/tok-en_1/")
    assert response.status == 200 and response.content_type == "text/html"
    policy = response.headers["Content-Security-Policy"]
    assert "default-src 'none'" in policy and "script-src 'self'" in policy
    assert response.headers["Referrer-Policy"] == "no-referrer"  # the address holds the token
    for name, kind in (("page.css", "text/css"), ("page.js", "text/javascript"), ("votes.css", "text/css"),
                       ("votes.js", "text/javascript")):
        loaded = await client.get(f"/tok-en_1/{name}")
        assert loaded.status == 200 and loaded.content_type == kind, name
        assert f'"{name}"' in await response.text()  # the page loads it
        text = await loaded.text()
        assert "http://" not in text and "https://" not in text, name
        assert (await client.post(f"/tok-en_1/{name}", data=b"x")).status == 405  # read-only
    for other in ("votes.jsx", "days.js", "votes.json"):
        assert (await client.get(f"/tok-en_1/{other}")).status == 404
    page = await response.text()
    assert "http://" not in page and "https://" not in page


async def test_the_state_follows_the_game_and_a_death_tonight_shows_only_at_dawn(square: Any) -> None:
    server, client, path, game = square
    stream = await open_stream(client, "/tok-en_1")
    state = await stream.next_state()
    g = game.state
    assert state["phase"] == "day" and [s["name"] for s in state["seats"]] == [g.seats[i].name for i in g.ring]
    assert [s["n"] for s in state["seats"]] == [i + 1 for i in g.ring]
    assert state["me"] is None and state["script"]["name"] == game.script.name
    game.apply(ev.StartNight())
    rng = random.Random(1)
    while game.prompt is not None:
        before = {s.index for s in game.state.seats if s.alive}
        game.answer(random_answer(game.prompt, game, rng))
        save_game(game, path)
        if game.prompt is not None:
            state = await stream.until(lambda s: s["phase"] == "night", "the night")
            died = before - {s.index for s in game.state.seats if s.alive}
            # Whoever died tonight is shown alive until dawn.
            assert all(s["alive"] for s in state["seats"] if s["n"] - 1 in died)
    state = await stream.until(lambda s: s["phase"] == "day" and s["number"] == 2, "the dawn")
    dead = {s.index + 1 for s in game.state.seats if not s.alive}
    assert {s["n"] for s in state["seats"] if not s["alive"]} == dead
    assert {d["n"] for d in state["died"]} == {d + 1 for d in game.state.nights[-1].deaths}


async def test_a_seat_link_sees_its_own_seat_and_raises_only_its_own_hand(
        square: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    server, client, path, game = square
    g = game.state
    codes = seat_links.seat_codes(path, g.ring)
    alive = [s.index for s in g.seats if s.alive]
    mine, nominator, nominee = alive[2], alive[0], alive[1]
    base = f"/s/{codes[mine]}"
    response = await client.get(base, allow_redirects=False)
    assert response.status == 302 and response.headers["Location"] == base + "/"
    stream = await open_stream(client, base)
    state = await stream.until(lambda s: s["me"] is not None, "the seat's page")
    notes = state["me"].pop("notes")  # the key of the seat's own notes in its browser: of this game and seat
    assert state["me"] == {"n": mine + 1, "hand": None, "can_vote": False}
    assert notes == notes_key(seat_links.read_table_token(path) or "", codes[mine]) and len(notes) == 20
    assert codes[mine] not in notes and "tok-en_1" not in notes
    assert [s["n"] for s in state["seats"] if s["me"]] == [mine + 1]
    refused = await client.post(base + "/hand", json={"up": True})
    assert refused.status == 409 and "No vote" in await refused.text()
    # A player's notes stay in their browser: no address takes them.
    for route in ("/notes", "/note", "/notes/6", "/events", "/"):
        answer = await client.post(base + route, json={"6": {"claim": "Meg", "guess": "evil", "words": "x"}})
        assert answer.status in (404, 405), route
    assert (await client.put(base + "/notes", json={})).status in (404, 405)

    game.apply(ev.Nominate(nominator, nominee))
    save_game(game, path)
    vote = live_table.VoteInProgress(live_table.VoteInProgress.new_key(), nominator, nominee, g.beside(nominee, 1))
    live_table.write_live(path, live_table.LiveTable(vote=vote))
    state = await stream.until(lambda s: s["vote"] is not None, "the vote")
    assert state["vote"]["on"] == {"n": nominee + 1, "name": g.name(nominee)}
    assert state["vote"]["at"] == vote.at + 1 and state["me"] == {"n": mine + 1, "hand": False, "can_vote": True,
                                                                        "notes": notes}

    for bad in ({"up": 1}, {"up": True, "seat": 1}, [], "up"):
        assert (await client.post(base + "/hand", json=bad)).status == 400
    assert (await client.post(base + "/hand", data=b"x" * 10_000)).status == 413
    # A finger, not a script: a second hand at once is refused (the gap made long while it is
    # checked, so that a loaded machine's pause between the two posts cannot pass for a finger's).
    monkeypatch.setattr("grimoire.web.server.HANDS_PER_SECOND", 0.001)
    assert (await client.post(base + "/hand", json={"up": True})).status == 204
    state = await stream.until(lambda s: s["me"]["hand"] is True, "the hand up")
    hands = live_table.read_hands(path)
    assert hands is not None and hands.key == vote.key and hands.as_dict() == {mine: True}
    assert (await client.post(base + "/hand", json={"up": False})).status == 429
    monkeypatch.setattr("grimoire.web.server.HANDS_PER_SECOND", 1e9)  # and after the gap, taken
    assert (await client.post(base + "/hand", json={"up": False})).status == 204
    hands = live_table.read_hands(path)
    assert hands is not None and hands.as_dict() == {mine: False}
    # The grimoire counts the vote: the vote's file closes it, and the hands go nowhere.
    game.apply(ev.Vote(nominee, (nominator,)))
    save_game(game, path)
    live_table.write_live(path, live_table.LiveTable())
    state = await stream.until(lambda s: s["vote"] is None, "the vote's end")
    assert state["me"]["can_vote"] is False
    assert (await client.post(base + "/hand", json={"up": True})).status == 409


async def test_a_dead_seat_without_its_ghost_vote_cannot_raise_a_hand(square: Any) -> None:
    server, client, path, game = square
    g = game.state
    alive = [s.index for s in g.seats if s.alive]
    dead = alive[3]
    game.apply(ev.SetAlive(dead, False))
    game.apply(ev.SetGhostVote(dead, False))
    game.apply(ev.Nominate(alive[0], alive[1]))
    save_game(game, path)
    codes = seat_links.seat_codes(path, g.ring)
    vote = live_table.VoteInProgress("k1", alive[0], alive[1], None)
    live_table.write_live(path, live_table.LiveTable(vote=vote))
    stream = await open_stream(client, f"/s/{codes[dead]}")
    state = await stream.until(lambda s: s["vote"] is not None, "the vote")
    assert state["me"]["can_vote"] is False
    response = await client.post(f"/s/{codes[dead]}/hand", json={"up": True})
    assert response.status == 409 and live_table.read_hands(path) is None


async def test_a_stale_vote_file_shows_nothing(square: Any) -> None:
    server, client, path, game = square
    alive = [s.index for s in game.state.seats if s.alive]
    # A vote on a nomination that was never made (the grimoire's file from an earlier day).
    live_table.write_live(path, live_table.LiveTable(vote=live_table.VoteInProgress("k1", alive[0], alive[1], None)))
    stream = await open_stream(client, "/tok-en_1")
    await asyncio.sleep(0.1)
    state = await stream.next_state()
    assert state["vote"] is None


async def test_the_timer_is_sent_as_seconds_left_and_counted_down_by_the_pages(square: Any) -> None:
    server, client, path, game = square
    stream = await open_stream(client, "/tok-en_1")
    await stream.next_state()
    live_table.write_live(path, live_table.LiveTable(timer=live_table.DayTimer("Discussion", True, 300.0, time.time())))
    state = await stream.until(lambda s: s["timer"] is not None, "the timer")
    assert state["timer"]["label"] == "Discussion" and state["timer"]["running"] is True
    assert 295 <= state["timer"]["left"] <= 300


async def test_a_page_opened_while_the_timer_runs_gets_the_time_left_now_not_at_the_last_change(
        square: Any) -> None:
    server, client, path, game = square
    codes = seat_links.seat_codes(path, game.state.ring)
    started = time.time()
    live_table.write_live(path, live_table.LiveTable(timer=live_table.DayTimer("Discussion", True, 300.0, started)))
    first = await open_stream(client, "/tok-en_1")
    await first.until(lambda s: s["timer"] is not None, "the timer")
    await asyncio.sleep(1.5)  # no game change meanwhile: a TV that opens (or reconnects) now
    for base in ("/tok-en_1", f"/s/{codes[0]}"):
        stream = await open_stream(client, base)
        state = await stream.next_state()
        left = 300.0 - (time.time() - started)
        assert abs(state["timer"]["left"] - left) < 0.5, (base, state["timer"], left)


async def test_a_hundred_open_pages_and_a_burst_of_requests_are_all_served(square: Any) -> None:
    server, client, path, game = square
    streams = [await open_stream(client, "/tok-en_1") for _ in range(100)]
    for stream in streams:
        await stream.next_state()
    burst = await asyncio.gather(*(client.get("/tok-en_1/page.js") for _ in range(200)),
                                 *(client.get("/nope/") for _ in range(200)))
    assert sorted({r.status for r in burst}) == [200, 403]
    game.apply(ev.StartNight())
    save_game(game, path)
    for stream in streams:
        await stream.until(lambda s: s["phase"] == "night", "the night on every page")
    assert len(server.pages) == 100


async def test_the_game_open_in_the_grimoire_is_followed_and_a_switch_forgets_the_last_ones_links(
        tmp_path: Path) -> None:
    from aiohttp.test_utils import TestClient, TestServer

    from grimoire.store.open_game import record_open
    from grimoire.web.server import SquareServer

    first, second = tmp_path / "first.toml", tmp_path / "second.toml"
    save_game(Game(random_table(5, seed=1, script="phantom")), first)
    save_game(first_day(), second)
    codes = seat_links.seat_codes(first, range(5))
    record_open(first)
    server = SquareServer(None, token="tok", look=0.01)
    async with TestClient(TestServer(server.make_app())) as client:
        table = await open_stream(client, "/tok")
        seat = await open_stream(client, f"/s/{codes[0]}")
        for stream in (table, seat):
            await stream.until(lambda s: s.get("phase") == "setup", "the first game")
        record_open(second, rehearsal=True)
        state = await table.until(lambda s: s.get("phase") == "day", "the second game")
        assert state["rehearsal"] is True  # marked on the page as one
        # The seat's page was of the first game: told it ended, and sent nothing more.
        assert await seat.next_state() == {"v": 1, "ended": True}
        assert await asyncio.wait_for(seat.response.content.read(), DEADLINE) == b""
        assert (await client.get(f"/s/{codes[0]}/")).status == 403


async def test_a_new_game_at_the_same_file_ends_the_last_ones_seat_pages(square: Any) -> None:
    """A rehearsal started again: the same file, the links of the last game forgotten."""
    server, client, path, game = square
    codes = seat_links.seat_codes(path, game.state.ring)
    table = await open_stream(client, "/tok-en_1")
    seat = await open_stream(client, f"/s/{codes[1]}")
    for stream in (table, seat):
        await stream.until(lambda s: s.get("phase") == "day", "the game")
    seat_links.forget_seat_links(path)
    save_game(Game(random_table(5, seed=9, script="phantom")), path)
    await table.until(lambda s: s.get("phase") == "setup", "the new game on the table's page")
    assert await seat.next_state() == {"v": 1, "ended": True}
    assert await asyncio.wait_for(seat.response.content.read(), DEADLINE) == b""


class Served:
    """``grimoire serve SAVE --port 0`` in a process of its own, and the address it printed."""

    def __init__(self, save: Path, home: Path) -> None:
        env = {**os.environ, "GRIMOIRE_HOME": str(home),
               "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
        self.proc = subprocess.Popen([sys.executable, "-m", "grimoire", "serve", str(save), "--port", "0"],
                                     stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env)
        self.printed = ""
        assert self.proc.stdout is not None
        deadline = time.monotonic() + DEADLINE
        while time.monotonic() < deadline:
            line = self.proc.stdout.readline()
            if not line:
                break
            self.printed += line
            if "Ctrl+C" in line:
                break
        found = re.search(r"http://127\.0\.0\.1:\d+/[A-Za-z0-9_-]+/", self.printed)
        assert found, "grimoire serve printed no address:\n" + self.printed
        self.url = found.group(0)

    def stop(self) -> int:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)
        try:
            return self.proc.wait(timeout=DEADLINE)
        finally:
            if self.proc.poll() is None:
                self.proc.kill()
                self.proc.wait()


@pytest.mark.long
async def test_grimoire_serve_prints_its_address_tells_the_grimoire_and_stops_on_ctrl_c(tmp_path: Path) -> None:
    import aiohttp

    save = tmp_path / "game.toml"
    save_game(first_day(), save)
    home = Path(os.environ["GRIMOIRE_HOME"])
    served = Served(save, home)
    try:
        assert "█" in served.printed or "#" in served.printed  # its QR code
        record = seat_links.read_served()
        assert record is not None and record.table_url == served.url and record.pid == served.proc.pid
        async with aiohttp.ClientSession() as http:
            async with http.get(served.url) as response:
                assert response.status == 200
            async with http.get(served.url.rsplit("/", 2)[0] + "/") as response:
                assert response.status == 403
        assert served.stop() == 0
        assert seat_links.read_served(check_alive=False) is None
    finally:
        served.stop()


async def test_a_second_server_stopped_leaves_the_first_found_and_ends_the_pages_streams(
        tmp_path: Path) -> None:
    import aiohttp

    save = tmp_path / "game.toml"
    save_game(first_day(), save)
    home = Path(os.environ["GRIMOIRE_HOME"])
    first = Served(save, home)
    second = Served(save, home)
    try:
        record = seat_links.read_served()
        assert record is not None and record.pid == second.proc.pid  # the last one started
        async with aiohttp.ClientSession() as http:
            streams = [await http.get(second.url + "events") for _ in range(3)]
            for stream in streams:
                assert (await stream.content.readline()).startswith(b"data: ")
            # (How quickly it stops with pages open is make bench's to measure.)
            assert second.stop() == 0
            for stream in streams:
                await asyncio.wait_for(stream.content.read(), 10)  # to its end: the server ended it
                assert stream.content.at_eof()
                stream.close()
        record = seat_links.read_served()
        assert record is not None and record.pid == first.proc.pid and record.table_url == first.url
        assert first.stop() == 0
        assert seat_links.read_served(check_alive=False) is None
    finally:
        second.stop()
        first.stop()


async def test_a_malformed_request_is_one_line_without_the_token_and_a_refusal_is_nothing(tmp_path: Path) -> None:
    save = tmp_path / "game.toml"
    save_game(first_day(), save)
    served = Served(save, Path(os.environ["GRIMOIRE_HOME"]))
    try:
        host, port, token = re.fullmatch(r"http://([\d.]+):(\d+)/([^/]+)/", served.url).groups()  # type: ignore[union-attr]
        code = "a" * seat_links.CODE_LENGTH
        malformed = [f"GET /{token}/ HTTP/1.1\r\nHost: x\r\nNo colon here\r\n\r\n",
                     f"GET /{token}/\x01 HTTP/1.1\r\nHost: x\r\n\r\n",
                     f"GET /{token}/ HTTP/1.1\r\nHost: x\r\nContent-Length: zz\r\n\r\n"]
        refused = ["GET /nothing/ HTTP/1.1\r\nHost: x\r\n\r\n", f"GET /s/{code}/ HTTP/1.1\r\nHost: x\r\n\r\n",
                   f"GET /{token}/events HTTP/1.1\r\nHost: x\r\n\r\n"]  # the last: a page that goes away
        for raw in malformed + refused:
            reader, writer = await asyncio.open_connection(host, int(port))
            writer.write(raw.encode())
            await writer.drain()
            assert (await asyncio.wait_for(reader.readline(), DEADLINE)).startswith(b"HTTP/1.")
            writer.close()
        await asyncio.sleep(0.3)
        assert served.stop() == 0
        assert served.proc.stdout is not None
        printed = served.proc.stdout.read()
        assert token not in printed and "Traceback" not in printed
        lines = printed.splitlines()
        assert len(lines) == len(malformed), printed
        assert all(line.startswith("grimoire serve: a malformed request from 127.0.0.1 was refused (400") for line in lines)
    finally:
        served.stop()


def test_serving_a_game_that_is_not_there_says_so(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    from grimoire.cli import main

    assert main(["serve", str(tmp_path / "no such game.toml"), "--port", "0"]) == 2
    err = capsys.readouterr().err
    assert "no such saved game" in err and "no such game.toml" in err


@pytest.mark.parametrize("kind", ["fifo", "folder"])
def test_serving_a_fifo_or_a_folder_refuses_it_as_no_regular_file(tmp_path: Path, capsys, kind: str) -> None:  # type: ignore[no-untyped-def]
    from grimoire.cli import main

    odd = tmp_path / "game.toml"
    if kind == "fifo":
        os.mkfifo(odd)
    else:
        odd.mkdir()
    assert main(["serve", str(odd), "--port", "0"]) == 2
    err = capsys.readouterr().err
    assert "no such saved game" not in err
    assert ("named pipe (FIFO), not a regular file" if kind == "fifo" else "a folder, not a file") in err


def test_the_address_printed_for_the_network_is_the_machines_own(monkeypatch, capsys) -> None:  # type: ignore[no-untyped-def]
    from grimoire.web import serve
    from grimoire.web.server import SquareServer, new_token

    monkeypatch.setattr(serve, "lan_address", lambda: "192.168.1.20")
    server = SquareServer(None, token="abc")
    (url,) = serve.addresses(server, "0.0.0.0", 8123)
    assert url == "http://192.168.1.20:8123/abc/"
    serve.print_address(url, opened=True)
    out = capsys.readouterr().out
    assert url in out and "open to the network" in out and "█" in out  # and its QR code
    assert new_token() != new_token()


def test_a_seats_notes_key_outlives_a_restart_and_a_new_game_has_new_ones(tmp_path: Path) -> None:
    """The key a seat's page keeps its player's notes under: the same for the same game after
    the server restarts (the token and the codes are kept with the game), new for a new game."""
    from grimoire.web.server import SquareServer

    def keys(path: Path) -> list[str]:
        server = SquareServer(path)
        server.table.look()
        return [server._notes_key(seat) for seat in range(7)]

    game = first_day()
    path = tmp_path / "game.toml"
    save_game(game, path)
    seat_links.seat_codes(path, game.state.ring)
    before = keys(path)
    assert len(set(before)) == 7 and all(len(k) == 20 for k in before)
    assert keys(path) == before  # a restart
    other = tmp_path / "another.toml"
    save_game(game, other)
    seat_links.seat_codes(other, game.state.ring)
    assert not set(keys(other)) & set(before)
    seat_links.forget_seat_links(path)  # a new game at the same path (a rehearsal started again)
    seat_links.seat_codes(path, game.state.ring)
    assert not set(keys(path)) & set(before)
    assert SquareServer(path)._notes_key(None) == ""  # the table's page keeps no notes


async def test_a_secret_vote_takes_no_hand_from_a_phone(square: Any) -> None:
    server, client, path, game = square
    g = game.state
    alive = [s.index for s in g.seats if s.alive]
    game.apply(ev.Nominate(alive[0], alive[1]))
    save_game(game, path)
    codes = seat_links.seat_codes(path, g.ring)
    vote = live_table.VoteInProgress("k1", alive[0], alive[1], alive[2], hidden=True)
    live_table.write_live(path, live_table.LiveTable(vote=vote))
    stream = await open_stream(client, f"/s/{codes[alive[2]]}")
    state = await stream.until(lambda s: s["vote"] is not None, "the vote")
    assert state["vote"]["hidden"] and state["vote"]["up"] == [] and state["vote"]["count"] is None
    assert state["me"]["can_vote"] is False and state["me"]["hand"] is None
    response = await client.post(f"/s/{codes[alive[2]]}/hand", json={"up": True})
    assert response.status == 409 and "secret" in await response.text()
    assert live_table.read_hands(path) is None  # nothing written


async def test_a_seats_cards_reach_only_its_page_and_only_its_phone_says_it_opened_them(
        square: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    from grimoire.present.phone_cards import card_event
    from grimoire.present.phone_cards import dealt as dealt_now
    from grimoire.present.show_cards import text_card
    from grimoire.store import phone_cards

    server, client, path, game = square
    g = game.state
    codes = seat_links.seat_codes(path, g.ring)
    mine, other = g.ring[2], g.ring[3]
    table, seat = await open_stream(client, "/tok-en_1"), await open_stream(client, f"/s/{codes[mine]}")
    state = await seat.until(lambda s: s["me"] is not None, "the seat's page")
    assert state["cards"] == []  # nothing dealt, nothing sent: nothing private
    for route in ("/tok-en_1/phone_cards.js", "/tok-en_1/phone_cards.css", f"/s/{codes[mine]}/phone_cards.js"):
        assert (await client.get(route)).status == 200

    # The storyteller deals, and sends a night card to another seat: events of the save.
    card = text_card("Your neighbour is evil")
    assert card is not None
    game.apply(ev.PhonesChoice(phone_cards.new_card_id(), True))
    theirs = card_event(card, phone_cards.new_card_id(), other, phone=True)
    game.apply(theirs)
    save_game(game, path)
    state = await seat.until(lambda s: len(s["cards"]) == 1, "the dealt card")
    dealt = dealt_now(game.state)[mine]
    assert state["cards"][0]["id"] == dealt.id and state["cards"][0]["dealt"] is True
    assert state["cards"][0]["state"] == "new"
    assert [b["text"] for b in state["cards"][0]["blocks"]][:2] == ["You are", dealt.blocks[1][1]]
    assert theirs.card not in json.dumps(state) and "neighbour" not in json.dumps(state)
    first = await table.next_state() if not table.states else table.states[-1]
    assert "cards" not in first and dealt.id not in json.dumps(table.states)

    base = f"/s/{codes[mine]}/card"
    # Bad input: a clear 4xx, and nothing changes.
    assert (await client.post("/tok-en_1/card", json={"card": dealt.id, "did": "opened"})).status in (403, 404, 405)
    for bad in ({"card": dealt.id}, {"card": dealt.id, "did": "read"}, {"card": "x" * 16, "did": "seen"},
                {"card": dealt.id, "did": "seen", "seat": 1}, [], "opened", {"card": 7, "did": "opened"}):
        answer = await client.post(base, json=bad)
        assert answer.status == 400 and "did" in await answer.text(), bad
    assert (await client.post(base, data=b"{")).status == 400
    assert (await client.post(base, data=b"x" * 10_000)).status == 413
    # Another seat's card, by its id: as unknown as a made-up one.
    answer = await client.post(base, json={"card": theirs.card, "did": "seen"})
    assert answer.status == 404 and "no such card" in await answer.text()
    assert phone_cards.read_seen(path) == {}

    # A finger, not a script: the second word at once is refused (the gap made long, so that a
    # loaded machine's pause between the two posts cannot pass for a finger's).
    monkeypatch.setattr("grimoire.web.server.HANDS_PER_SECOND", 0.001)
    assert (await client.post(base, json={"card": dealt.id, "did": "opened"})).status == 204
    assert (await client.post(base, json={"card": dealt.id, "did": "seen"})).status == 429
    assert phone_cards.read_seen(path) == {dealt.id: "opened"}
    state = await seat.until(lambda s: s["cards"][0]["state"] == "opened", "opened, on the page")
    # Their own phone says it for theirs; the grimoire reads it.
    answer = await client.post(f"/s/{codes[other]}/card", json={"card": theirs.card, "did": "seen"})
    assert answer.status == 204 and phone_cards.read_seen(path) == {dealt.id: "opened", theirs.card: "seen"}
    # The grimoire, following what the server was told, logs it: the save is the grimoire's alone.
    from grimoire.tui.session import Session
    from grimoire.tui.support.phones_said import PhonesSaid

    said = PhonesSaid(path)
    assert said.look(Session(game)) == 3 and said.look(Session(game)) == 0
    assert game.events[-3:] == [ev.CardOpened(dealt.id), ev.CardOpened(theirs.card), ev.CardSeen(theirs.card)]

    # A swap gives the seat a new card, closed again; with the choices off, nothing at all.
    swap_to = next(s.character for s in g.seats if s.character != g.seats[mine].character)
    game.apply(ev.SwapCharacter(mine, swap_to))
    save_game(game, path)
    state = await seat.until(lambda s: s["cards"] and s["cards"][0]["id"] != dealt.id, "the new card")
    assert state["cards"][0]["state"] == "new"
    game.apply(ev.PhonesChoice())
    save_game(game, path)
    await seat.until(lambda s: s["cards"] == [], "no card")
    await asyncio.sleep(0.25)
    assert (await client.post(base, json={"card": dealt.id, "did": "opened"})).status == 404


async def test_a_card_for_one_seat_sends_nothing_to_the_other_pages(square: Any) -> None:
    from grimoire.present.phone_cards import card_event
    from grimoire.present.show_cards import text_card
    from grimoire.store import phone_cards

    server, client, path, game = square
    g = game.state
    codes = seat_links.seat_codes(path, g.ring)
    mine, other = g.ring[2], g.ring[3]
    table = await open_stream(client, "/tok-en_1")
    seat, neighbour = await open_stream(client, f"/s/{codes[mine]}"), await open_stream(client, f"/s/{codes[other]}")
    for stream in (table, seat, neighbour):
        await stream.until(lambda s: "waiting" not in s, "the game")
    card = text_card("Your neighbour is evil")
    assert card is not None
    game.apply(ev.PhonesChoice("", True))
    game.apply(card_event(card, phone_cards.new_card_id(), mine, phone=True))
    save_game(game, path)
    await seat.until(lambda s: len(s["cards"]) == 1, "the card")
    # The next change every page sees: it is the next message on the others' streams (the
    # card's change sent them nothing, not even their same state again).
    nominator, nominee = g.ring[0], g.ring[1]
    game.apply(ev.Nominate(nominator, nominee))
    save_game(game, path)
    for stream in (table, neighbour):
        state = await stream.next_state()
        assert len(state["nominations"]) == 1, state
