"""Pilot tests of the grimoire screen's keys: the night walker, the day, overrides, undo."""

from __future__ import annotations

import random

import pytest

from grimoire.core import events as ev
from grimoire.core.model import Phase
from grimoire.game import Game, SeatSetup
from grimoire.rules.phantom.state import own
from grimoire.simulate import random_answer
from grimoire.tui.app import GrimoireApp
from grimoire.tui.screens.modals import KeysHelp, Pick
from grimoire.tui.screens.table import GrimoireScreen
from grimoire.tui.widgets.seats import SeatCircle
from grimoire.tui.widgets.side import SidePanel
from night_order import AnswerKind
from tests.phantom_table import phantom_table

from .helpers import SIZE, first_night, notes, open_vote, settle, type_pick

CAST = [
    ("Ann", "christine_daae"), ("Ben", "ubaldo_piangi"), ("Cat", "meg"), ("Dan", "auctioneer"),
    ("Eve", "sorelli"), ("Fay", "doomed"), ("Gus", "cloak_bearer"), ("Hal", "phantom"),
]


def day_game() -> Game:
    """Eight players and a Traveller, played to the first day by the engine."""
    seats = [SeatSetup(n, c) for n, c in CAST] + [SeatSetup("Ivy", "Gunslinger", traveller=True)]
    game = Game(phantom_table(seats=seats, artifacts=("monkey_music_box",), bluffs=("persian", "usher", "primadonna")))
    game.apply(ev.StartNight())
    rng = random.Random(2)
    while game.prompt is not None:
        prompt = game.prompt
        if prompt.kind is AnswerKind.OPTION_AND_PLAYER:
            game.answer(["monkey_music_box", 0])  # to Christine: nobody bounces it
        else:
            game.answer(random_answer(prompt, game, rng))
    assert game.state.phase is Phase.DAY and game.state.winner is None
    return game


async def open_table(game: Game):  # type: ignore[no-untyped-def]
    app = GrimoireApp(game=game)
    return app


async def test_night_walker_keys_and_the_sheet() -> None:
    game = first_night()
    async with GrimoireApp(game=game).run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = pilot.app.screen
        assert isinstance(screen, GrimoireScreen)
        assert len(screen.query_one(SeatCircle).box_regions()) == 8
        assert game.prompt.step == "dusk"
        await pilot.press("n")  # dusk: an acknowledgement
        assert game.prompt.step == "claque"
        text = screen.query_one("#side", SidePanel).text("step")
        assert "[c] clockwise" in text and "[a] anticlockwise" in text and "Reminder (script text)" in text
        assert "✔ Dusk done" in screen.query_one("#side", SidePanel).text("sheet")
        await pilot.press("c")  # clockwise: the Claque's neighbour Cat is drunk
        assert own(game.state).claque_direction == 1
        assert game.prompt.kind is AnswerKind.OPTION_AND_PLAYER
        await pilot.press("enter")  # the typed picker
        await pilot.pause()
        assert isinstance(pilot.app.screen, Pick)
        await type_pick(pilot, "Cat")
        assert own(game.state).artifact.holder is not None
        assert "gave the Monkey Music Box to 3 Cat" in screen.query_one("#log", SidePanel).text("log")
        # Cat is a Minion: it bounced back; Cat is drunk (the Claque's seat) and it shows.
        assert "DRUNK" in screen.query_one(SeatCircle).seat_words(2)
        assert game.prompt.step == "minioninfo"
        assert "True answer" in screen.query_one("#side", SidePanel).text("step")


async def test_players_prompt_by_number_keys_and_illegal_answer_is_refused() -> None:
    game = first_night()
    rng = random.Random(1)
    while game.prompt.step != "madame_giry":
        game.answer(random_answer(game.prompt, game, rng))
    async with GrimoireApp(game=game).run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = pilot.app.screen
        before = len(game.events)
        # Giry must include the Demon (Gus, seat 7, choice 7): 1 2 3 leaves him out.
        await pilot.press("1", "2")
        assert screen.picked == [0, 1]
        await pilot.press("3")
        assert len(game.events) == before
        assert any("Demon" in n or "Phantom" in n for n in notes(pilot.app)), notes(pilot.app)
        assert screen.picked == []
        await pilot.press("1", "2", "7")
        assert len(game.events) == before + 1


