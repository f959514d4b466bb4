"""The done-when of Travellers and Fabled in every game: a Phantom game, by keyboard, with a
Fabled placed, a Traveller who joins on day 2 and leaves on day 3, nights played through, and
the Phantom's rules unchanged (the same game without them wakes the same steps, in order)."""

from __future__ import annotations

import random

import attrs
import pytest

from grimoire.core import events as ev
from grimoire.core.model import Phase
from grimoire.game import Game, SeatSetup
from grimoire.tui.app import GrimoireApp
from grimoire.tui.screens.modals import AskText, Pick
from grimoire.tui.screens.table import GrimoireScreen
from grimoire.tui.widgets.seats import SeatCircle
from tests.engine.test_travellers_and_fabled import TABLE as PHANTOM_TABLE
from tests.official.conftest import official, official_with_visitors  # noqa: F401
from tests.pilot_keys import type_text, until
from tests.tui.helpers import notes, pick_seat, play_night, settle, type_pick

# The engine tests' Phantom table, and a Traveller of an older save (free text, no data needed).
TABLE = attrs.evolve(PHANTOM_TABLE, seats=(*PHANTOM_TABLE.seats[:6], SeatSetup("Gus", "persian"),
                                           SeatSetup("Hal", "Beggar", traveller=True)))
VISITING = (ev.AddTraveller, ev.RemoveTraveller, ev.PlaceFabled, ev.RemoveFabled)


def woke(game: Game) -> list[list[str]]:
    return [list(n.woke) for n in game.state.nights]


async def dusk_and_night(pilot, screen: GrimoireScreen, rng: random.Random, last: bool = False) -> None:  # type: ignore[no-untyped-def]
    await pilot.press("d")
    await pilot.pause()
    assert screen.game.phase is Phase.NIGHT
    await play_night(pilot, screen, rng)
    # The last night may end the game (these answers have the Phantom die by then).
    assert screen.game.phase in ((Phase.DAY, Phase.OVER) if last else (Phase.DAY,)), screen.game.state.win_reason


@pytest.mark.long
# Two days by keys, only in make test-deep, at both sizes: make test joins a traveller by keys in
# tests/tui/test_digits_in_text.py, and the sizes have their own tests.
@pytest.mark.slow
@pytest.mark.parametrize("size", [(140, 45), (80, 24)], ids=["140x45", "80x24"])
async def test_a_traveller_joins_on_day_2_and_leaves_on_day_3(official_with_visitors, size) -> None:  # type: ignore[no-untyped-def]  # noqa: F811 (the fixture)
    rng = random.Random(7)
    app = GrimoireApp(game=Game(TABLE))
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GrimoireScreen)
        await pilot.press("F")  # a Fabled for the table, before the first night
        await pilot.pause()
        await type_pick(pilot, "Old Moon")
        assert screen.game.state.fabled == ("oldmoon",)
        assert "Fabled: Old Moon" in screen.query_one(SeatCircle)._centre  # noqa: SLF001 - as drawn

        await dusk_and_night(pilot, screen, rng)  # night 1
        first = woke(screen.game)[0]
        assert first.index("oldmoon") == first.index("dusk") + 1  # its place on the official sheet
        await dusk_and_night(pilot, screen, rng)  # night 2, then day 2

        await pilot.press("j")  # the menu of Travellers and Fabled
        await pilot.pause()
        menu = app.screen
        await type_pick(pilot, "joins")
        await until(pilot, lambda: isinstance(app.screen, Pick) and app.screen is not menu, "the Travellers' picker")
        assert [label for label, _ in app.screen.items] == ["Pilgrim"]
        await type_pick(pilot, "Pilgrim")
        assert isinstance(app.screen, AskText)
        await type_text(pilot, "Tia")
        await pilot.press("enter")
        await pilot.pause()
        await type_pick(pilot, "Evil")
        await pick_seat(pilot, 1)  # she sits clockwise after Ben
        await settle(pilot)
        g = screen.game.state
        assert g.seats[8].name == "Tia" and g.seats[8].character == "pilgrim" and g.seats[8].alignment.value == "evil"
        assert g.ring == (0, 1, 8, 2, 3, 4, 5, 6, 7), notes(app)[-3:]
        assert "Pilgrim" in screen.query_one(SeatCircle).seat_words(8)

        await dusk_and_night(pilot, screen, rng)  # night 3: the Pilgrim's step, by the sheet after dusk
        third = woke(screen.game)[2]
        assert third.index("pilgrim") == third.index("dusk") + 1
        assert "oldmoon" not in third  # the Old Moon has a first-night step only

        await pilot.press("X")  # day 3: she leaves
        await pilot.pause()
        await pick_seat(pilot, 8)
        await settle(pilot)
        g = screen.game.state
        assert g.seats[8].left and 8 not in g.ring
        assert not screen.query_one(SeatCircle).box_regions()[8].area  # not drawn at the table
        await dusk_and_night(pilot, screen, rng, last=True)  # night 4: no Pilgrim
        assert "pilgrim" not in woke(screen.game)[3]
        events = list(screen.game.events)
        steps = woke(screen.game)
        log = "\n".join(notes(app))
    assert "Not allowed" not in log

    # The Phantom's rules unchanged: without the Traveller and the Fabled (and their steps), the
    # same answers play the same game, step for step.
    answers_for_them = {"oldmoon", "pilgrim"}
    bare = [e for e in events if not isinstance(e, VISITING)
            and not (isinstance(e, ev.Answer) and e.step in answers_for_them)]
    chose_her = [e for e in bare if isinstance(e, ev.Answer) and 8 in (e.value if isinstance(e.value, list) else [e.value])]
    assert not chose_her, "these answers must leave the Traveller alone (else it is another game): another seed"
    without = Game(TABLE, bare)
    assert woke(without) == [[s for s in night if s not in answers_for_them] for night in steps]


async def test_without_the_data_the_keys_name_the_command() -> None:
    async with GrimoireApp(game=Game(TABLE)).run_test(size=(140, 45)) as pilot:
        await settle(pilot)
        for key in ("J", "F"):
            await pilot.press(key)
            await settle(pilot)
            assert isinstance(pilot.app.screen, GrimoireScreen)
            assert "grimoire data update" in notes(pilot.app)[-1]
