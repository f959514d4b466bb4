"""The start without garbage collection (grimoire.cli) ends a second after the first frame."""

from __future__ import annotations

import gc

from grimoire.tui.app import GrimoireApp

from .helpers import SIZE, first_night, settle


async def test_the_collector_held_off_for_the_start_is_turned_back_on() -> None:
    gc.disable()  # as grimoire.cli does before it starts the app
    try:
        async with GrimoireApp(game=first_night()).run_test(size=SIZE) as pilot:
            await settle(pilot)
            for _ in range(40):
                await pilot.pause(0.05)
                if gc.isenabled():
                    break
            assert gc.isenabled()
    finally:
        gc.unfreeze()
        gc.enable()


async def test_an_app_started_with_the_collector_on_leaves_it_alone() -> None:
    assert gc.isenabled()
    async with GrimoireApp(game=first_night()).run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.pause(1.2)
        assert gc.isenabled() and gc.get_freeze_count() == 0
