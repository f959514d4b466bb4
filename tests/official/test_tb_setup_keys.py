"""Trouble Brewing's setup screen: the Fortune Teller's red herring, asked when the Fortune
Teller is dealt (as the Drunk's Townsfolk is), changed by h, picked by a random deal, shown on
its seat's row and saved as the setup token the rules read."""

from __future__ import annotations

import pytest

from grimoire.tui.app import GrimoireApp
from grimoire.tui.screens.modals import Pick
from grimoire.tui.screens.setup import SetupScreen
from tests.official.conftest import TB
from tests.tui.helpers import pick_seat, type_pick

# 8 players: the Fortune Teller (Cat) instead of the Empath; Ben the Imp, Dan the Poisoner.
SEATS = (("Ann", "drunk"), ("Ben", "imp"), ("Cat", "fortuneteller"), ("Dan", "poisoner"), ("Eve", "monk"),
         ("Fay", "slayer"), ("Gus", "mayor"), ("Hal", "washerwoman"))


@pytest.mark.slow  # the setup screen's keys: test_setup_keys.py; the red herring's rules: test_tb_answers.py
async def test_the_setup_screen_asks_for_the_red_herring(stand_in) -> None:
    async with GrimoireApp().run_test(size=(140, 45)) as pilot:
        await pilot.pause()
        screen = SetupScreen(seed=1, names=tuple(n for n, _ in SEATS), script=str(TB))
        pilot.app.push_screen(screen)
        await pilot.pause()
        for row, (_, c) in zip(screen.rows, SEATS):
            row.character = None if c == "fortuneteller" else c
            row.thinks = "chef" if c == "drunk" else None
        await pilot.press("escape", "home", "down", "down", "c")  # Cat is the Fortune Teller…
        await pilot.pause()
        await type_pick(pilot, "Fortune")
        picker = pilot.app.screen
        assert isinstance(picker, Pick) and "red herring" in picker.title_text
        offered = {r.value for r in picker.rows}
        assert offered == {0, 2, 4, 5, 6, 7}  # the good players, the Fortune Teller too; not Ben nor Dan
        await pilot.press("escape")  # …and is asked again by h only
        await pilot.pause()
        assert "the Fortune Teller is in play: choose the red herring (h)" in screen.problems()
        await pilot.press("h")
        await pilot.pause()
        await pick_seat(pilot, 6)  # Gus
        assert screen.problems() == []
        listed = [str(o.prompt) for o in screen.query_one("#setup-players").options]
        assert "red herring" in listed[6] and not any("red herring" in row for row in listed[:6])
        tokens = screen.table().tokens
        assert [(t.name, t.owner, t.seat) for t in tokens] == [("Red Herring", "fortuneteller", 6)]
        # Moved, the red herring stays with its player; an evil player cannot be it.
        screen.query_one("#setup-players").highlighted = 6
        await pilot.press("K")
        await pilot.pause()
        assert screen.table().tokens[0].seat == 5
        screen.rows[5].character = "scarletwoman"
        screen.rows[0].character = "recluse"
        assert "the Fortune Teller's red herring must be a good player (h)" in screen.problems()
        # A random deal with the Fortune Teller picks a good player.
        for _ in range(40):
            screen.action_deal()
            if any(r.character == "fortuneteller" for r in screen.rows):
                break
        tokens = screen.table().tokens
        assert len(tokens) == 1 and screen.rows[tokens[0].seat].character is not None
        assert screen.script.team_of(screen.rows[tokens[0].seat].character).is_good
        assert screen.problems() == []
        # Started, the game has the reminder on that seat.
        seat = tokens[0].seat
        screen.action_start()
        await pilot.pause()
        game = pilot.app.screen.game
        assert [(t.name, t.seat) for t in game.state.tokens if t.name == "Red Herring"] == [("Red Herring", seat)]
