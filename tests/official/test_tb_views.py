"""Trouble Brewing at the grimoire: the Spy's step offers the grimoire to show (G), which shows
the circle and nothing of the storyteller's; the setup screen says its pitfalls as facts and
summarises the bag, as the plug-in declares them."""

from __future__ import annotations

import random

from grimoire.core import events as ev
from grimoire.core.script import load_script
from grimoire.game import Game, SeatSetup, SetupToken, TableSetup
from grimoire.present.narrate import recent_lines
from grimoire.present.setup_facts import bag_summary, setup_pitfalls
from grimoire.simulate import random_answer
from grimoire.tui.app import GrimoireApp
from grimoire.tui.screens.setup import SetupScreen
from grimoire.tui.screens.show_grimoire import ShowGrimoireScreen
from grimoire.tui.screens.table import GrimoireScreen
from tests.official.conftest import TB
from tests.terminal_text import terminal_text
from tests.tui.helpers import SIZE, pick_seat, settle

HOSTILE = "[bold]Bob[/]"
# 8 players: the Spy (Dan) instead of the Poisoner, and a hostile name for the Empath.
SEATS = (("Ann", "drunk"), ("Ben", "imp"), (HOSTILE, "empath"), ("Dan", "spy"), ("Eve", "monk"),
         ("Fay", "slayer"), ("Gus", "mayor"), ("Hal", "washerwoman"))
NOTE = "Dan is bluffing as the Chef"
REMINDER = "seat one was warned"


def at_the_spys_step() -> Game:
    game = Game(TableSetup(seats=[SeatSetup(n, c, thinks="chef" if c == "drunk" else None) for n, c in SEATS],
                           script=str(TB)))
    game.apply(ev.WriteNote(3, NOTE))
    game.apply(ev.PlaceReminder(0, REMINDER))
    game.apply(ev.StartNight())
    rng = random.Random(1)
    while game.prompt is not None and game.prompt.step != "spy":
        game.answer(random_answer(game.prompt, game, rng))
    assert game.prompt is not None, "the Spy wakes on the first night"
    return game


async def test_the_spys_step_offers_the_grimoire_and_it_shows_no_secret(stand_in) -> None:
    game = at_the_spys_step()
    secrets = [NOTE, REMINDER, *(line.split(" — ", 1)[1] for line in recent_lines(game.rules, game.state, limit=30))]
    for size in (SIZE, (80, 24)):
        async with GrimoireApp(game=game).run_test(size=size) as pilot:
            await settle(pilot)
            table = pilot.app.screen
            assert isinstance(table, GrimoireScreen)
            assert table.check_action("show_grimoire", ())  # in the footer at this step
            assert "G: show the player the grimoire" in terminal_text(pilot.app) or size != SIZE
            await pilot.press("G")
            await pilot.pause()
            assert isinstance(pilot.app.screen, ShowGrimoireScreen)
            text = terminal_text(pilot.app)
            flat = " ".join(text.split())
            for name, _ in SEATS:
                assert name[:5] in text
            assert HOSTILE in flat  # as written, not bold
            for secret in secrets:
                assert " ".join(secret.split()) not in flat, secret
            assert "Spy" in text and "Imp" in text  # the characters are what the Spy sees
            assert "Quit" not in text and "Next" not in text  # no keys panel, no walker
            await pilot.press("G")  # one key closes it
            await pilot.pause()
            assert pilot.app.screen is table
            assert table.game.prompt is not None and table.game.prompt.step == "spy"  # nothing changed


def test_only_the_spys_step_shows_the_grimoire(stand_in) -> None:
    script = load_script(str(TB))
    rules = Game(TableSetup(seats=[SeatSetup(n, c, thinks="chef" if c == "drunk" else None) for n, c in SEATS],
                            script=str(TB))).rules
    assert [c.id for c in script.characters if rules.shows_grimoire(script, c.id)] == ["spy"]


def _table(seats: tuple[tuple[str, str], ...], thinks: str | None = "chef", herring: int | None = None) -> TableSetup:
    tokens = () if herring is None else (SetupToken("Red Herring", "fortuneteller", herring),)
    return TableSetup(seats=[SeatSetup(n, c, thinks=thinks if c == "drunk" else None) for n, c in seats],
                      script=str(TB), tokens=tokens)


# 7 players: no Outsider, as the setup counts allow.
NO_OUTSIDER = (("Ann", "librarian"), ("Ben", "imp"), ("Cat", "fortuneteller"), ("Dan", "poisoner"),
               ("Eve", "monk"), ("Fay", "slayer"), ("Hal", "washerwoman"))


def test_the_pitfalls_are_the_plug_ins_facts(stand_in) -> None:
    script = load_script(str(TB))
    found = setup_pitfalls(_table(NO_OUTSIDER), script)
    assert "No Outsider is in play: the Librarian learns zero." in found
    assert "The Fortune Teller has no red herring: no good player registers as the Demon to them." in found
    assert setup_pitfalls(_table(NO_OUTSIDER, herring=4), script) == [
        "No Outsider is in play: the Librarian learns zero."]
    drunk = (("Ann", "drunk"), *NO_OUTSIDER[1:])
    assert setup_pitfalls(_table(drunk, thinks=None, herring=4), script) == [
        "The Drunk (seat 1) has no Townsfolk chosen: they would wake as nobody."]
    # The Drunk is an Outsider: the Librarian has one to learn.
    librarian = (("Ann", "drunk"), ("Ben", "imp"), ("Cat", "librarian"), *NO_OUTSIDER[3:])
    assert setup_pitfalls(_table(librarian, herring=4), script) == []
    summary = bag_summary(_table(NO_OUTSIDER, herring=4), script)
    assert summary == ("Give information: Librarian, Fortune Teller, Washerwoman · Make it false: Poisoner · "
                       "Kill: Imp, Slayer · Protect: Monk")


async def test_the_setup_screen_shows_the_pitfalls_before_the_first_night(stand_in) -> None:
    for size in (SIZE, (80, 24)):
        async with GrimoireApp().run_test(size=size) as pilot:
            await pilot.pause()
            screen = SetupScreen(seed=1, names=tuple(n if n != "Ann" else HOSTILE for n, _ in NO_OUTSIDER),
                                 script=str(TB))
            pilot.app.push_screen(screen)
            await pilot.pause()
            for row, (_, c) in zip(screen.rows, NO_OUTSIDER):
                row.character = c
            screen.refresh_view()
            await pilot.pause()
            text = str(screen.query_one("#setup-pitfalls").render())
            assert "Worth knowing:" in text
            assert "No Outsider is in play: the Librarian learns zero." in text
            assert "The bag — Give information: Librarian, Fortune Teller, Washerwoman" in text
            assert "score" not in text.lower()
            # Pitfalls never stop the start: the red herring chosen, the table is ready.
            await pilot.press("escape", "h")
            await pilot.pause()
            await pick_seat(pilot, 4)
            assert screen.problems() == []
            assert "the Librarian learns zero" in str(screen.query_one("#setup-pitfalls").render())
