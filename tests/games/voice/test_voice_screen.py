"""Pilot tests of the Voice screen: played by keys, as a family would."""

from __future__ import annotations

import random
from pathlib import Path

import attrs
import pytest
from pilot_keys import type_text, until
from terminal_text import terminal_text
from textual.widgets import Static

from grimoire.games import persist
from grimoire.games.voice import quotes, save
from grimoire.games.voice import screen as voice_screen
from grimoire.games.voice.commands import Effect, MummyCommand
from grimoire.games.voice.info import KEYS, RULES, RulesModal, ScoresModal
from grimoire.games.voice.pickers import Ask, Confirm, PickLevel, PickMany, PickOne
from grimoire.games.voice.rules import Level
from grimoire.games.voice.screen import VoiceScreen
from grimoire.games.voice.setup import NamesModal, SetupModal
from grimoire.tui.app import GrimoireApp

from ..helpers import SIZE, from_the_palette, opened, settle, write_autosave
from .loaded_die import Loaded


def notes(app: GrimoireApp) -> list[str]:
    return [n.message for n in app._notifications]


async def start(pilot, *keys: str, names: tuple[str, ...] = ()) -> VoiceScreen:  # type: ignore[no-untyped-def]
    """Choose the explorers by their keys, then type their names (none by default)."""
    await pilot.pause()
    assert isinstance(pilot.app.screen, SetupModal)
    await pilot.press(*keys, "enter")
    await pilot.pause()
    assert isinstance(pilot.app.screen, NamesModal)
    for name in names:
        await type_text(pilot, name)
        await pilot.press("tab")
    await pilot.press("enter")
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, VoiceScreen)
    return screen


@pytest.mark.slow  # a whole game: its screens keep quicker tests
@pytest.mark.long
async def test_a_short_game_to_a_winner() -> None:
    app = GrimoireApp(mode="voice")
    async with app.run_test(size=SIZE) as pilot:
        screen = await start(pilot, "r", "b")
        assert [e.colour for e in screen.tomb.explorers] == ["red", "blue"]
        # Red climbs to the top over two turns; Blue stays on the lower level.
        await pilot.press("3", "plus", "tab", "tab", "3", "plus", "tab", "tab")
        assert screen.tomb.explorers[0].level is Level.TOP
        # The Great Jewel is locked until the 6 top jewels are gone.
        await pilot.press("3", "g")
        assert screen.tomb.part == 1
        assert quotes.GREAT_JEWEL_LOCKED in notes(app)[-1]
        for _ in range(6):
            await pilot.press("j", "tab", "tab", "3")
        assert screen.tomb.board[Level.TOP] == 0
        await pilot.press("g")
        assert screen.tomb.part == 2 and screen.tomb.explorers[0].cobra
        assert "Part II" in str(screen.query_one("#tomb-status").render())
        # Red holds the Cobra: he may not end the game.
        await pilot.press("minus", "tab", "tab", "3", "minus", "tab", "tab", "3", "h")
        assert not screen.tomb.finished
        assert quotes.COBRA_BLOCKS_END in notes(app)[-1]
        # Blue comes home: bonus jewel from Red, the game ends, the scores show.
        await pilot.press("tab", "3", "h")
        await pilot.pause()
        tomb = screen.tomb
        assert tomb.finished and tomb.ender == 1
        assert [e.precious for e in tomb.explorers] == [5, 1]
        assert isinstance(app.screen, ScoresModal)
        table = app.screen.query_one("#scores-table")
        assert str(table.get_row_at(0)[0]) == "Red" and table.get_row_at(0)[-1] == "5"
        assert "winner: Red" in str(app.screen.query_one("Static").render())
        await pilot.press("escape")
        await pilot.press("j")
        assert quotes.GAME_END in notes(app)[-1]