async def test_day_keys_declare_exile_vote_execute_and_dusk() -> None:
    game = day_game()
    async with GrimoireApp(game=game).run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = pilot.app.screen
        assert "votes to execute" in screen.query_one("#side", SidePanel).text("step")
        await pilot.press("c")
        await pilot.pause()
        await type_pick(pilot, "Ann")
        assert game.state.today.number in own(game.state).unmasked
        await pilot.press("x")
        await pilot.pause()
        await type_pick(pilot, "Ivy")
        assert not game.state.seats[8].alive
        await pilot.press("m")
        await pilot.pause()
        await type_pick(pilot, "Ben")
        await type_pick(pilot, "Hal")
        await open_vote(pilot)
        await pilot.press("1", "2", "3", "4", "5")  # Ann, Ben, Cat, Dan and Eve: their hands up
        await pilot.press("enter", "enter")  # the first ends Eve's number; the second records
        await pilot.pause()
        assert "on the block" in screen.query_one("#side", SidePanel).text("step")
        await pilot.press("e", "enter")
        await settle(pilot)
        # Christine unmasked the Phantom, but the Cloak Bearer saves him once.
        ex = game.state.today.execution
        assert ex is not None and ex.seat == 7 and not ex.died and ex.survived_because == "cloak_bearer"
        assert "survived" in screen.query_one("#side", SidePanel).text("step")
        assert "Cloak Bearer saved the Phantom" in screen.query_one("#log", SidePanel).text("log")


async def test_dusk_starts_the_next_night() -> None:
    game = day_game()
    async with GrimoireApp(game=game).run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("d")
        assert game.state.phase is Phase.NIGHT and game.state.night == 2
        assert "NIGHT 2" in pilot.app.screen.query_one("#side", SidePanel).text("step")


def _undo_cases():  # type: ignore[no-untyped-def]
    # (name, keys and typed picks, expected event kind)
    return [
        ("answer", [], "answer"),
        ("start_night", ["d"], "start_night"),
        ("nominate", ["m", "@Ben", "@Hal"], "nominate"),
        ("declare", ["c", "@Ben"], "declare"),
        ("exile", ["x", "@Ivy"], "exile"),
        ("place_token", ["t", "@Cat", "@Used"], "place_token"),
        ("set_alive", ["k", "@Eve"], "set_alive"),
        ("swap_character", ["s", "@Eve", "@Persian"], "swap_character"),
        ("set_alignment", ["l", "@Fay"], "set_alignment"),
        ("move_artifact", ["o", "@Dan"], "move_artifact"),
    ]


async def _run_keys(pilot, keys) -> None:  # type: ignore[no-untyped-def]
    for key in keys:
        if key.startswith("@"):
            await type_pick(pilot, key[1:])
        else:
            await pilot.press(key)
            await pilot.pause()


# make test undoes an answer, a nomination and a token by keys; every other kind is make test-deep's
# (the engine's own tests undo and redo every kind of event).
QUICK_UNDO = {"answer", "nominate", "place_token"}


@pytest.mark.parametrize("name,keys,kind", [c if c[0] in QUICK_UNDO else pytest.param(*c, marks=pytest.mark.slow)
                                           for c in _undo_cases()], ids=[c[0] for c in _undo_cases()])
async def test_undo_and_redo_of_each_kind_of_action(name, keys, kind) -> None:  # type: ignore[no-untyped-def]
    game = first_night() if name == "answer" else day_game()
    async with GrimoireApp(game=game).run_test(size=SIZE) as pilot:
        await pilot.pause()
        before_state, before_n = repr(game.state), len(game.events)
        if name == "answer":
            keys = ["n"]
        await _run_keys(pilot, keys)
        assert len(game.events) == before_n + 1, notes(pilot.app)
        assert game.events[-1].kind == kind
        after_state = repr(game.state)
        await pilot.press("u")
        assert len(game.events) == before_n and repr(game.state) == before_state
        await pilot.press("U")
        assert repr(game.state) == after_state


