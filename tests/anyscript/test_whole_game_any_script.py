"""The done-when of a grimoire for any script: a whole game of a script that mixes official ids
and homebrew characters, by keyboard alone. Setup with a modifier (the Hermit's [+1 Outsider]),
two nights with what players were shown recorded, a day with an execution, the Demon executed
and pointed out, the storyteller declaring the winner, then the export."""

from __future__ import annotations

import pytest

from grimoire.core import events as ev
from grimoire.core.model import Alignment, Phase
from grimoire.tui.app import GrimoireApp
from grimoire.tui.screens.modals import AskText, Pick
from grimoire.tui.screens.setup import SetupScreen
from grimoire.tui.screens.table import GrimoireScreen
from grimoire.tui.widgets.side import SidePanel
from tests.official.conftest import LANTERN
from tests.pilot_keys import type_text, until
from tests.tui.helpers import notes, pick_seat, settle, vote_by_keys

CAST = (("Ann", "Lantern Keeper"), ("Ben", "Tidecaller"), ("Cat", "Hermit"), ("Dan", "Whisperer"), ("Eve", "Gloomwyrm"))


async def choose(pilot, text: str) -> None:  # type: ignore[no-untyped-def]
    """In an open picker: filter by ``text`` and take the best match."""
    assert isinstance(pilot.app.screen, Pick), pilot.app.screen
    await type_text(pilot, text)
    await pilot.press("enter")
    await pilot.pause()


async def walk_night(pilot, screen: GrimoireScreen, shown: dict[str, str]) -> None:  # type: ignore[no-untyped-def]
    """Every step by n, recording what was shown where ``shown`` says (a seat number or words)."""
    for _ in range(30):
        prompt = screen.game.prompt
        if prompt is None:
            return
        before = len(screen.game.events)
        record = shown.get(prompt.step)
        if record is None:
            await pilot.press("n")
        else:
            await pilot.press("i")
            await pilot.pause()
            if record.isdigit():
                await pilot.press("w")  # [w] They were shown a player: its own key answers at once
                await pilot.pause()
                await pick_seat(pilot, int(record) - 1)
                await pilot.press("enter", "enter")  # the first ends the seat's number; the second: ✔ Done
            else:
                await pilot.press("o")  # [o] Words (free text)
                await pilot.pause()
                assert isinstance(pilot.app.screen, AskText)
                await type_text(pilot, record)
                await pilot.press("enter")
            await pilot.pause()
            assert len(screen.game.events) == before  # noted: recorded when the step ends
            await pilot.press("n")
        await pilot.pause()
        assert len(screen.game.events) == before + 1, notes(pilot.app)[-3:]
    raise AssertionError("the night did not end")


async def execute(pilot, screen: GrimoireScreen, seat: int) -> None:  # type: ignore[no-untyped-def]
    g = screen.game.state
    await pilot.press("m")
    await pilot.pause()
    await pick_seat(pilot, next(s.index for s in g.seats if s.alive and s.index != seat))
    await pick_seat(pilot, seat)
    await vote_by_keys(pilot, {s.index for s in screen.game.state.seats if s.alive})
    await pilot.press("e")
    await pilot.pause()
    await pilot.press("enter")  # the picker opens on the player on the block
    await pilot.pause()
    assert screen.game.state.today.execution.seat == seat, notes(pilot.app)[-3:]


@pytest.mark.long
# Only in make test-deep, at both sizes: its screens are checked in make test by quicker tests,
# at 80x24 too (tests/tui/test_sizes.py: the setup's pickers and list, the walker, the pickers'
# rows; tests/official/test_tb_table_keys.py: a script not the Phantom's nominated and voted on).
@pytest.mark.slow
@pytest.mark.parametrize("size", [(140, 45), (80, 24)], ids=["140x45", "80x24"])
async def test_a_whole_game_of_a_mixed_script_by_keyboard(official, size: tuple[int, int]) -> None:
    app = GrimoireApp()
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await pilot.press("n")
        await pilot.pause()
        setup = app.screen
        assert isinstance(setup, SetupScreen)
        await type_text(pilot, ", ".join(name for name, _ in CAST))
        await pilot.press("enter")
        await pilot.press("escape")  # from the names to the list
        await pilot.press("S")  # which script
        await pilot.pause()
        await choose(pilot, "Another")
        await type_text(pilot, str(LANTERN))
        await pilot.press("enter")
        await pilot.pause()
        assert setup.script.name == "Lantern Night" and setup.sub_title == "Lantern Night"
        for i, (_, character) in enumerate(CAST):
            await pilot.press("c")
            await pilot.pause()
            await choose(pilot, character)
            if i < len(CAST) - 1:
                await pilot.press("down")
        assert [r.character for r in setup.rows] == ["lanternkeeper", "tidecaller", "hermit", "whisperer", "gloomwyrm"]
        counts = str(setup.query_one("#setup-counts").render())
        assert "Hermit [+1 Outsider]" in counts and "Needed: 2 Townsfolk, 1 Outsider" in counts
        assert "Jinx" in counts and "Tidecaller" in counts  # the Gloomwyrm and the Tidecaller
        assert setup.problems() == []
        await pilot.press("ctrl+s")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GrimoireScreen)
        assert screen.game.script.name == "Lantern Night" and not screen.game.rules.automated

        await walk_night(pilot, screen, {"lanternkeeper": "4", "tidecaller": "HIGH"})
        assert screen.game.phase is Phase.DAY
        await execute(pilot, screen, 3)  # Dan, the Whisperer: the game goes on
        assert "⚑" not in screen.query_one("#side", SidePanel).text("step")
        await pilot.press("d")
        await pilot.pause()
        assert screen.game.phase is Phase.NIGHT and screen.game.state.night == 2
        await walk_night(pilot, screen, {"tidecaller": "LOW"})
        await execute(pilot, screen, 4)  # Eve, the Gloomwyrm
        g = screen.game.state
        assert g.winner is None and g.phase is Phase.DAY  # pointed out, not decided
        assert "The Demon (Eve, the Gloomwyrm) is dead" in screen.query_one("#side", SidePanel).text("step")
        await pilot.press("w")
        await pilot.pause()
        await choose(pilot, "Good")
        assert isinstance(app.screen, AskText)
        await pilot.press("enter")  # the reason offered: the condition pointed out
        await settle(pilot)
        assert g.winner is Alignment.GOOD and "The Demon" in g.win_reason
        assert isinstance(screen.game.events[-1], ev.DeclareWinner)
        assert "GOOD WINS" in screen.query_one("#side", SidePanel).text("step")

        await pilot.press("E")
        await pilot.pause()
        await choose(pilot, "Markdown")
        path = app.screen.query_one("#text-input").value
        await pilot.press("enter")
        await until(pilot, lambda: any(n.startswith("Wrote") for n in notes(app)), "the export")
    from pathlib import Path

    text = Path(path).read_text(encoding="utf-8")
    assert "Lantern Night" in text
    assert "was shown 4 Dan" in text and "was shown “HIGH”" in text and "was shown “LOW”" in text
    assert "Good" in text and "The Demon (Eve, the Gloomwyrm) is dead" in text
    assert "Pandemonium" in text  # the official data's attribution