@pytest.mark.slow  # PickOne: tests/games/test_odd_names.py
async def test_the_mummy_speaks_and_is_obeyed_with_a_chosen_opponent() -> None:
    app = GrimoireApp(mode="voice")
    async with app.run_test(size=SIZE) as pilot:
        screen = await start(pilot, "g", "y", "b")
        screen.commands = (MummyCommand("Take a jewel, thief.", Effect.TAKE_FROM_OPPONENT),)
        await pilot.press("tab", "3", "j", "tab", "3", "j", "tab")  # Yellow and Blue hold one each
        await pilot.press("3", "v")
        voice = str(screen.query_one("#voice-text").render())
        assert "TAKE A JEWEL, THIEF." in voice
        await pilot.press("tab")  # must obey first
        assert screen.tomb.active == 0 and quotes.MUMMY_HEAD in notes(app)[-1]
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, PickOne)
        await pilot.press("down", "enter")  # the second opponent: Blue
        await pilot.pause()
        assert [e.precious for e in screen.tomb.explorers] == [1, 1, 0]
        assert screen.tomb.pending is None


async def test_give_back_asks_for_a_level_with_room() -> None:
    app = GrimoireApp(mode="voice")
    async with app.run_test(size=SIZE) as pilot:
        screen = await start(pilot, "r", "b")
        screen.commands = (MummyCommand("Give it back.", Effect.GIVE_BACK),)
        await pilot.press("3", "v")  # no jewels: the Mummy may not ask for one back
        assert screen.tomb.last_command.effect is Effect.NO_EFFECT
        await pilot.press("tab", "tab", "3", "j", "tab", "tab", "3", "v", "r")
        await pilot.pause()
        assert isinstance(app.screen, PickLevel)
        await pilot.press("enter")  # only the lower level has a free space
        await pilot.pause()
        assert screen.tomb.board == (12, 8, 6) and screen.tomb.explorers[0].precious == 0


@pytest.mark.slow  # PickMany: test_the_high_roll_and_names_at_setup; undo: test_undo_after_resume
async def test_landing_on_several_and_undo() -> None:
    app = GrimoireApp(mode="voice")
    async with app.run_test(size=SIZE) as pilot:
        screen = await start(pilot, "r", "y", "g")
        await pilot.press("3", "j", "tab", "3", "j", "tab", "3", "j", "tab")
        await pilot.press("3", "x")
        await pilot.pause()
        assert isinstance(app.screen, PickMany)
        await pilot.press("space", "down", "space", "enter")
        await pilot.pause()
        assert [e.precious for e in screen.tomb.explorers] == [3, 0, 0]
        await pilot.press("u")
        assert [e.precious for e in screen.tomb.explorers] == [1, 1, 1]
        await pilot.press("u", "u", "u")  # Red's throw, the turn passed, Green's jewel
        assert screen.tomb.active == 2 and screen.tomb.explorers[2].precious == 0


@pytest.mark.slow
async def test_every_key_is_in_the_palette() -> None:
    app = GrimoireApp(mode="voice")
    async with app.run_test(size=SIZE) as pilot:
        screen = await start(pilot, "r", "b")
        await pilot.press("3")  # a real die's throw: Red has moved
        await from_the_palette(pilot, "Voice: Jewel")
        await until(pilot, lambda: screen.tomb.explorers[0].precious == 1, "the jewel taken")
        shown = {b.action for b in screen.BINDINGS}
        assert {"speak", "resolve", "collect", "land", "level(1)", "level(-1)", "great_jewel",
                "home", "next(1)", "undo", "scores", "new_game", "rules", "leave"} <= shown
        assert all(b.id and b.tooltip and b.description for b in screen.BINDINGS)


async def test_rules_and_leaving_with_confirmation() -> None:
    app = GrimoireApp(mode="voice")
    async with app.run_test(size=SIZE) as pilot:
        screen = await start(pilot, "r", "b")
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, RulesModal)
        shown = " ".join(str(block.render()) for block in app.screen.query(Static))
        width = max(len(key) for key, _ in KEYS)  # the keys in a column
        for key, when in KEYS:
            assert f"{key.ljust(width)}  {when}" in shown, key
        for _, items in RULES:
            for item in items:  # the seed's texts, as written
                assert f"• {item}" in shown, item
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, Confirm)
        await pilot.press("n")
        await pilot.pause()
        assert app.screen is screen
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert type(app.screen).__name__ == "StartScreen"


