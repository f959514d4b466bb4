"""L with phones that joined by the table's one code: the join code's row (its link and QR code),
each seat a phone took marked, r releasing the highlighted seat's phone and m moving it, each an
event of the log; the seat's card says which phone holds the seat."""

from __future__ import annotations

import os

from pilot_keys import until

from grimoire.core import events as ev
from grimoire.core.seat_claims import Claim
from grimoire.present.card import seat_card
from grimoire.present.joined import SAT, read_held, with_phone
from grimoire.store import seat_links
from grimoire.store.join_desk import Desk, write_desk
from grimoire.store.seat_links import Served
from grimoire.tui.app import GrimoireApp
from grimoire.tui.screens.seat_links import JOIN

from .helpers import SIZE, settle
from .test_seat_links import hostile_game, open_links, words

KEY = "0123456789abcdef0123456789abcdef"


async def test_the_links_show_the_phones_that_sat_down_and_r_releases_one_m_moves_one() -> None:
    served = Served("http://192.168.1.20:8000", "tok3n", os.getpid())
    seat_links.record_served(served)
    try:
        async with GrimoireApp(game=hostile_game()).run_test(size=SIZE) as pilot:
            await settle(pilot)
            app = pilot.app
            path = app.autosave_path()
            # As grimoire serve keeps them: the join code, and two phones that sat at seats 1 and 4.
            write_desk(path, Desk("abcdefgh", (Claim("2222aaaa", 0, KEY), Claim("3333bbbb", 3, KEY[::-1]))))
            links = await open_links(pilot)
            text = words(links)
            assert "Join by one code (every phone): abcdefgh · 2 of 12 sat down" in text
            assert "192.168.1.20:8000/j/abcdefgh/" in text
            rows = text.splitlines()
            assert sum(SAT in row for row in rows) == 2
            assert any(row.startswith(" 1 [bold]Bob[/]") for row in rows)  # the name as written
            await pilot.press("end")
            await until(pilot, lambda: links.selected() == JOIN, "the join code's row")
            assert str(links.query_one("#links-qr").render()).startswith("Join by one code")

            await pilot.press("4")  # seat 4's phone, moved to seat 6
            await until(pilot, lambda: links.selected() == 3, "seat 4")
            await pilot.press("m", "6")
            await until(pilot, lambda: isinstance(links.session.game.events[-1], ev.PhoneMoved), "the move")
            assert links.session.game.events[-1] == ev.PhoneMoved("3333bbbb", 3, 5)
            assert sorted(links.held) == [0, 5]
            await pilot.press("3", "r")  # seat 3 has no phone: nothing is released
            await pilot.pause()
            assert isinstance(links.session.game.events[-1], ev.PhoneMoved)

            await pilot.press("up", "up")  # seat 1
            await until(pilot, lambda: links.selected() == 0, "seat 1")
            await pilot.press("r")
            await until(pilot, lambda: isinstance(links.session.game.events[-1], ev.PhoneReleased), "the release")
            assert links.session.game.events[-1] == ev.PhoneReleased("2222aaaa", 0)
            await until(pilot, lambda: sum(SAT in row for row in words(links).splitlines()) == 1, "the row")
            assert "1 of 12 sat down" in words(links)

            # The seat's card says which phone holds it; a seat released says nothing of one.
            game = links.session.game
            held = read_held(game, path)
            assert "Phone" in with_phone(seat_card(game, 5), held).text()
            assert "Phone" not in [s.heading for s in with_phone(seat_card(game, 0), held).sections]
            await pilot.press("escape")
    finally:
        seat_links.forget_served(os.getpid())
