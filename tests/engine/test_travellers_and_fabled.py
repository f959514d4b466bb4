"""Travellers who join and leave mid-game, and the Fabled, in the Phantom's game: the events,
their night steps, undo and redo, a save's round trip, and the Phantom's rules unchanged."""

from __future__ import annotations

import pytest

from grimoire.core import events as ev
from grimoire.core.model import Phase
from grimoire.game import Game, IllegalAction, SeatSetup
from grimoire.rules import info
from grimoire.rules.day import threshold
from grimoire.rules.visitors import merged_order
from tests.official.conftest import official, official_with_visitors  # noqa: F401
from tests.phantom_table import phantom_table

TABLE = phantom_table(
    seats=(
        SeatSetup("Ann", "meg"),
        SeatSetup("Ben", "sorelli"),
        SeatSetup("Cat", "trapdoor_keeper"),
        SeatSetup("Dan", "phantom"),
        SeatSetup("Eve", "christine_daae"),
        SeatSetup("Fay", "ubaldo_piangi"),
        SeatSetup("Gus", "claque"),
    ),
    artifacts=("monkey_music_box",),
)
ANSWERS = {"claque": "anticlockwise", "artifact": ["monkey_music_box", 1], "meg": "keep"}


def walk_night(game: Game) -> list[str]:
    game.apply(ev.StartNight())
    steps = []
    while game.prompt is not None:
        steps.append(game.prompt.step)
        key = game.prompt.key
        value = ANSWERS.get(key) if key else None
        if value is None and game.prompt.choices:
            value = game.prompt.choices[0]
        game.answer(value)
    return steps


def test_a_traveller_joins_between_two_seats_and_leaves(official_with_visitors) -> None:  # noqa: F811 (the fixture, imported)
    game = Game(TABLE)
    steps = walk_night(game)
    assert "oldmoon" not in steps and "pilgrim" not in steps
    assert game.phase is Phase.DAY
    before = threshold(game.rules, game.state)
    game.apply(ev.AddTraveller("Tia", "pilgrim", "evil", after=1))  # between Ben and Cat
    g = game.state
    assert g.seats[7].name == "Tia" and g.seats[7].traveller and g.seats[7].alignment.value == "evil"
    assert g.ring == (0, 1, 7, 2, 3, 4, 5, 6)
    assert threshold(game.rules, g) == (8 + 1) // 2 and before == (7 + 1) // 2  # Travellers count, as at setup
    assert info.alive_neighbours(g, 1) == (7, 0)  # Sorelli's neighbours: the Traveller sits beside Ben
    game.apply(ev.PlaceFabled("oldmoon"))
    assert game.state.fabled == ("oldmoon",)
    game.apply(ev.Nominate(7, 2))  # a Traveller who joined nominates and votes like any other
    game.apply(ev.Vote(2, (7, 0)))

    steps = walk_night(game)
    assert "pilgrim" in steps  # night 2: the Traveller's step, after dusk (the sheet's earlier steps are not here)
    assert steps.index("pilgrim") == steps.index("dusk") + 1
    assert "oldmoon" not in steps  # the Fabled has a first-night step only
    game.apply(ev.RemoveTraveller(7))
    g = game.state
    assert g.ring == (0, 1, 2, 3, 4, 5, 6) and g.seats[7].left and len(g.seats) == 8
    assert info.alive_neighbours(g, 1)[0] == 2  # Cat again, once the Traveller has gone
    assert threshold(game.rules, g) == (sum(g.seats[i].alive for i in g.ring) + 1) // 2  # the one who left counts no more
    with pytest.raises(IllegalAction, match="has left the game"):
        game.apply(ev.Nominate(7, 2))
    with pytest.raises(IllegalAction, match="has left the game"):
        game.apply(ev.RemoveTraveller(7))
    assert "pilgrim" not in walk_night(game)


def test_the_night_order_places_visitors_by_the_official_sheet(official_with_visitors) -> None:  # noqa: F811 (the fixture, imported)
    game = Game(TABLE)
    game.apply(ev.AddTraveller("Tia", "pilgrim", "good", after=6))
    game.apply(ev.PlaceFabled("oldmoon"))
    game.apply(ev.StartNight())
    order = game._night.order()  # noqa: SLF001 - the order the walker follows
    assert order[:2] == ("dusk", "oldmoon")  # after dusk, as on the official sheet
    assert order.index("pilgrim") == order.index("demoninfo") + 1
    prompt = game.prompt
    assert prompt is not None and prompt.step == "dusk"
    game.answer()
    assert game.prompt.step == "oldmoon" and "whisper" in game.prompt.reminder
    assert game.prompt.title == "Old Moon (Fabled)"
    assert game.state.ring == (0, 1, 2, 3, 4, 5, 6, 7)  # after the last seat: beside the first


def test_a_step_that_cannot_be_placed_goes_before_dawn(official_with_visitors) -> None:  # noqa: F811 (the fixture, imported)
    from grimoire.core.official import current

    pilgrim = current().role("pilgrim")
    assert merged_order(("phantom", "dawn"), {"pilgrim": pilgrim}, True) == ("phantom", "pilgrim", "dawn")


def test_undo_redo_and_the_save_round_trip(official_with_visitors, tmp_path) -> None:  # noqa: F811 (the fixture, imported)
    from grimoire.store.saves import load_game, save_game

    game = Game(TABLE)
    walk_night(game)
    game.apply(ev.AddTraveller("Tia", "pilgrim", "good", after=3))
    game.apply(ev.PlaceFabled("oldmoon"))
    game.undo()
    assert game.state.fabled == ()
    game.undo()
    assert len(game.state.seats) == 7 and game.state.circle == ()
    game.redo()
    game.redo()
    assert game.state.seats[7].name == "Tia" and game.state.fabled == ("oldmoon",)
    walk_night(game)
    game.apply(ev.RemoveTraveller(7))
    path = tmp_path / "game.toml"
    save_game(game, path)
    again = load_game(path)
    assert again.state.ring == game.state.ring and again.state.seats == game.state.seats
    assert again.state.fabled == ("oldmoon",)


def test_refusals_name_the_problem(official) -> None:  # noqa: F811 (the fixture, imported)
    game = Game(TABLE)
    walk_night(game)
    for event, words in [
        (ev.AddTraveller("Tia", "meg", "good", after=0), "not an official Traveller"),
        (ev.AddTraveller("Ann", "pilgrim", "good", after=0), "used already"),
        (ev.AddTraveller("Tia", "pilgrim", "grey", after=0), "good or evil"),
        (ev.AddTraveller("Tia", "pilgrim", "good", after=42), "no seat 42"),
        (ev.RemoveTraveller(0), "not a Traveller"),
        (ev.PlaceFabled("pilgrim"), "not an official Fabled"),
        (ev.RemoveFabled("oldmoon"), "not a Fabled or Loric in play"),
    ]:
        with pytest.raises(IllegalAction, match=words):
            game.apply(event)


def test_without_the_data_the_error_names_the_command() -> None:
    game = Game(TABLE)
    with pytest.raises(IllegalAction, match="grimoire data update"):
        game.apply(ev.AddTraveller("Tia", "pilgrim", "good", after=0))
    with pytest.raises(IllegalAction, match="grimoire data update"):
        game.apply(ev.PlaceFabled("oldmoon"))


def test_a_traveller_named_at_setup_still_loads_without_the_data() -> None:
    table = phantom_table(seats=(*TABLE.seats, SeatSetup("Tia", "Beggar", traveller=True)),
                       artifacts=("monkey_music_box",))
    game = Game(table)
    walk_night(game)
    assert game.state.ring == tuple(range(8))