@pytest.mark.slow
async def test_setup_refuses_a_single_explorer() -> None:
    app = GrimoireApp(mode="voice")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("r", "enter")
        await pilot.pause()
        assert isinstance(app.screen, SetupModal)
        assert quotes.PLAYERS in str(app.screen.query_one("#setup-error").render())
        await pilot.press("r", "r", "y", "backspace", "g", "enter")
        await pilot.pause()
        await pilot.press("enter")  # no names
        await pilot.pause()
        assert [e.colour for e in app.screen.tomb.explorers] == ["red", "green"]


@pytest.mark.slow
async def test_speech_is_optional(monkeypatch: pytest.MonkeyPatch) -> None:
    spoken: list[str] = []
    monkeypatch.setattr(voice_screen, "find_espeak", lambda: None)
    app = GrimoireApp(mode="voice")
    async with app.run_test(size=SIZE) as pilot:
        screen = await start(pilot, "r", "b")
        screen.commands = (MummyCommand("Sleep, explorer.", Effect.NO_EFFECT),)
        await pilot.press("a")
        assert not screen.speech_on and "not installed" in notes(app)[-1]
        await pilot.press("3", "v")  # still works, silently
        assert screen.tomb.last_command is not None
        # With the binary present the command is read aloud off the UI thread.
        monkeypatch.setattr(voice_screen, "find_espeak", lambda: "/usr/bin/espeak-ng")
        monkeypatch.setattr(voice_screen, "speak", lambda binary, text: spoken.append(text))
        await pilot.press("a", "tab", "3", "v")
        await app.workers.wait_for_complete()
        assert screen.speech_on and spoken == ["Sleep, explorer."]
        assert not [n for n in notes(app) if "failed" in n]


@pytest.mark.slow  # AskPath: tests/games/test_digits_in_text.py
async def test_a_groups_commands_file_is_loaded(tmp_path: Path) -> None:
    mine = tmp_path / "ours.toml"
    mine.write_text('[[command]]\ntext = "Up, mortal!"\neffect = "move_up"\n', encoding="utf-8")
    app = GrimoireApp(mode="voice")
    async with app.run_test(size=SIZE) as pilot:
        screen = await start(pilot, "r", "b")
        await pilot.press("o")
        await pilot.pause()
        await type_text(pilot, str(mine))
        await pilot.press("enter")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert [c.text for c in screen.commands] == ["Up, mortal!"]
        screen.rng = random.Random(0)
        await pilot.press("3", "v", "r")
        assert screen.tomb.explorers[0].level is Level.MIDDLE
        await pilot.press("o")
        await pilot.pause()
        await type_text(pilot, str(tmp_path / "missing.toml"))
        await pilot.press("enter")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert "cannot be read" in notes(app)[-1]


# --- autosave and resume ---------------------------------------------------------------------





@pytest.mark.slow  # make test resumes in tests/games/test_undo_after_resume.py
async def test_close_the_app_then_resume_the_same_game() -> None:
    app = GrimoireApp(mode="voice")
    async with app.run_test(size=SIZE) as pilot:
        screen = await start(pilot, "g", "r", "y")
        await pilot.press("3", "j", "x")
        await pilot.pause()
        await pilot.press("space", "enter")  # Green lands on Red
        await pilot.pause()
        await pilot.press("tab", "3", "j", "tab")
        await pilot.pause()
        played = screen.tomb
        assert played.explorers[0].precious == 1 and played.active == 2
        await pilot.press("ctrl+q")
        await pilot.pause()
    assert persist.has_autosave(save.KEY)

    app = GrimoireApp(mode="voice")
    async with app.run_test(size=SIZE) as pilot:
        await opened(pilot)
        assert isinstance(app.screen, Ask)
        body = str(app.screen.query_one("#voice-ask-body").render())
        assert "Resume the game in progress (Green, Red, Yellow; Part I, Yellow's turn)" in body
        assert "Start a new one" in body
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, VoiceScreen)
        assert screen.tomb == played
        await pilot.press("3", "j")
        assert screen.tomb.explorers[2].precious == 1


