"""Pilot tests of the setup screen's keys."""

from __future__ import annotations

import pytest
from pilot_keys import type_text
from textual.widgets import Input

from grimoire.core.model import Phase
from grimoire.rules.phantom.state import setup_of
from grimoire.tui.app import GrimoireApp
from grimoire.tui.screens.modals import Pick
from grimoire.tui.screens.setup import SetupScreen
from grimoire.tui.screens.table import GrimoireScreen

from .helpers import SIZE, notes, settle, type_pick


async def open_setup(pilot, names: str = "Ann, Ben, Cat, Dan, Eve, Fay, Gus") -> SetupScreen:  # type: ignore[no-untyped-def]
    await pilot.pause()
    pilot.app.push_screen(SetupScreen(seed=42))
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, SetupScreen)
    if names:
        await type_text(pilot, names)
        await pilot.press("enter", "escape")
    return screen


def problems_text(screen: SetupScreen) -> str:
    return str(screen.query_one("#setup-problems").render())


@pytest.mark.slow
async def test_names_reorder_remove_and_traveller() -> None:
    async with GrimoireApp().run_test(size=SIZE) as pilot:
        screen = await open_setup(pilot)
        assert [r.name for r in screen.rows] == ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus"]
        await pilot.press("J")  # Ann moves down a seat
        assert [r.name for r in screen.rows][:2] == ["Ben", "Ann"]
        await pilot.press("K")
        assert [r.name for r in screen.rows][:2] == ["Ann", "Ben"]
        await pilot.press("end", "delete")
        assert len(screen.rows) == 6
        await pilot.press("i", *"Gus, Ivy", "enter", "escape", "end", "t")
        assert screen.rows[-1].traveller and screen.rows[-1].name == "Ivy"
        assert "7 players + 1 Traveller(s) = 8 seats" in str(screen.query_one("#setup-counts").render())


async def test_illegal_setup_is_refused_saying_what_is_off() -> None:
    async with GrimoireApp().run_test(size=SIZE) as pilot:
        screen = await open_setup(pilot, "Ann, Ben, Cat")
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(pilot.app.screen, SetupScreen)
        assert "5 to 15 players" in problems_text(screen)
        assert any("5 to 15 players" in n for n in notes(pilot.app))
        await pilot.press("i", *"Dan, Eve", "enter", "escape")
        # Everyone the Phantom by hand: twice the same character is refused, by name.
        await pilot.press("home", "c")
        await pilot.pause()
        assert isinstance(pilot.app.screen, Pick)
        await type_pick(pilot, "Phantom (Demon")
        assert screen.rows[0].character == "phantom"
        assert "Ben" in problems_text(screen) and "no character yet" in problems_text(screen)


async def test_random_bag_reroll_options_and_start() -> None:
    async with GrimoireApp().run_test(size=SIZE) as pilot:
        screen = await open_setup(pilot, "Ann, Ben, Cat, Dan, Eve, Fay, Gus, Hal, Ivy, Jon")
        await pilot.press("r")
        first = [r.character for r in screen.rows]
        assert all(first) and screen.seed == 42
        await pilot.press("r")
        assert screen.seed == 43
        assert len(screen.bluffs) == 3
        assert "Ready" in problems_text(screen), problems_text(screen)
        counts = str(screen.query_one("#setup-counts").render())
        assert "Needed:" in counts and "10 players" in counts
        await pilot.press("l")
        assert "Monkey Music Box" in str(screen.query_one("#setup-options").render())
        await pilot.press("b")
        await pilot.pause()
        assert isinstance(pilot.app.screen, Pick)
        await pilot.press("enter", "enter", "enter")
        await pilot.pause()
        assert len(screen.bluffs) == 3
        await pilot.press("f")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert screen.picked.get("mirror_target") is not None
        await pilot.press("m")
        assert screen.option_b
        await pilot.press("m")
        assert not screen.option_b
        if "mirror_keeper" not in [r.character for r in screen.rows]:
            screen.picked["mirror_target"] = None
            screen.refresh_view()
        await pilot.press("ctrl+s")
        await settle(pilot)
        table = pilot.app.screen
        assert isinstance(table, GrimoireScreen), problems_text(screen)
        assert table.game.state.phase is Phase.NIGHT and table.game.state.night == 1
        assert setup_of(table.game.setup.script_setup).artifacts == ("monkey_music_box",)


async def test_escape_goes_back_to_the_start_screen() -> None:
    async with GrimoireApp().run_test(size=SIZE) as pilot:
        await open_setup(pilot, "")
        await pilot.press("escape")
        await pilot.pause()
        assert type(pilot.app.screen).__name__ == "StartScreen"


async def test_a_name_too_long_is_refused_and_left_in_the_field_to_shorten() -> None:
    long_name = "Bartholomew of the Long Table by the Window"  # 43 characters
    async with GrimoireApp().run_test(size=SIZE) as pilot:
        screen = await open_setup(pilot, "")
        await type_text(pilot, f"Ann, {long_name}, Cat")
        await pilot.press("enter")
        assert [r.name for r in screen.rows] == ["Ann", "Cat"]
        field = screen.query_one("#setup-name", Input)
        assert field.value == long_name  # nothing typed is lost
        assert any(f"is {len(long_name)} characters long: at most 40 are allowed" in n for n in notes(pilot.app))


async def test_the_rules_setup_is_asked_of_the_scripts_rules_by_o_and_by_their_own_keys() -> None:
    async with GrimoireApp().run_test(size=SIZE) as pilot:
        screen = await open_setup(pilot, "Ann, Ben, Cat, Dan, Eve, Fay, Gus, Hal, Ivy, Jon")
        await pilot.press("r")
        await settle(pilot)
        names = [p.name for p in screen.rules_picks()]
        assert names == ["mirror_target", "evil_townsfolk", "loric"]  # the Phantom's rules ask these
        options = str(screen.query_one("#setup-options").render())
        assert "Mirror target (f)" in options and "Loric available (l)" in options
        await pilot.press("o")
        await pilot.pause()
        await pilot.pause()
        menu = pilot.app.screen
        assert isinstance(menu, Pick)
        assert [label.split(" (")[0] for label, _ in menu.items] == [
            "Mirror target", "Evil Townsfolk", "Loric available"]
        await pilot.press("down", "down", "enter")  # the Loric: the next choice in turn
        await settle(pilot)
        assert screen.picked["loric"] == 1 and isinstance(pilot.app.screen, SetupScreen)
        await pilot.press("l")  # and by its own key
        await settle(pilot)
        assert screen.picked["loric"] == 2
        assert setup_of(screen.table().script_setup).artifacts == ("punjab_lasso",)
