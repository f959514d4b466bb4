"""The Mummy's command shows whole at 80x24 (issue #51, item 10): its last line was cut off
under four explorers' cards, the turn's hint and the log."""

from __future__ import annotations

import pytest
from terminal_text import terminal_text

from grimoire.games.voice import rules
from grimoire.games.voice.commands import bundled_commands
from grimoire.tui.app import GrimoireApp

from .test_voice_screen import start


def words(text: str) -> list[str]:
    return text.split()


@pytest.mark.parametrize("size", [(80, 24), pytest.param((140, 45), marks=pytest.mark.slow)])
async def test_the_longest_command_and_what_to_do_show_whole(size: tuple[int, int]) -> None:
    longest = max(bundled_commands(), key=lambda command: len(command.text))
    app = GrimoireApp(mode="voice")
    async with app.run_test(size=size) as pilot:
        screen = await start(pilot, "r", "y", "g", "b", names=("Ann", "Bo", "Cy", "Di"))
        tomb = rules.record_throw(screen.tomb, 4)
        screen.tomb = rules.collect_jewel(tomb)  # Ann holds a jewel: she may be told to give it
        screen.commands = (longest,)
        await pilot.press("v")
        await pilot.pause()
        assert screen.tomb.pending == longest
        shown = words(terminal_text(app))
        said = words(longest.text.upper())
        # Every word of the command, in order, then the line saying what to do.
        at = -1
        for word in said:
            assert word in shown[at + 1:], (word, shown)
            at = shown.index(word, at + 1)
        assert "Press r when done." in " ".join(shown)
        panel = screen.query_one("#voice")
        for part in ("#voice-text", "#voice-todo"):
            region = screen.query_one(part).region
            assert region.bottom <= panel.content_region.bottom, part
        assert screen.max_scroll_y == 0
        # Obeyed: the turn's hint, at its longest, and the rest still fit without scrolling.
        await pilot.press("r")
        await pilot.pause()
        await pilot.press("enter")  # the first opponent
        await pilot.pause()
        assert screen.tomb.pending is None and screen.tomb.turn.spoke
        assert screen.max_scroll_y == 0
        assert "then steps +/- · tab next" in " ".join(words(terminal_text(app)))