@pytest.mark.slow  # undo by keys: test_undo_and_redo_of_each_kind_of_action
async def test_undo_of_vote_execute_remove_token_and_ghost_vote() -> None:
    game = day_game()
    async with GrimoireApp(game=game).run_test(size=SIZE) as pilot:
        await pilot.pause()
        states = [repr(game.state)]
        await _run_keys(pilot, ["m", "@Ben", "@Eve"])
        await open_vote(pilot)
        await pilot.press("1", "2", "3", "4", "8")  # Ann, Ben, Cat, Dan and Hal
        await pilot.press("enter", "enter")  # the first ends Hal's number; the second records
        await pilot.pause()
        assert game.events[-1].kind == "vote"
        states.append(repr(game.state))
        await _run_keys(pilot, ["e", "@Eve"])
        if game.events[-1].kind != "execute":
            await pilot.press("enter")
        assert game.events[-1].kind == "execute"
        assert not game.state.seats[4].alive
        states.append(repr(game.state))
        await _run_keys(pilot, ["g", "@Eve"])
        assert game.events[-1].kind == "set_ghost_vote"
        states.append(repr(game.state))
        await _run_keys(pilot, ["t", "@Cat", "@Used", "T", "@Used"])
        assert game.events[-1].kind == "remove_token"
        await pilot.press("u")
        assert game.events[-1].kind == "place_token"
        await pilot.press("u", "u")
        assert repr(game.state) == states[-2]
        await pilot.press("u")
        assert repr(game.state) == states[-3]
        await pilot.press("u", "u")  # the vote, then the nomination
        assert repr(game.state) == states[-4]


@pytest.mark.slow
async def test_help_lists_every_key_and_palette_has_the_actions() -> None:
    game = day_game()
    async with GrimoireApp(game=game).run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(pilot.app.screen, KeysHelp)
        text = str(pilot.app.screen.query_one("#help-text").render())
        for word in ("Nominate", "Vote", "Execute", "Undo", "Redo", "Kill/revive", "Swap", "Token"):
            assert word in text
        await pilot.press("escape")
        await pilot.pause()
        from grimoire.tui.commands import ScreenKeys

        screen = pilot.app.screen
        provider = ScreenKeys(screen)
        hits = [hit async for hit in provider.search("nominate")]
        assert hits
        await hits[0].command()
        await pilot.pause()
        assert isinstance(pilot.app.screen, Pick)


async def test_seats_reflow_on_resize_without_overlap() -> None:
    game = first_night(players=15, seed=5)
    async with GrimoireApp(game=game).run_test(size=SIZE) as pilot:
        await pilot.pause()
        circle = pilot.app.screen.query_one(SeatCircle)
        boxes = circle.box_regions()
        assert len(boxes) == 15
        for i, a in enumerate(boxes):
            assert circle.size.region.contains_region(a), i
            for j, b in enumerate(boxes):
                if i != j:
                    assert not a.overlaps(b), (i, j)
        wide = boxes[4].offset
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        assert circle.box_regions()[4].offset != wide


@pytest.mark.slow  # a day key's picker: test_day_keys_declare_exile_vote_execute_and_dusk
async def test_the_override_menu_offers_each_override_and_runs_the_one_chosen() -> None:
    game = day_game()
    async with GrimoireApp(game=game).run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = pilot.app.screen
        # The footer shows the menu's key; the overrides keep their own keys, out of the footer.
        shown = {b.action for b in type(screen).BINDINGS if b.show}
        assert "overrides" in shown and not shown & {"token", "kill", "swap", "ghost"}
        await pilot.press("exclamation_mark")
        await pilot.pause()
        menu = pilot.app.screen
        assert isinstance(menu, Pick)
        assert [value for _, value in menu.items] == [
            "token", "untoken", "kill", "swap", "alignment", "move_held", "ghost"]
        assert menu.items[5][0] == "Move artifact: give the artifact to a player"  # the Phantom's words
        assert menu.rows[2].key == "k" and menu.items[2][0].startswith("Kill/revive")
        await pilot.press("k")  # the override's own key, shown in brackets: at once
        await pilot.pause()
        assert isinstance(pilot.app.screen, Pick) and "Kill or revive" in pilot.app.screen.title_text
        await type_pick(pilot, "Eve")
        await settle(pilot)
        assert game.events[-1].kind == "set_alive" and not game.state.seats[4].alive
        await pilot.press("exclamation_mark")
        await pilot.pause()
        await pilot.press("escape")  # closing the menu changes nothing
        await pilot.pause()
        assert pilot.app.screen is screen and game.events[-1].kind == "set_alive"