@pytest.mark.slow  # the question on opening: tests/games/test_undo_after_resume.py
async def test_start_a_new_one_instead() -> None:
    persist.write(save.KEY, save.to_dict(voice_screen.rules.new_tomb(["blue", "red"])))
    app = GrimoireApp(mode="voice")
    async with app.run_test(size=SIZE) as pilot:
        await opened(pilot)
        assert isinstance(app.screen, Ask)
        await pilot.press("n")
        screen = await start(pilot, "y", "g")
        assert [e.colour for e in screen.tomb.explorers] == ["yellow", "green"]
        await settle(app)
    assert [e.colour for e in persist.load(save.KEY, save.FORMAT, save.from_dict).explorers] == [
        "yellow", "green"
    ]


@pytest.mark.slow  # Confirm and Ask: test_rules_and_leaving_with_confirmation, test_start_a_new_one_instead
async def test_a_damaged_autosave_is_reported_and_left_untouched() -> None:
    damaged = b'game = "maumau"\nformat = 1\n'  # another game's file in Voice's place
    path = write_autosave(save.KEY, damaged)
    app = GrimoireApp(mode="voice")
    async with app.run_test(size=SIZE) as pilot:
        await opened(pilot)
        assert isinstance(app.screen, Ask)
        body = str(app.screen.query_one("#voice-ask-body").render())
        assert "voice.toml" in body and "wrong game" in body and "left exactly as it is" in body
        await pilot.press("enter")  # set up a new game …
        await pilot.pause()
        assert isinstance(app.screen, SetupModal)
        await pilot.press("r", "b", "enter")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, Confirm)  # … which asks before replacing the file
        await pilot.press("n")
        await pilot.pause()
        assert app.screen.tomb is None
        await pilot.press("escape")
        await pilot.pause()
        await settle(app)
    assert path.read_bytes() == damaged
    assert not path.with_name("voice.toml.bak").exists()


@pytest.mark.slow  # a game played to its end
async def test_a_confirmed_new_game_replaces_a_damaged_autosave_and_a_finished_one_is_deleted() -> None:
    path = write_autosave(save.KEY, b"\x00\x01")
    app = GrimoireApp(mode="voice")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await settle(app)
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("r", "b", "enter")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, VoiceScreen) and screen.tomb is not None
        await settle(app)
        assert persist.load(save.KEY, save.FORMAT, save.from_dict) == screen.tomb
        assert path.with_name("voice.toml.bak").read_bytes() == b"\x00\x01"
        screen.tomb = attrs.evolve(screen.tomb, ender=0)  # the game ends
        await settle(app)
        assert not persist.has_autosave(save.KEY)


# --- issue 14: levels, the die, names, the panel after the end -------------------------------


def shown(widget) -> str:  # type: ignore[no-untyped-def]
    return " ".join(str(widget.render()).split())


def log_text(screen: VoiceScreen) -> str:
    """The session log as one text (its lines are wrapped at spaces)."""
    return "".join(line.text for line in screen.query_one("#voice-log").lines)


