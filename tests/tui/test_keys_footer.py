"""The footer: the keys on offer, one line that follows the night and the day, and clicks."""

from __future__ import annotations

from grimoire.tui.app import GrimoireApp
from grimoire.tui.screens.table import GrimoireScreen
from grimoire.tui.widgets.keys import KeysFooter

from .helpers import SIZE, first_night, settle


def shown(footer: KeysFooter) -> dict[str, bool]:
    return {item.shown: item.enabled for item in footer.items}


async def test_the_footer_follows_the_keys_on_offer_and_a_click_presses_one() -> None:
    game = first_night(players=8, seed=3)
    async with GrimoireApp(game=game).run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = pilot.app.screen
        assert isinstance(screen, GrimoireScreen)
        footer = screen.query_one(KeysFooter)
        keys = shown(footer)
        assert keys["n"] and keys["!"] and keys["?"]
        assert keys["U"] is False  # nothing to redo: shown, greyed
        assert "m" not in keys  # the day's keys are not on offer at night
        line = footer.render_line(0).text
        assert "n Next" in line and line.rstrip().endswith("^p palette")
        # Clicking "n Next" presses n: the dusk step is done.
        x = line.index(" n Next")
        await pilot.click(KeysFooter, offset=(x + 2, 0))
        await settle(pilot)
        assert game.prompt is not None and game.prompt.step != "dusk"
        await pilot.press("u")  # undo the step: now there is something to redo
        await settle(pilot)
        assert game.prompt.step == "dusk" and shown(footer)["U"] is True
        # At dawn the footer offers the day.
        while game.prompt is not None:
            screen.session.answer(_any_answer(game))
        await settle(pilot)
        keys = shown(footer)
        assert {"m", "v", "e", "d"} <= set(keys) and "n" not in keys
        assert "m Nominate" in footer.render_line(0).text


def _any_answer(game):  # type: ignore[no-untyped-def]
    import random

    from grimoire.simulate import random_answer

    return random_answer(game.prompt, game, random.Random(0))


async def test_at_80x24_the_footer_keeps_its_rows_through_the_night() -> None:
    """The keys on offer change at every step; the footer's height does not (a change of
    height lays the whole screen out again), until the width changes."""
    game = first_night(players=8, seed=3)
    async with GrimoireApp(game=game).run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        footer = pilot.app.screen.query_one(KeysFooter)
        heights = []
        while game.prompt is not None:
            pilot.app.screen.session.answer(_any_answer(game))
            await settle(pilot)
            heights.append(footer.size.height)
            assert footer.size.height >= len(footer._rows(80))  # every key shown
        assert heights == sorted(heights)  # never fewer rows while the width stays
        await pilot.resize_terminal(140, 45)
        await settle(pilot)
        assert footer.size.height == len(footer._rows(140))  # fitted anew to the new width
