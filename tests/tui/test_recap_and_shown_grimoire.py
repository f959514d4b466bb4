"""The dawn recap (R: one key to open it, one to close it) and the grimoire shown to a player
(G, from the palette at any moment): over the grimoire, changing nothing, names as written."""

from __future__ import annotations

import random

import attrs
from pilot_keys import type_text
from textual.widgets import Static

from grimoire.core import events as ev
from grimoire.game import Game
from grimoire.present.dawn_recap import last_recap, recap_sections
from grimoire.present.narrate import recent_lines
from grimoire.simulate import random_answer, random_table, random_told
from grimoire.tui.app import GrimoireApp
from grimoire.tui.screens.recap import RecapScreen
from grimoire.tui.screens.show_grimoire import ShowGrimoireScreen
from grimoire.tui.screens.table import GrimoireScreen
from tests.terminal_text import terminal_text

from .helpers import SIZE, notes, settle

HOSTILE = "[bold]Bob[/]"
NOTE = "Bob lies about the Usher"
REMINDER = "watch seat two"


def table(seed: int = 3, players: int = 8) -> Game:
    """A Phantom table whose first seat is called something markup would eat."""
    setup = random_table(players, seed=seed, script="phantom")
    seats = (attrs.evolve(setup.seats[0], name=HOSTILE), *setup.seats[1:])
    return Game(attrs.evolve(setup, seats=seats))


def to_dawn(game: Game, rng: random.Random) -> Game:
    """Play the night to its dawn, told answers recorded (the truth or a believable lie)."""
    if game.prompt is None:
        game.apply(ev.StartNight())
    while game.prompt is not None:
        game.answer(random_answer(game.prompt, game, rng), told=random_told(game.prompt, game, rng))
    return game


async def test_the_recap_opens_with_one_key_and_closes_with_one() -> None:
    game = table()
    game.apply(ev.StartNight())
    async with GrimoireApp(game=game).run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = pilot.app.screen
        assert isinstance(screen, GrimoireScreen)
        await pilot.press("R")  # night 1 has no dawn yet: nothing opens
        await pilot.pause()
        assert pilot.app.screen is screen and not screen.check_action("recap", ())
        rng = random.Random(3)
        while game.prompt is not None:  # the night's steps, given to the screen's session
            screen.session.answer(random_answer(game.prompt, game, rng))
        await settle(pilot)
        assert "R: the recap of night 1." in notes(pilot.app)  # dawn says which key

        await pilot.press("R")
        await pilot.pause()
        recap = pilot.app.screen
        assert isinstance(recap, RecapScreen)
        shown = terminal_text(pilot.app)
        expected = last_recap(screen.game)
        assert expected is not None
        for heading, lines in recap_sections(expected):
            assert heading in shown
            first = lines[0].partition(": ")[2] if heading == "Told" else lines[0]  # the verdict in colour
            assert first[:30] in shown, (first, shown)
        assert "Dawn 1: the night's recap" in shown

        await pilot.press("R")  # the same key closes it
        await pilot.pause()
        assert pilot.app.screen is screen
        await pilot.press("R")
        await pilot.pause()
        await pilot.press("escape")  # and so does Escape
        await pilot.pause()
        assert pilot.app.screen is screen
        assert len(screen.game.events) == len(game.events)  # it changed nothing


async def test_the_recap_shows_a_hostile_name_as_written() -> None:
    game = to_dawn(table(seed=1), random.Random(1))  # Madame Giry is shown the first seat
    recap = last_recap(game)
    assert recap is not None
    assert any(HOSTILE in line for _, lines in recap_sections(recap) for line in lines)
    for size in (SIZE, (80, 24)):
        async with GrimoireApp(game=game).run_test(size=size) as pilot:
            await settle(pilot)
            await pilot.press("R")
            await pilot.pause()
            screen = pilot.app.screen
            assert isinstance(screen, RecapScreen)
            shown = [str(row.render()) for row in screen.query(Static)]
            assert any(HOSTILE in row for row in shown)  # as written, not bold
            assert "Deaths" in terminal_text(pilot.app) and "\x1b" not in terminal_text(pilot.app)


def _secrets(game: Game) -> list[str]:
    """What the storyteller sees and a player must not: the log's lines, the notes, the reminders."""
    lines = [line.split(" — ", 1)[1] for line in recent_lines(game.rules, game.state, limit=30)]
    return [NOTE, REMINDER, *lines]


async def test_the_grimoire_from_the_palette_shows_the_circle_and_no_secret() -> None:
    rng = random.Random(5)
    game = table(seed=5)
    game.apply(ev.WriteNote(1, NOTE))
    game.apply(ev.PlaceReminder(2, REMINDER))
    to_dawn(game, rng)
    async with GrimoireApp(game=game).run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = pilot.app.screen
        assert isinstance(screen, GrimoireScreen)
        assert NOTE[:20] in terminal_text(pilot.app) or REMINDER[:10] in terminal_text(pilot.app)
        await pilot.press("ctrl+p")
        await pilot.pause()
        await type_text(pilot, "show grimoire")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(pilot.app.screen, ShowGrimoireScreen)
        text = terminal_text(pilot.app)
        g = game.state
        for s in g.seats:  # every player and character, alive or dead
            assert s.name[:6] in text
        assert HOSTILE[:6] in text  # the name as written, not bold
        flat = text.replace("\n", " ")
        for secret in _secrets(game):
            assert secret not in flat, secret
        assert "Next" not in text and "Undo" not in text  # no keys panel, no walker
        assert "DRUNK" not in text and "POISON" not in text
        await pilot.press("escape")
        await pilot.pause()
        assert pilot.app.screen is screen


async def test_the_reveal_shows_the_grimoire_as_it_ended() -> None:
    from grimoire.simulate import play_random
    from grimoire.tui.screens.reveal import RevealScreen

    game = play_random(table(seed=4), random.Random(4), max_nights=20)
    assert game.state.winner is not None
    async with GrimoireApp(game=game).run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("r")
        await pilot.pause()
        reveal = pilot.app.screen
        assert isinstance(reveal, RevealScreen)
        await pilot.press("G")
        await pilot.pause()
        assert isinstance(pilot.app.screen, ShowGrimoireScreen)
        assert HOSTILE in " ".join(terminal_text(pilot.app).split())
        await pilot.press("G")
        await pilot.pause()
        assert pilot.app.screen is reveal
