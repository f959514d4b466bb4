"""The storyteller's own words: notes and free-text reminders as events of the log."""

from __future__ import annotations

import random
import tomllib

import pytest

from grimoire.core import events as ev
from grimoire.core.freetext import NOTE_LIMIT, REMINDER_LIMIT
from grimoire.game import Game, IllegalAction
from grimoire.present.export import to_html, to_json, to_markdown
from grimoire.present.narrate import story
from grimoire.scenario.write import ScenarioWriteError, game_to_scenario
from grimoire.simulate import play_random, random_table
from grimoire.store.saves import dumps, game_from_dict
from grimoire.tui.support.view import seat_text, seat_views


def a_day(seed: int = 4) -> Game:
    """A game played to a day (or its end) by the engine."""
    return play_random(Game(random_table(8, seed=seed, script="phantom")), random.Random(seed), max_nights=1)


def test_a_note_and_a_reminder_fold_into_the_state_and_undo_and_redo() -> None:
    game = a_day()
    before = game.state.clone()
    game.apply(ev.WriteNote(2, "claims Sorelli, nervous"))
    game.apply(ev.PlaceReminder(2, "watch the vote"))
    g = game.state
    assert g.note(2) is not None and g.note(2).text == "claims Sorelli, nervous"
    assert g.note(2).when == g.moment and g.moment.startswith(("Day", "Night"))
    assert [r.text for r in g.reminders_on(2)] == ["watch the vote"]
    assert g.reminders_on(3) == [] and g.note(3) is None
    game.apply(ev.WriteNote(2, "now claims Usher"))  # a new note replaces the last
    assert game.state.note(2).text == "now claims Usher"
    game.apply(ev.RemoveReminder(2, "watch the vote"))
    assert game.state.reminders_on(2) == []
    for _ in range(4):
        game.undo()
    assert game.state == before
    for _ in range(4):
        game.redo()
    assert game.state.note(2).text == "now claims Usher" and game.state.reminders_on(2) == []
    game.apply(ev.WriteNote(2, ""))  # empty text clears it
    assert game.state.note(2) is None


def test_refusals_name_what_is_wrong_and_change_nothing() -> None:
    game = a_day()
    n = len(game.events)
    with pytest.raises(IllegalAction, match="no note to clear"):
        game.apply(ev.WriteNote(1, ""))
    with pytest.raises(IllegalAction, match="no reminder 'gone'"):
        game.apply(ev.RemoveReminder(1, "gone"))
    with pytest.raises(IllegalAction, match="there is no seat 99"):
        game.apply(ev.WriteNote(99, "x"))
    assert len(game.events) == n


def test_free_text_loses_control_characters_and_is_capped() -> None:
    note = ev.WriteNote(0, "  red\x1b[31m\x07 alert\nnext line\u202e!  ")
    assert note.text == "red[31m alert next line!"
    assert ev.PlaceReminder(0, "\tmine\x00").text == "mine"
    assert len(ev.WriteNote(0, "x" * NOTE_LIMIT).text) == NOTE_LIMIT
    with pytest.raises(ValueError, match=f"a note is at most {NOTE_LIMIT} characters; this one has {NOTE_LIMIT + 1}"):
        ev.WriteNote(0, "x" * (NOTE_LIMIT + 1))
    with pytest.raises(ValueError, match=f"a reminder is at most {REMINDER_LIMIT} characters"):
        ev.PlaceReminder(0, "y" * (REMINDER_LIMIT + 1))
    with pytest.raises(ValueError, match="a reminder needs some words"):
        ev.PlaceReminder(0, " \x1b ")


def test_a_save_with_notes_and_reminders_loads_back_the_same() -> None:
    game = a_day()
    game.apply(ev.WriteNote(0, 'quote " and \\ and [b]markup[/b] and “curly”'))
    game.apply(ev.PlaceReminder(1, "mine = [1]"))
    again = game_from_dict(tomllib.loads(dumps(game)))
    assert again.events == game.events and again.state == game.state


def test_a_save_with_a_control_character_in_a_note_is_refused_with_its_place() -> None:
    from grimoire.store.saves import SaveError

    game = a_day()
    game.apply(ev.WriteNote(0, "plain"))
    text = dumps(game).replace('text = "plain"', 'text = "pl\\u001bain"')
    assert "\\u001b" in text
    with pytest.raises(SaveError, match=rf"event {len(game.events)}: note.text .*control character"):
        game_from_dict(tomllib.loads(text))


def test_a_save_with_a_too_long_reminder_is_refused_with_its_place() -> None:
    from grimoire.store.saves import SaveError

    game = a_day()
    game.apply(ev.PlaceReminder(1, "short"))
    text = dumps(game).replace('text = "short"', f'text = "{"z" * 90}"')
    with pytest.raises(SaveError, match=r"event \d+: a reminder is at most 40 characters; this one has 90"):
        game_from_dict(tomllib.loads(text), "game.toml")


def test_the_log_the_seat_box_and_the_exports_show_them() -> None:
    game = a_day()
    g = game.state
    name = g.seats[3].name
    game.apply(ev.WriteNote(3, "says <b>hi</b> *loud*"))
    game.apply(ev.PlaceReminder(3, "[red]mine"))
    game.apply(ev.RemoveReminder(3, "[red]mine"))
    game.apply(ev.PlaceReminder(3, "keep"))
    lines = [line for _, body in story(game.rules, game.state) for line in body]
    assert f"Note on {name}: “says <b>hi</b> *loud*”." in lines
    assert f"Reminder “[red]mine” placed on {name}." in lines
    assert f"Reminder “[red]mine” removed from {name}." in lines
    view = seat_views(game.rules, game.state)[3]
    assert view.noted and "keep" in view.tokens and "[red]mine" not in view.tokens
    assert seat_text(view, 30).split("\n")[3].startswith("✎ ")
    md = to_markdown(game)
    assert "says &lt;b&gt;hi&lt;/b&gt; \\*loud\\*" in md and "## The storyteller's notes" in md
    assert "“keep”" in md
    page = to_html(game)
    assert "says &lt;b&gt;hi&lt;/b&gt; *loud*" in page and "<b>hi" not in page
    assert '"type": "note"' in to_json(game) and '"text": "keep"' in to_json(game)


def test_notes_made_before_the_first_night_have_their_own_heading() -> None:
    game = Game(random_table(7, seed=2, script="phantom"))
    game.apply(ev.WriteNote(0, "arrived late"))
    assert game.state.note(0).when == "Setup"
    assert story(game.rules, game.state)[0] == ("Before the first night", [f"Note on {game.state.seats[0].name}: “arrived late”."])


def test_the_scenario_writer_refuses_them_as_it_refuses_overrides() -> None:
    game = a_day()
    game.apply(ev.PlaceReminder(0, "mine"))
    with pytest.raises(ScenarioWriteError, match="notes or reminders \\(place_reminder\\)"):
        game_to_scenario(game)
