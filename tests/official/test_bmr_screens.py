"""Bad Moon Rising at the grimoire, by keys: what the screens ask and show on its days and
nights (the Pacifist's choice by one key, the end the Mastermind's day brings said on the
dusk's question, a Zombuul that registers dead shown as the town sees it, the Gambler's guess
asked player first)."""

from __future__ import annotations

from typing import Any

from pilot_keys import until

from grimoire.core import events as ev
from grimoire.tui.app import GrimoireApp
from grimoire.tui.screens.modals import Pick
from tests.official.test_bmr_day import SAILOR, _to_day
from tests.official.test_bmr_record import bmr_game
from tests.tui.helpers import SIZE, pick_seat, settle


async def picker(pilot: Any, title: str) -> Pick:
    await until(pilot, lambda: isinstance(pilot.app.screen, Pick) and pilot.app.screen.is_mounted
                and pilot.app.screen.title_text.startswith(title), title)
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, Pick)
    return screen


async def test_the_pacifists_choice_takes_one_key_as_every_picker_does(stand_in) -> None:
    game = bmr_game((*SAILOR[:4], ("Eve", "pacifist"), *SAILOR[5:]))
    _to_day(game, sailor=0)
    async with GrimoireApp(game=game).run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("e")
        await picker(pilot, "Execute whom?")
        await pick_seat(pilot, 2)  # Cat, a good player
        asked = await picker(pilot, "")
        dies = next(r.key for r in asked.rows if "die" in r.label and "live" not in r.label)
        await pilot.press(dies)  # once: the row not highlighted
        await until(pilot, lambda: pilot.app.screen is not asked, "the execution, at one key")
        await settle(pilot)
        execution = game.state.today.execution
        assert execution is not None and execution.seat == 2 and not game.state.seats[2].alive


PUKKA = (("Ann", "sailor"), ("Ben", "pukka"), ("Cat", "gossip"), ("Dan", "mastermind"), ("Eve", "fool"),
         ("Fay", "tinker"), ("Gus", "moonchild"), ("Hal", "minstrel"))


def mastermind_day() -> Any:
    """The day after the Pukka's execution while the Mastermind lives: the game ends at dusk."""
    game = bmr_game(PUKKA)
    _to_day(game, sailor=0, pukka=2)
    game.apply(ev.Execute(1))
    _to_day(game, sailor=0, tinker="no")
    assert game.state.phase.value == "day" and game.state.winner is None
    return game


async def test_the_dusk_on_the_masterminds_day_says_the_game_ends(stand_in) -> None:
    game = mastermind_day()
    async with GrimoireApp(game=game).run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("d")
        asked = await picker(pilot, "End the day?")
        labels = [r.label for r in asked.rows]
        assert labels == ["End the day: the game ends"], labels
        assert game.state.winner is None  # asked, not done


async def test_a_zombuul_registering_dead_is_drawn_dead_to_the_town_and_alive_to_the_storyteller(stand_in) -> None:
    from grimoire.tui.widgets.seats import SeatCircle
    from grimoire.tui.widgets.title import TitleBar

    game = bmr_game(SAILOR)
    _to_day(game, sailor=0)
    game.apply(ev.Execute(1))  # Ben, the Zombuul: seems to die
    assert game.state.seats[1].alive and game.rules.registers_dead(game.state) == {1}
    async with GrimoireApp(game=game).run_test(size=SIZE) as pilot:
        await settle(pilot)
        circle = pilot.app.screen.query_one(SeatCircle)
        assert circle.seating().kind != "rows"
        words = circle.seat_words(1)
        assert "☠♥" in words and "SEEMS DEAD" in words, words
        assert "☠" not in circle.seat_words(0)
        assert "7 of 8 alive" in str(pilot.app.screen.query_one(TitleBar)._words)
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        assert circle.seating().kind == "rows"
        assert "☠♥" in circle.seat_words(1), circle.seat_words(1)


GAMBLER = (*SAILOR[:5], ("Fay", "gambler"), *SAILOR[6:])


def at_the_gamblers_step() -> Any:
    game = bmr_game(GAMBLER)
    _to_day(game, sailor=0)
    game.apply(ev.StartNight())
    while game.prompt is not None and game.prompt.key != "gambler":
        game.answer({"sailor": 0, "zombuul": 2}.get(game.prompt.key) if game.prompt.key else None)
    assert game.prompt is not None and game.prompt.player_first
    return game