@pytest.mark.slow  # a refusal on the screen: test_steps_right_after_…
async def test_landing_on_an_explorer_of_another_level_is_refused() -> None:
    app = GrimoireApp(mode="voice")
    async with app.run_test(size=SIZE) as pilot:
        screen = await start(pilot, "y", "b")
        # Blue climbs to the top over two turns, with a jewel from the middle level.
        await pilot.press("tab", "3", "plus", "tab", "tab", "3", "j", "plus", "tab")
        await pilot.press("3")
        tomb = screen.tomb
        assert tomb.explorers[1].level is Level.TOP and tomb.explorers[1].precious == 1
        assert tomb.current.colour == "yellow" and tomb.current.level is Level.BOTTOM
        await pilot.press("x")
        await pilot.pause()
        assert app.screen is screen  # no picker: nobody shares Yellow's level
        assert screen.tomb is tomb
        assert "No opponent is on the lower level with Yellow" in notes(app)[-1]
        assert quotes.LAND in notes(app)[-1]


@pytest.mark.slow
async def test_steps_right_after_a_move_up_command_are_refused() -> None:
    app = GrimoireApp(mode="voice")
    async with app.run_test(size=SIZE) as pilot:
        screen = await start(pilot, "r", "b")
        screen.commands = (MummyCommand("Climb, mortal.", Effect.MOVE_UP),)
        await pilot.press("tab", "3", "v", "r", "j")  # Blue is sent up, and collects there
        assert screen.tomb.current.level is Level.MIDDLE and screen.tomb.current.precious == 1
        await pilot.press("plus")
        assert screen.tomb.current.level is Level.MIDDLE
        assert "Blue has not yet moved along the middle level" in notes(app)[-1]
        assert quotes.CHANGE_LEVEL in notes(app)[-1]


@pytest.mark.slow
async def test_the_die_is_thrown_shown_and_logged() -> None:
    app = GrimoireApp(mode="voice")
    async with app.run_test(size=SIZE) as pilot:
        screen = await start(pilot, "r", "b")
        screen.rng = Loaded(4, 6)
        await pilot.press("d")
        assert screen.tomb.turn.throw == 4
        assert "Red's turn, threw 4." in shown(screen.query_one("#turn-hint"))
        assert "Red throws a 4: move 4 clockwise." in log_text(screen)
        await pilot.press("d")
        assert screen.tomb.turn.throw == 4 and "already thrown a 4" in notes(app)[-1]
        await pilot.press("tab", "d")
        assert screen.tomb.turn.throw == 6


async def test_the_high_roll_and_names_at_setup() -> None:
    app = GrimoireApp(mode="voice")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        voice = next(s for s in app.screen_stack if isinstance(s, VoiceScreen))
        voice.rng = Loaded(3, 5, 5, 1, 6, 2)
        await pilot.press("r", "y", "b", "d")
        await pilot.pause()
        roll = shown(app.screen.query_one("#setup-roll"))
        assert roll == "High roll: Red 3, Yellow 5, Blue 5; again: Yellow 1, Blue 6. Blue starts."
        screen = await start(pilot, names=("[bold]Bob[/]", "", "Cy"))
        tomb = screen.tomb
        assert [e.name for e in tomb.explorers] == ["[bold]Bob[/] (Red)", "Yellow", "Cy (Blue)"]
        assert tomb.active == 2  # the high roll starts; play goes on clockwise
        assert screen.query_one("#explorer-0").border_title == "\\[bold]Bob\\[/] (Red)"
        assert "Cy (Blue)'s turn" in shown(screen.query_one("#turn-hint"))
        log = log_text(screen)
        assert "[bold]Bob[/] (Red), Yellow, Cy (Blue) enter the tomb" in log
        assert ("High roll: [bold]Bob[/] (Red) 3, Yellow 5, Cy (Blue) 5; again: Yellow 1, "
                "Cy (Blue) 6. Cy (Blue) starts.") in log
        await pilot.press("tab", "3", "x")  # Bob lands: the picker names him as typed
        await pilot.pause()
        assert isinstance(app.screen, PickMany)
        assert shown(app.screen.query_one("Static")).startswith("[bold]Bob[/] (Red) landed on")
        await pilot.press("escape", "d", "d")
        await pilot.pause()
        assert notes(app)[-1].startswith("[bold]Bob[/] (Red) has already thrown")  # plain words


