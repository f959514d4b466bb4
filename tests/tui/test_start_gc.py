"""The start without garbage collection (grimoire.cli) ends a second after the first frame."""

from __future__ import annotations

import gc
import weakref

from grimoire.tui.app import GrimoireApp

from .helpers import SIZE, first_night, settle


class Junk:
    """A cycle only the collector can free."""

    def __init__(self) -> None:
        self.me = self


async def test_the_collector_held_off_for_the_start_is_turned_back_on() -> None:
    gc.disable()  # as grimoire.cli does before it starts the app
    try:
        thrown_away = weakref.ref(Junk())  # garbage made during the start
        async with GrimoireApp(game=first_night()).run_test(size=SIZE) as pilot:
            await settle(pilot)
            assert gc.isenabled() and gc.get_freeze_count() > 0  # at the first frame
            await pilot.pause(1.3)
            assert thrown_away() is None  # a second later the start's garbage is freed
            assert gc.isenabled() and gc.get_freeze_count() > 0
    finally:
        gc.unfreeze()
        gc.enable()


async def test_an_app_started_with_the_collector_on_leaves_it_alone() -> None:
    assert gc.isenabled()
    async with GrimoireApp(game=first_night()).run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.pause(1.2)
        assert gc.isenabled() and gc.get_freeze_count() == 0
