"""What each page of a Night of the Mummy game may carry, and the real server following the
game's autosave: the table's page holds only what is face-up; a seat's page its own cards and
grid; a seat may mark only its own cards read; a damaged save is refused in one line."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from grimoire.games import persist
from grimoire.games.mummy import phones as ph
from grimoire.games.mummy import rules, save
from grimoire.games.mummy.phone_page import MummyReader, page_state
from grimoire.store import phone_cards, seat_links
from grimoire.store.join_desk import join_path
from grimoire.web.other_game import OtherShown
from grimoire.web.serve import run_serve
from grimoire.web.server import SquareServer
from tests.games.mummy.pilot import game_of

NAMES = ("<b>Ann</b>", "Ben \"&\" <i>", "Cy", "Di", "Ed")  # names as typed: the page puts them in as text
DEALT = ("phantom", "mummy", "sarcophagus", "archeologist", "cat_burglar")
MYSTERY = ("gargoyle", "sasquatch")


async def followed(server: SquareServer, condition: Callable[[], bool] = lambda: True, what: str = "the game") -> None:
    """The server has read the game (and ``condition`` holds): its own loop may be reading it
    in a thread when the test's look comes, which then finds nothing new and returns at once."""
    deadline = time.monotonic() + 20
    await server.look()
    while not (isinstance(server.shown, OtherShown) and condition()):
        assert time.monotonic() < deadline, f"the server never showed {what}"
        await asyncio.sleep(0.01)
        await server.look()


def party() -> save.Party:
    game = game_of(NAMES, DEALT, MYSTERY)
    phones = ph.new_phones(game, "12" * 8)
    after = rules.inquire(game, 0, 1, "mummy")
    return save.Party(after, ("Ann asks Ben: are you The Mummy?",), (), phones.add(*ph.inquiry_cards(game, after)))


def names_in(state: dict[str, object]) -> str:
    return json.dumps(state, ensure_ascii=False)


def test_the_tables_page_holds_no_card_and_no_face_down_guest() -> None:
    state = page_state(party(), None, {})
    assert state["me"] is None and state["game"] == "mummy"
    assert [p["guest"] for p in state["players"]] == [""] * 5  # type: ignore[index]
    assert [m["guest"] for m in state["mystery"]] == ["", ""]  # type: ignore[index]
    assert "You whisper" not in names_in(state) and "You are" not in names_in(state)


def test_a_seats_page_holds_its_own_cards_and_grid_and_no_other_seats() -> None:
    p = party()
    ann, ben, cy = (page_state(p, s, {}) for s in (0, 1, 2))
    assert [c["kind"] for c in ann["me"]["cards"]] == ["guest", "whisper"]  # type: ignore[index]
    assert [c["kind"] for c in ben["me"]["cards"]] == ["guest", "inquiry"]  # type: ignore[index]
    assert [c["kind"] for c in cy["me"]["cards"]] == ["guest"]  # type: ignore[index]
    assert "The Phantom of the Museum." in names_in(ann) and "You are The Phantom" not in names_in(ben)
    assert "You are The Mummy." in names_in(ben) and "You are The Mummy." not in names_in(ann)
    # Ann's grid: her own card crossed out for everyone else; nothing of Ben's but what she heard.
    grid = ann["me"]["grid"]  # type: ignore[index]
    assert grid["rows"][0] == NAMES[1]
    assert [line[0] for line in grid["marks"]] == ["✗"] * 6  # the Phantom's column
    assert "✓" not in "".join(grid["marks"])
    # What a phone said of a card shows on that card, on that seat's page.
    read = page_state(p, 0, {p.phones.of(0)[1].id: "seen"})  # type: ignore[union-attr]
    assert read["me"]["cards"][1]["state"] == "seen"  # type: ignore[index]