async def test_the_gamblers_guess_is_asked_player_first_then_the_character_by_typing(stand_in) -> None:
    from textual.widgets import OptionList

    game = at_the_gamblers_step()
    events = list(game.events)
    async with GrimoireApp(game=game).run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = pilot.app.screen
        step = screen.query_one("#side").text("step")
        assert "First the player" in step and "[t]" not in step and "(a: switch)" not in step, step
        await pilot.press("2")  # the player: Ben; nothing is guessed for the storyteller
        asked = await picker(pilot, "Ben: which character?")
        assert game.events == events and not any(r.key for r in asked.rows)
        await pilot.press("z")  # filters: the Zombuul, not a character keyed "z"
        await until(pilot, lambda: asked.typed == "z", "the filter")
        ol = asked.query_one(OptionList)
        assert ol.highlighted is not None and "Zombuul" in str(ol.get_option_at_index(ol.highlighted).prompt)
        assert game.events == events
        await pilot.press("enter")
        await until(pilot, lambda: len(game.events) > len(events), "the guess, recorded")
        assert game.events[len(events)] == ev.Answer(step="gambler", value=[1, "zombuul"])
        assert game.state.seats[5].alive  # a right guess: the Gambler lives


async def test_a_player_chosen_for_the_gambler_and_the_list_escaped_records_nothing(stand_in) -> None:
    game = at_the_gamblers_step()
    events = list(game.events)
    async with GrimoireApp(game=game).run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("1")
        await picker(pilot, "Ann: which character?")
        await pilot.press("escape")
        await settle(pilot)
        assert game.events == events
        step = pilot.app.screen.query_one("#side").text("step")
        assert "Now their character: 1 Ann as" in step, step


async def test_the_tinkers_seat_number_at_declare_offers_both_of_its_rows_and_takes_neither(stand_in) -> None:
    """The Tinker may die or make a Gossip's statement: their seat's number narrows the list to
    those two rows (Enter chooses), never recording the statement in the Tinker's place."""
    from textual.widgets import OptionList

    game = bmr_game(SAILOR)
    _to_day(game, sailor=0)
    events = list(game.events)
    async with GrimoireApp(game=game).run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("c")
        asked = await picker(pilot, "Who declares?")
        await pilot.press("6")  # 6 Fay, the Tinker
        await pilot.pause()
        shown = asked.query_one(OptionList)
        rows = [str(shown.get_option_at_index(i).prompt) for i in range(shown.option_count)]
        assert len(rows) == 2 and all(r.startswith("6 Fay (Tinker)") for r in rows), rows
        assert "dies at the storyteller's word" in rows[shown.highlighted or 0], rows
        assert pilot.app.screen is asked and game.events == events
        await pilot.press("enter", "enter")  # the number's own Enter, then the choice
        await until(pilot, lambda: len(game.events) > len(events), "the Tinker's death")
        assert game.events[len(events)] == ev.Declare(5, "tinker", None)
        assert not game.state.seats[5].alive


async def test_a_number_in_the_gamblers_character_list_is_refused_saying_so(stand_in) -> None:
    from textual.widgets import Input

    from tests.tui.helpers import notes

    game = at_the_gamblers_step()
    events = list(game.events)
    async with GrimoireApp(game=game).run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("2")
        asked = await picker(pilot, "Ben: which character?")
        await pilot.press("5", "enter")  # a seat's number: no character, never filter text; its Enter takes no row
        await until(pilot, lambda: any("a number is no character" in n for n in notes(pilot.app)), "the refusal")
        await pilot.pause()
        assert pilot.app.screen is asked and asked.query_one(Input).value == "" and game.events == events
        await pilot.press("z", "enter")
        await until(pilot, lambda: len(game.events) > len(events), "the guess, recorded")
        assert game.events[len(events)] == ev.Answer(step="gambler", value=[1, "zombuul"])


async def test_a_dawn_that_ends_the_game_shows_one_toast_the_games_end(stand_in) -> None:
    """The night's kill leaves two alive: the game's end is the only toast over the seats and
    the log (the dawn's pointer to the recap is not stacked on it)."""
    from tests.official.tb_table import night, tb_game

    game = tb_game((("Ann", "chef"), ("Ben", "imp"), ("Cat", "empath"), ("Dan", "poisoner"), ("Eve", "monk")))
    night(game, poisoner=0)
    game.apply(ev.Execute(0))
    night(game, poisoner=2, imp=2, monk=1)
    game.apply(ev.StartNight())  # three alive, no execution: the Imp's kill leaves two
    answers = {"poisoner": 4, "imp": 4, "monk": 3}
    while True:
        prompt = game.prompt
        assert prompt is not None
        value = answers.get(prompt.key) if prompt.key else None
        fork = game.fork()
        fork.answer(value)
        if fork.prompt is None:
            break
        game.answer(value)
    async with GrimoireApp(game=game).run_test(size=(80, 24), notifications=True) as pilot:
        await settle(pilot)
        screen = pilot.app.screen
        screen.session.answer(value)
        await until(pilot, lambda: bool(screen.query("Toast")), "the game's end")
        await settle(pilot)
        assert game.state.winner is not None
        assert len(screen.query("Toast")) == 1
        assert any(n.title == "Game over" for n in pilot.app._notifications)
