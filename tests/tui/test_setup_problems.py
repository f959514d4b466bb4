"""The setup's "Not ready" list names each seat once, with everything wrong with it."""

from __future__ import annotations

from pilot_keys import type_text

from grimoire.game import SeatSetup
from grimoire.tui.app import GrimoireApp
from grimoire.tui.screens.setup import SetupScreen
from tests.phantom_table import phantom_table

from .helpers import SIZE


async def test_not_ready_lists_each_seat_once() -> None:
    async with GrimoireApp().run_test(size=SIZE) as pilot:
        await pilot.pause()
        pilot.app.push_screen(SetupScreen(seed=42))
        await pilot.pause()
        screen = pilot.app.screen
        assert isinstance(screen, SetupScreen)
        await type_text(pilot, "Ann, Ben, Cat, Dan, Eve, Ann, Gus")
        await pilot.press("enter", "escape")
        await pilot.pause()
        problems = screen.problems()
        for seat, name in enumerate(["Ann", "Ben", "Cat", "Dan", "Eve", "Ann", "Gus"], 1):
            mine = [p for p in problems if p.startswith(f"seat {seat} ")]
            assert mine and len(mine) == 1, (seat, problems)
            assert mine[0].startswith(f"seat {seat} ({name}): no character yet (c, or r for a random bag)")
        assert problems[0].endswith("; the name 'Ann' is used twice")
        assert problems[5].endswith("; the name 'Ann' is used twice")
        assert not any("seats: a game needs" in p for p in problems)
        text = str(screen.query_one("#setup-problems").render())
        assert text.count("seat 1 (Ann)") == 1


def test_table_problems_name_their_seat_and_characters_in_words() -> None:
    seats = [SeatSetup(n, c) for n, c in (
        ("Ann", "meg"), ("Ben", "meg"), ("Cat", "phantom"), ("", "usher"), ("Eve", "sorelli"))]
    problems = phantom_table(seats=seats, bluffs=("usher", "persian", "auctioneer")).problems()
    assert "seat 4: no name" in problems
    assert "Meg is chosen 2 times; a character is in play at most once" in problems
    assert "the bluff Usher is in play" in problems


async def test_the_phantoms_pitfalls_show_on_the_setup_screen() -> None:
    """Dealt an Auctioneer and no Meg, the setup says what that means on the first night, at both
    sizes, as a fact among the setup's words (the start is not stopped by it)."""
    characters = ("auctioneer", "sorelli", "trapdoor_keeper", "phantom", "persian", "usher", "stage_designer")
    for size in (SIZE, (80, 24)):
        async with GrimoireApp().run_test(size=size) as pilot:
            await pilot.pause()
            screen = SetupScreen(seed=1, names=("Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus"))
            pilot.app.push_screen(screen)
            await pilot.pause()
            for row, character in zip(screen.rows, characters, strict=True):
                row.character = character
            screen.refresh_view()
            await pilot.pause()
            text = " ".join(str(screen.query_one("#setup-pitfalls").render()).split())
            assert "Worth knowing:" in text
            assert "only the Phantom can hand the Auctioneer the artifact" in text
            assert not any("Auctioneer" in p for p in screen.problems())