def test_once_someone_wins_every_card_is_on_the_table() -> None:
    p = party()
    game = p.game
    won, _ = rules.accuse(game, 1, {0: "phantom", 2: "sarcophagus", 3: "archeologist", 4: "cat_burglar"},
                          __import__("random").Random(0))
    assert won.winner == 1
    state = page_state(save.Party(won, (), (), p.phones), None, {})
    assert [x["guest"] for x in state["players"]] == ["The Phantom of the Museum", "The Mummy", "The Sarcophagus",  # type: ignore[index]
                                                       "The Archeologist", "The Cat Burglar"]
    # Every grid is filled in: each place holds its guest.
    grid = page_state(save.Party(won, (), (), p.phones), 2, {})["me"]["grid"]  # type: ignore[index]
    assert [line.count("✓") for line in grid["marks"]] == [1] * 6


@pytest.fixture
def saved(tmp_path: Path) -> Path:
    path = persist.write(save.KEY, save.to_dict(party()))
    return path


def test_the_server_recognises_the_mummys_autosave_and_each_seat_gets_its_own_state(saved: Path) -> None:
    codes = seat_links.seat_codes(saved, range(5))
    assert MummyReader().recognises(saved)

    async def run() -> None:
        server = SquareServer(saved, others=(MummyReader(),))
        await server.look()
        assert isinstance(server.shown, OtherShown)
        for seat in (None, 0, 1, 3):
            sent = json.loads(server._state(seat).removeprefix(b"data: "))
            want = page_state(party(), seat, {})
            if seat is not None:
                want["me"]["notes"] = server._notes_key(seat)
            assert sent == json.loads(json.dumps(want))
        assert codes[0] != codes[1]

    asyncio.run(run())


def test_a_seat_may_mark_read_only_its_own_cards(saved: Path) -> None:
    from aiohttp.test_utils import TestClient, TestServer

    codes = seat_links.seat_codes(saved, range(5))
    p = party()
    assert p.phones is not None
    bens = p.phones.of(1)[1].id

    async def run() -> None:
        server = SquareServer(saved, look=0.01, others=(MummyReader(),))
        async with TestClient(TestServer(server.make_app())) as client:
            await followed(server)
            page = await client.get(f"/s/{codes[0]}/")
            assert "mummy.js" in await page.text()
            # Each player has their own link: no join code is made for this game.
            assert server.join.desk.code == "" and not join_path(saved).exists()
            mine = await client.post(f"/s/{codes[0]}/card", json={"card": p.phones.of(0)[1].id, "did": "seen"})
            assert mine.status == 204
            theirs = await client.post(f"/s/{codes[0]}/card", json={"card": bens, "did": "seen"})
            assert theirs.status == 404
            hand = await client.post(f"/s/{codes[0]}/hand", json={"up": True})
            assert hand.status == 409
        assert phone_cards.read_seen(saved) == {p.phones.of(0)[1].id: "seen"}

    asyncio.run(run())


def test_grimoire_serve_refuses_a_damaged_mummy_save_in_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    broken = tmp_path / "mummy.toml"
    broken.write_text('game = "mummy"\nformat = 3\n[setup]\nplayers = 1\n', encoding="utf-8")
    assert run_serve(str(broken), port=0, others=(MummyReader(),)) == 2
    err = capsys.readouterr().err
    assert err.strip() == f"grimoire serve: {broken}: the game's save cannot be read"


def test_a_new_deal_with_phones_makes_new_links_and_a_phone_of_the_game_before_is_refused(saved: Path) -> None:
    from aiohttp.test_utils import TestClient, TestServer

    from grimoire.games.mummy import phone_links

    old = seat_links.seat_codes(saved, range(5))
    phone_cards.write_seen(saved, {"0123456789abcdef": "seen"})

    async def run() -> None:
        server = SquareServer(saved, look=0.01, others=(MummyReader(),))
        async with TestClient(TestServer(server.make_app())) as client:
            await followed(server)
            assert (await client.get(f"/s/{old[2]}/")).status == 200
            phone_links.new_links(5)  # the next deal, with phones
            new = seat_links.read_seat_codes(saved)
            await followed(server, lambda: server.table.codes == new, "the new deal's links")
            assert set(new) == set(range(5)) and not set(new.values()) & set(old.values())
            assert (await client.get(f"/s/{old[2]}/")).status == 403
            assert (await client.get(f"/s/{new[2]}/")).status == 200
        assert phone_cards.read_seen(saved) == {}  # what the last game's phones said is gone

    asyncio.run(run())
