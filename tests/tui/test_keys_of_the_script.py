"""The grimoire's help, palette and override menu offer the keys of the game's own rules: no
artifact or declaration keys in a game without them; the Phantom's game keeps them all."""

from __future__ import annotations

from grimoire.core import events as ev
from grimoire.tui.app import GrimoireApp
from grimoire.tui.screens.modals import KeysHelp, Pick
from tests.anyscript.test_duplicates import carnival_game

from .helpers import SIZE, first_night, settle

PHANTOMS = {"Artifact", "Move artifact", "Declare"}


async def keys_and_overrides(game) -> tuple[set[str], list[str]]:  # type: ignore[no-untyped-def]
    async with GrimoireApp(game=game).run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(pilot.app.screen, KeysHelp)
        described = {desc for _, desc, _ in pilot.app.screen.rows}
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("exclamation_mark")
        await pilot.pause()
        assert isinstance(pilot.app.screen, Pick)
        overrides = [label for label, _ in pilot.app.screen.items]
        await pilot.press("escape")
    return described, overrides


async def test_a_game_without_artifacts_offers_no_phantom_keys() -> None:
    game = carnival_game()
    game.apply(ev.StartNight())
    described, overrides = await keys_and_overrides(game)
    assert not PHANTOMS & described and "Shown" in described
    assert not {"Option", "Move held"} & described  # nor the keys under the grimoire's own words
    assert not any("artifact" in label.lower() for label in overrides)


async def test_the_phantoms_game_keeps_them() -> None:
    described, overrides = await keys_and_overrides(first_night())
    assert PHANTOMS <= described and "Shown" not in described
    assert any("Move artifact" in label for label in overrides)