@pytest.mark.slow  # a game played to its end
async def test_after_the_game_the_last_command_leaves_the_panel() -> None:
    app = GrimoireApp(mode="voice")
    async with app.run_test(size=SIZE) as pilot:
        screen = await start(pilot, "r", "b")
        part_two = attrs.evolve(
            screen.tomb, part=2, great_jewel_on_mummy=False, cobra_on_mummy=False,
            explorers=(
                attrs.evolve(screen.tomb.explorers[0], precious=2),
                attrs.evolve(screen.tomb.explorers[1], great_jewel=True, cobra=True),
            ),
            board=(10, 8, 6),
        )
        screen.tomb = part_two
        screen.commands = (MummyCommand("Run home, little one.", Effect.NO_EFFECT),)
        await pilot.press("3", "v")
        assert "RUN HOME, LITTLE ONE." in shown(screen.query_one("#voice-text"))
        await pilot.press("h")  # Red comes home: the game is over
        await pilot.pause()
        assert screen.tomb.finished
        assert "RUN HOME" not in shown(screen.query_one("#voice-text"))
        assert "The game is over." in shown(screen.query_one("#voice-todo"))


@pytest.mark.slow
async def test_the_table_fits_at_80_by_24() -> None:
    app = GrimoireApp(mode="voice")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start(pilot, "r", "y", "g", "b", names=("Ann", "Bo", "Cy", "Di"))
        assert screen.max_scroll_y == 0
        for widget in ("#tomb-status", "#explorer-0", "#voice", "#turn-hint", "#voice-log"):
            region = screen.query_one(widget).region
            assert region.y >= 1 and region.bottom <= 21, widget  # under the header, above keys
        assert screen.query_one("#explorer-3").border_title == "Di (Blue)"


# The second size: make test-deep's.
@pytest.mark.parametrize("size", [(80, 24), pytest.param((140, 45), marks=pytest.mark.slow)])
async def test_the_final_scores_show_every_column_beside_a_long_name(size: tuple[int, int]) -> None:
    long = "[red]Zed 🦇 Bartholomew-Maximilian von Hohenzollern"
    tomb = attrs.evolve(voice_screen.rules.new_tomb(("red", "blue"), ("x[/]y", long)), ender=0)
    app = GrimoireApp(mode="voice")
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await app.push_screen(ScoresModal(tomb))
        await pilot.pause()
        text = terminal_text(app)
        assert "Cobra" in text and "Score" in text
        assert "x[/]y (Red)" in text and "[red]Zed 🦇" in text


# The second size: make test-deep's.
@pytest.mark.parametrize("size", [(80, 24), pytest.param((140, 45), marks=pytest.mark.slow)])
async def test_four_explorers_show_every_row_of_their_cards(size: tuple[int, int]) -> None:
    app = GrimoireApp(mode="voice")
    async with app.run_test(size=size) as pilot:
        screen = await start(pilot, "r", "y", "g", "b", names=("Ann", "Bo", "Cy", "Di"))
        tomb = screen.tomb
        explorers = list(tomb.explorers)
        explorers[0] = attrs.evolve(explorers[0], level=Level.MIDDLE, precious=12, great_jewel=True)
        explorers[1] = attrs.evolve(explorers[1], level=Level.TOP, cobra=True)
        screen.tomb = attrs.evolve(tomb, explorers=tuple(explorers), cobra_on_mummy=False,
                                   great_jewel_on_mummy=False, ender=0)
        await pilot.pause()
        for n in range(4):
            card = screen.query_one(f"#explorer-{n}")
            shown = terminal_text(app).splitlines()[card.region.y:card.region.bottom]
            inside = [row[card.region.x:card.region.right] for row in shown]
            assert sum("Cobra" in row for row in inside) == 1, (n, inside)
            assert sum("Score" in row for row in inside) == 1, (n, inside)
        text = terminal_text(app)
        assert "YES" in text and "17" in text and "-5" in text  # Ann's 12 + 5, Bo's Cobra
