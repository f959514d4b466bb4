"""A letter typed in a picker narrows its list without moving the box: the box keeps the height
it opened with, so the letter repaints the box alone, never the dimmed table around it (a box
that shrank moved, being centred, and the whole screen under it was drawn again)."""

from __future__ import annotations

from pilot_keys import type_text
from textual.geometry import Region
from textual.widgets import OptionList

from grimoire.tui.app import GrimoireApp
from grimoire.tui.screens.modals import Pick
from grimoire.tui.support.choice_keys import Item

from .helpers import SIZE
from .test_sizes import SMALL, assert_fits_the_screen, rows_shown

NAMES = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon", "Kim", "Lou"]


def seats(names: list[str]) -> list[Item]:
    return [Item(f"{i + 1} {n} (Usher)", i, seat=i, names=(n, "Usher")) for i, n in enumerate(names)]


async def opened(pilot, names: list[str]) -> list[object]:  # type: ignore[no-untyped-def]
    """The picker open over the start screen (the grimoire's own styles); what it returns is
    put in the list given back."""
    got: list[object] = []
    await pilot.pause()
    pilot.app.push_screen(Pick("Who?", seats(names)), got.append)
    await pilot.pause()
    await pilot.pause()
    assert isinstance(pilot.app.screen, Pick)
    return got


def repainted(app: GrimoireApp) -> list[object]:
    """Every update the app hands the terminal from now on (a region each: what it redraws)."""
    updates: list[object] = []
    display = app._display

    def kept(screen, renderable) -> None:  # type: ignore[no-untyped-def]
        if renderable is not None:
            updates.append(renderable)
        display(screen, renderable)

    app._display = kept  # type: ignore[method-assign]
    return updates


async def test_a_letter_narrows_the_list_and_the_box_stays_where_it_is() -> None:
    app = GrimoireApp()
    async with app.run_test(size=SIZE) as pilot:
        got = await opened(pilot, NAMES)
        pick = app.screen
        box, listing = pick.query_one("#pick-box"), pick.query_one(OptionList)
        at_opening = (box.region, listing.region)
        updates = repainted(app)
        await type_text(pilot, "ivy")
        await pilot.pause()
        assert listing.option_count == 1  # narrowed to Ivy
        assert (box.region, listing.region) == at_opening
        # What the letters redrew lies inside the box: the table around it was not drawn again.
        assert updates
        for update in updates:
            spans = getattr(update, "spans", None)
            assert spans is not None, f"a whole-screen update for a letter: {type(update).__name__}"
            for y, x1, x2 in spans:
                assert box.region.contains_region(Region(x1, y, x2 - x1, 1)), (y, x1, x2, box.region)
        # The filter cleared, every name is back in the same box; Enter still takes the match.
        await pilot.press(*["backspace"] * 3)
        await pilot.pause()
        assert listing.option_count == len(NAMES) and (box.region, listing.region) == at_opening
        await type_text(pilot, "kim")
        await pilot.press("enter")
        await pilot.pause()
        assert got == [10]


async def test_the_kept_height_gives_way_to_a_smaller_terminal() -> None:
    names = [f"{n}{i}" for i in range(3) for n in NAMES]  # 36 seats: more than 80x24 shows
    app = GrimoireApp()
    async with app.run_test(size=SIZE) as pilot:
        await opened(pilot, names)
        pick = app.screen
        tall = pick.query_one(OptionList).region.height
        await pilot.resize_terminal(*SMALL)
        await pilot.pause()
        await pilot.pause()
        assert_fits_the_screen(app, "#pick-box")
        assert pick.query_one(OptionList).region.height < tall
        assert rows_shown(pick) >= 8
        await pilot.resize_terminal(*SIZE)
        await pilot.pause()
        await pilot.pause()
        assert pick.query_one(OptionList).region.height == tall
