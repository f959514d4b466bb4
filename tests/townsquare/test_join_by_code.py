"""Joining by one code, over HTTP and in its pure parts: which phone holds which seat (the
server's claims less the storyteller's releases and moves of the log), the join file beside the
game, and ``grimoire serve``'s join link: one phone a seat, nothing private before it sits, its
seat kept across a restart, the storyteller's decisions followed, and a new game's pages ended."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grimoire.core import events as ev
from grimoire.core.seat_claims import Claim, Decisions, decisions, holders, seat_of_key
from grimoire.game import Game, IllegalAction
from grimoire.simulate import random_table
from grimoire.store import join_desk, phone_cards, seat_links
from grimoire.store.join_desk import Desk, read_desk, write_desk
from grimoire.store.saves import load_game, save_game
from grimoire.web.join import COOKIE, key_hash
from tests.townsquare.test_serve import DEADLINE, Stream, open_stream, square  # noqa: F401  (the fixture)

A, B, C = "a" * 32, "b" * 32, "c" * 32


# --- who holds which seat ---------------------------------------------------------------------------
def test_a_seat_is_held_by_the_newest_claim_standing_on_it() -> None:
    claims = [Claim("2222aaaa", 0, A), Claim("3333bbbb", 1, B)]
    assert holders(claims, Decisions()) == {0: claims[0], 1: claims[1]}
    released = decisions([ev.PhoneReleased("2222aaaa", 0)])
    assert holders(claims, released) == {1: claims[1]}
    moved = decisions([ev.PhoneMoved("3333bbbb", 1, 4)])
    assert holders(claims, moved) == {0: claims[0], 4: Claim("3333bbbb", 4, B)}
    # Released, then another phone sat there, then the release undone: the newer claim holds the
    # seat, never two phones on one.
    later = [*claims, Claim("4444cccc", 0, C)]
    assert holders(later, Decisions())[0].id == "4444cccc"
    assert [c.id for c in holders(later, Decisions()).values()].count("2222aaaa") == 0
    # A seat no longer at the table holds nothing.
    assert holders(claims, Decisions(), seats=[1]) == {1: claims[1]}
    assert seat_of_key(holders(claims, moved), B) == 4 and seat_of_key(holders(claims, released), A) is None


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 6), st.sampled_from(["claim", "release", "move"]), st.integers(0, 6)),
                max_size=25))
def test_whatever_the_claims_and_decisions_no_seat_has_two_phones_and_no_phone_two_seats(
        steps: list[tuple[int, str, int]]) -> None:
    claims: list[Claim] = []
    events: list[ev.Event] = []
    for seat, what, to in steps:
        if what == "claim" or not claims:
            claims.append(Claim(f"{len(claims):08d}".replace("0", "a").replace("1", "b"), seat,
                                f"{len(claims):032x}"))
        elif what == "release":
            events.append(ev.PhoneReleased(claims[seat % len(claims)].id, 0))
        else:
            events.append(ev.PhoneMoved(claims[seat % len(claims)].id, 0, to))
    held = holders(claims, decisions(events))
    ids = [c.id for c in held.values()]
    assert len(ids) == len(set(ids))
    assert all(c.seat == seat for seat, c in held.items())


def test_the_storytellers_release_and_move_are_events_a_save_keeps_and_the_fold_checks() -> None:
    game = Game(random_table(5, seed=1, script="phantom"))
    game.apply(ev.PhoneReleased("2222aaaa", 1))
    game.apply(ev.PhoneMoved("3333bbbb", 2, 4))
    for bad in (ev.PhoneReleased("nope", 1), ev.PhoneMoved("2222aaaa", 2, 2), ev.PhoneMoved("2222aaaa", 2, 9)):
        with pytest.raises(IllegalAction):
            game.apply(bad)
    assert len(game.events) == 2


def test_the_record_keeps_the_release_across_a_save(tmp_path: Path) -> None:
    game = Game(random_table(5, seed=1, script="phantom"))
    game.apply(ev.PhoneReleased("2222aaaa", 1))
    save_game(game, tmp_path / "g.toml")
    assert load_game(tmp_path / "g.toml").events == [ev.PhoneReleased("2222aaaa", 1)]


@pytest.mark.parametrize("text", ["", "[]", '{"code": "short"}', '{"code": "abcdefgh", "claims": [{"id": 1}]}',
                                  '{"code": "abcdefgh", "claims": [{"id": "2222aaaa", "seat": 0, "key": "x"}]}',
                                  "\xff\xfe"])
def test_a_damaged_join_file_holds_no_phone(tmp_path: Path, text: str) -> None:
    game = tmp_path / "g.toml"
    join_desk.join_path(game).write_text(text, encoding="latin-1")
    assert read_desk(game).claims == ()


def test_a_new_game_at_the_same_file_forgets_the_join_code_and_every_claim(tmp_path: Path) -> None:
    game = tmp_path / "g.toml"
    write_desk(game, Desk("abcdefgh", (Claim("2222aaaa", 0, A),)))
    assert read_desk(game).claims
    seat_links.forget_seat_links(game)
    assert read_desk(game) == Desk()


# --- over HTTP ---------------------------------------------------------------------------------------------
async def join_code(server: Any, not_this: str = "") -> str:
    deadline = asyncio.get_running_loop().time() + DEADLINE
    while server.join.desk.code in ("", not_this):
        assert asyncio.get_running_loop().time() < deadline, "no join code was made"
        await asyncio.sleep(0.01)
    return str(server.join.desk.code)


async def sit(client: Any, code: str, seat: int, key: str | None = None) -> Any:
    """A phone taps a seat (``key``: the phone's cookie, if it has one)."""
    cookies = {COOKIE: key} if key else {}
    reply = await client.post(f"/j/{code}/claim", json={"seat": seat}, cookies=cookies)
    client.session.cookie_jar.clear()  # each call a phone of its own, unless given a key
    return reply


def key_of(response: Any) -> str:
    return str(response.cookies[COOKIE].value)


async def test_a_phone_sits_down_by_the_join_code_and_another_cannot_take_its_seat(square: Any) -> None:  # noqa: F811  (the fixture)
    server, client, path, game = square
    code = await join_code(server)
    table = await open_stream(client, "/tok-en_1")
    state = await table.until(lambda s: s.get("invite"), "the join code on the table's page")
    assert state["invite"]["code"] == code
    codes = seat_links.seat_codes(path, game.state.ring)
    seat = await open_stream(client, f"/s/{codes[0]}")
    assert "invite" not in await seat.until(lambda s: "seats" in s, "a seat's page")
    # Before it sits down: the table's page with the seats taken, and nothing of any seat.
    joining = await open_stream(client, f"/j/{code}")
    first = await joining.until(lambda s: "join" in s, "the join page")
    assert first["me"] is None and "cards" not in first and first["join"] == {"taken": []}
    made = await sit(client, code, 3)
    assert made.status == 200 and await made.json() == {"seat": 3, "name": game.state.seats[2].name}
    cookie = made.cookies[COOKIE]
    assert cookie["httponly"] and cookie["path"] == f"/j/{code}" and cookie["samesite"] == "Strict"
    key = key_of(made)
    kept = read_desk(path)
    assert [(c.seat, c.key) for c in kept.claims] == [(2, key_hash(key))] and key not in path.with_name(
        path.name + ".join.json").read_text()
    await joining.until(lambda s: s.get("join") == {"taken": [3]}, "the seat taken, on every join page")
    # Another phone: refused that seat, given another.
    taken = await sit(client, code, 3)
    assert taken.status == 409 and "taken by another phone" in await taken.text()
    assert (await sit(client, code, 4)).status == 200
    # The phone that sat: its seat's page, on a new stream (a reload) and its hand's route.
    mine = await client.get(f"/j/{code}/events", cookies={COOKIE: key})
    state = await Stream(mine).until(lambda s: "seats" in s, "the seat's page")
    assert state["me"]["n"] == 3 and state.get("joined") is True and "join" not in state
    assert (await sit(client, code, 5, key)).status == 409  # one seat a phone
    for bad in ('{"seat": "3"}', "[]", "nope", '{"seat": 3, "x": 1}'):
        reply = await client.post(f"/j/{code}/claim", data=bad, headers={"Content-Type": "application/json"})
        assert reply.status == 400
    assert (await sit(client, code, 99)).status == 404
    assert (await client.get("/j/zzzzzzzz/")).status == 403


async def test_two_phones_tapping_one_seat_at_once_one_sits(square: Any) -> None:  # noqa: F811  (the fixture)
    server, client, path, game = square
    code = await join_code(server)
    replies = await asyncio.gather(*(sit(client, code, 2) for _ in range(6)))
    assert sorted(r.status for r in replies) == [200] + [409] * 5
    assert len(read_desk(path).claims) == 1


async def test_a_seats_cards_reach_the_phone_that_sat_there_and_no_other(square: Any) -> None:  # noqa: F811  (the fixture)
    server, client, path, game = square
    game.apply(ev.PhonesChoice(phone_cards.new_card_id()))
    save_game(game, path)
    code = await join_code(server)
    key = key_of(await sit(client, code, 2))
    mine = Stream(await client.get(f"/j/{code}/events", cookies={COOKIE: key}))
    other = Stream(await client.get(f"/j/{code}/events"))
    state = await mine.until(lambda s: s.get("cards"), "its dealt card")
    assert [c["dealt"] for c in state["cards"]] == [True]
    card = state["cards"][0]["id"]
    state = await other.until(lambda s: "join" in s, "the join page")
    assert "cards" not in state and state["me"] is None
    assert card not in json.dumps(state)


async def test_the_storytellers_release_and_move_reach_the_phone(square: Any) -> None:  # noqa: F811  (the fixture)
    server, client, path, game = square
    code = await join_code(server)
    key = key_of(await sit(client, code, 2))
    phone = Stream(await client.get(f"/j/{code}/events", cookies={COOKIE: key}))
    await phone.until(lambda s: (s.get("me") or {}).get("n") == 2, "seat 2")
    claim = read_desk(path).claims[0]
    game.apply(ev.PhoneMoved(claim.id, 1, 5))
    save_game(game, path)
    await phone.until(lambda s: (s.get("me") or {}).get("n") == 6, "moved to seat 6")
    game.apply(ev.PhoneReleased(claim.id, 5))
    save_game(game, path)
    state = await phone.until(lambda s: "join" in s, "released")
    assert state["me"] is None and state["join"] == {"taken": []}
    assert (await sit(client, code, 6)).status == 200  # the seat is free for another phone
    game.undo()  # the release undone: the newer phone keeps seat 6
    save_game(game, path)
    await asyncio.sleep(0.1)
    assert [c.seat for c in server.join.held().values()] == [5]


async def test_a_phone_keeps_its_seat_across_a_restart_of_the_server(tmp_path: Path) -> None:
    from aiohttp.test_utils import TestClient, TestServer

    from grimoire.web.server import SquareServer

    path = tmp_path / "game.toml"
    save_game(Game(random_table(5, seed=4, script="phantom")), path)
    keys: list[str] = []
    codes: list[str] = []
    for _ in range(2):
        server = SquareServer(path, token="tok-en_1", look=0.01)
        client = TestClient(TestServer(server.make_app()))
        await client.start_server()
        try:
            codes.append(await join_code(server))
            if not keys:
                keys.append(key_of(await sit(client, codes[0], 4)))
            phone = Stream(await client.get(f"/j/{codes[-1]}/events", cookies={COOKIE: keys[0]}))
            await phone.until(lambda s: (s.get("me") or {}).get("n") == 4, "seat 4")
        finally:
            await client.close()
    assert codes[0] == codes[1]


async def test_a_new_game_at_the_same_file_ends_the_join_pages_and_frees_every_seat(square: Any) -> None:  # noqa: F811  (the fixture)
    server, client, path, game = square
    code = await join_code(server)
    key = key_of(await sit(client, code, 1))
    seated = Stream(await client.get(f"/j/{code}/events", cookies={COOKIE: key}))
    joining = Stream(await client.get(f"/j/{code}/events"))
    await seated.until(lambda s: s.get("joined"), "seated")
    await joining.until(lambda s: "join" in s, "joining")
    seat_links.forget_seat_links(path)  # the grimoire starts a new game here
    save_game(Game(random_table(5, seed=9, script="phantom")), path)
    for stream in (seated, joining):
        assert await stream.next_state() == {"v": 1, "ended": True}
    assert (await client.get(f"/j/{code}/")).status == 403
    new = await join_code(server, not_this=code)
    assert read_desk(path).claims == ()
    fresh = Stream(await client.get(f"/j/{new}/events", cookies={COOKIE: key}))
    state = await fresh.until(lambda s: "join" in s, "the new game's join page")
    assert state["me"] is None and state["join"] == {"taken": []}
