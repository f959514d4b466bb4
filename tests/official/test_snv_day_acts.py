"""Sects & Violets' day acts as the screens offer them: the Juggler's guesses and the Savant's
visit as declarations of pairs and options (a Philosopher who gained the Juggler, the Savant or
the Artist uses it too), the dead Klutz's and Sweetheart's choices owed before the day ends, and
an execution for madness told as one."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path
from typing import Any

import pytest

from grimoire.core import events as ev
from grimoire.core.events import event_from_dict
from grimoire.game import Game, IllegalAction, SeatSetup, TableSetup
from grimoire.present.card import seat_card
from grimoire.present.export import to_json, to_markdown
from grimoire.present.foresight import foresee
from grimoire.present.narrate import day_lines
from grimoire.rules.snv.events import EVENTS, JugglerGuesses, SavantVisit
from grimoire.scenario.format import ScenarioError, load_scenario
from grimoire.scenario.run import run_file
from grimoire.scenario.write import game_to_scenario
from night_order import AnswerKind
from tests.official.conftest import SNV

NAMES = "Ann Ben Cat Dan Eve Fay Gus".split()


def night(game: Game, **answers: Any) -> dict[str, list[Any]]:
    """The night to its dawn: the answers given by step, else the last choice on offer; the
    truths told, by step."""
    truths: dict[str, list[Any]] = {}
    while game.prompt is not None:
        prompt = game.prompt
        if prompt.kind is AnswerKind.ACK and prompt.informs is not None:
            truths.setdefault(prompt.step, []).append(prompt.truth)
        if prompt.step in answers:
            game.answer(answers[prompt.step])
        else:
            game.answer(None if prompt.kind is AnswerKind.ACK else prompt.choices[-1])
    return truths


def to_day(*characters: str, **answers: Any) -> Game:
    game = Game(TableSetup(seats=tuple(SeatSetup(NAMES[i], c) for i, c in enumerate(characters)), script=str(SNV)))
    game.apply(ev.StartNight())
    night(game, **answers)
    return game


def offer(game: Game, character: str) -> Any:
    return next(o for o in game.rules.declarations(game.state) if o.character == character)


def told_today(game: Game) -> list[str]:
    return day_lines(game.rules, game.state, game.state.days[-1])


def test_the_juggler_guesses_up_to_five_pairs_on_their_first_day_and_learns_the_count(stand_in) -> None:
    game = to_day("juggler", "fanggu", "witch", "oracle", "sage")
    juggler = offer(game, "juggler")
    assert (juggler.seat, juggler.pairs, juggler.refused) == (0, 5, "")
    event = game.rules.declared(game.state, juggler, [(1, "fanggu"), (2, "oracle"), (3, "oracle")])
    assert event == JugglerGuesses(((1, "fanggu"), (2, "oracle"), (3, "oracle")), juggler=0)
    game.apply(event)
    assert offer(game, "juggler").refused == "has guessed already today"
    assert ("1 Ann (Juggler) guessed (the Juggler): 2 Ben as the Fang Gu; 3 Cat as the Oracle; 4 Dan as the "
            "Oracle. 2 correct as guessed.") in told_today(game)
    game.apply(ev.Execute(4))
    game.apply(ev.StartNight())
    assert night(game, fanggu=3)["juggler"] == [2]


def test_a_philosopher_who_gained_the_juggler_guesses_and_wakes_only_after_guessing(stand_in) -> None:
    game = to_day("philosopher", "fanggu", "witch", "oracle", "sage", philosopher="juggler")
    juggler = offer(game, "juggler")
    assert (juggler.seat, juggler.refused) == (0, "")
    game.apply(game.rules.declared(game.state, juggler, [(1, "fanggu")]))
    game.apply(ev.Execute(4))
    game.apply(ev.StartNight())
    assert night(game, fanggu=3)["juggler"] == [1]
    assert all(o.character != "juggler" for o in game.rules.declarations(game.state))  # their first day is past
    game.apply(ev.StartNight())  # no guesses today: the Philosopher does not wake for the Juggler
    assert "juggler" not in night(game, fanggu=2)


def test_the_savant_is_offered_only_what_the_rules_allow_and_the_visit_is_logged(stand_in) -> None:
    game = to_day("savant", "fanggu", "witch", "oracle", "sage")
    savant = offer(game, "savant")
    assert [value for _label, value in savant.options] == [(True, False)]  # sober, no Vortox
    with pytest.raises(IllegalAction, match="one statement true, one false"):
        game.apply(SavantVisit(0, False, False))
    game.apply(game.rules.declared(game.state, savant, (False, True)))
    assert ("1 Ann (Savant) visited the storyteller (the Savant): the second statement true, the other false."
            in told_today(game))
    assert offer(game, "savant").refused == "has visited already today"
    # The day's panel and the seat's card tell it too.
    visit = "1 Ann (Savant) visited the storyteller (the Savant): the second statement true, the other false."
    assert game.rules.day_notes(game.state) == [visit]
    assert seat_card(game, 0).section("By day").lines == (f"Day 1: {visit}",)
    with pytest.raises(IllegalAction, match="once a day"):
        game.apply(SavantVisit(0, True, False))

    vortox = to_day("savant", "vortox", "witch", "oracle", "sage")
    assert [value for _label, value in offer(vortox, "savant").options] == [(False, False)]
    vortox.apply(SavantVisit(0, False, False))
    assert any("both statements false (the Vortox makes them false)" in line for line in told_today(vortox))


def test_a_philosopher_who_gained_the_savant_visits_sober_and_the_savant_is_drunk(stand_in) -> None:
    game = to_day("philosopher", "fanggu", "witch", "savant", "sage", philosopher="savant")
    offers = [(o.seat, [v for _l, v in o.options]) for o in game.rules.declarations(game.state)
              if o.character == "savant"]
    # The Savant, drunk because of the Philosopher, may be given any pair; the Philosopher one true, one false.
    assert offers == [(3, [(True, False), (False, False), (True, True)]), (0, [(True, False)])]
    game.apply(SavantVisit(0, True, False))
    assert "1 Ann (Philosopher) visited the storyteller (the Savant): the first statement true, the other false." \
        in told_today(game)


def test_a_philosopher_who_gained_the_artist_asks_once(stand_in) -> None:
    game = to_day("philosopher", "fanggu", "witch", "oracle", "sage", philosopher="artist")
    artist = offer(game, "artist")
    assert (artist.seat, artist.refused) == (0, "")
    game.apply(ev.Declare(0, "artist"))
    assert offer(game, "artist").refused == "has asked already"


@pytest.mark.parametrize("character", ["klutz", "sweetheart"])
def test_a_dead_klutz_or_sweethearts_choice_is_owed_before_the_day_ends(stand_in, character: str) -> None:
    game = to_day(character, "fanggu", "witch", "oracle", "sage")
    asked = foresee(game, ev.Execute(0)).words()  # the execution's confirmation says what it owes
    assert asked[-1].startswith(f"Then you are asked: 1 Ann ({character.capitalize()}) ") and \
        asked[-1].endswith("(before the day ends)"), asked
    game.apply(ev.Execute(0))
    owed = offer(game, character)
    assert owed.owed and owed.names_player
    said = foresee(game, ev.StartNight()).refused
    assert "before the day ends" in said and "Ann" in said, said
    with pytest.raises(IllegalAction, match="before the day ends"):
        game.apply(ev.StartNight())
    game.apply(ev.Declare(0, character, target=3))
    if character == "klutz":
        assert "The Klutz's choice: 1 Ann (Klutz) chose 4 Dan, a good player: nothing happens." in told_today(game)
    game.apply(ev.StartNight())
    assert game.state.night == 2


def test_an_execution_for_madness_is_told_as_one_in_the_log_and_the_export(stand_in) -> None:
    game = to_day("cerenovus", "fanggu", "witch", "oracle", "sage", cerenovus=[3, "sage"])
    game.apply(ev.Declare(3, "cerenovus"))
    line = ("The storyteller judged 4 Dan (Oracle) broke their madness (mad that they are the Sage: the "
            "Cerenovus): executed for their madness at once, the day's execution.")
    assert line in told_today(game)
    assert line in to_markdown(game)
    mutant = to_day("mutant", "fanggu", "witch", "oracle", "sage")
    mutant.apply(ev.Declare(0, "mutant"))
    assert any("1 Ann (Mutant) mad that they are an Outsider (the Mutant): executed for their madness" in line
               for line in told_today(mutant))


def test_the_json_log_tells_an_execution_for_madness_as_the_markdown_does(stand_in) -> None:
    """The JSON's day has the execution, with the storyteller's judgement that brought it in the
    Markdown's words; a plain execution has no judgement."""
    game = to_day("cerenovus", "fanggu", "witch", "oracle", "sage", cerenovus=[3, "sage"])
    game.apply(ev.Declare(3, "cerenovus"))
    judged = ("The storyteller judged 4 Dan (Oracle) broke their madness (mad that they are the Sage: the "
              "Cerenovus): executed for their madness at once, the day's execution.")
    day = json.loads(to_json(game))["days"][0]
    assert day["execution"] == {"seat": 3, "died": True, "survived_because": None, "substitute": None,
                                "judged": judged, "words": ["4 Dan (Oracle) was executed and died."]}
    markdown = to_markdown(game)
    assert all(line in markdown for line in (judged, "4 Dan (Oracle) was executed and died."))
    game.apply(ev.StartNight())
    night(game, fanggu=2, cerenovus=[1, "sage"])
    game.apply(ev.Execute(4))  # the next day's, by the town: no judgement
    assert json.loads(to_json(game))["days"][1]["execution"] == {
        "seat": 4, "died": True, "survived_because": None, "substitute": None,
        "words": ["5 Eve (Sage) was executed and died."]}


def test_the_guesses_and_the_visit_are_written_to_a_scenario_file_that_replays(stand_in, tmp_path: Path) -> None:
    game = to_day("juggler", "fanggu", "witch", "savant", "sage")
    game.apply(JugglerGuesses(((1, "fanggu"), (2, "sage")), juggler=0))
    game.apply(SavantVisit(3, True, False))
    game.apply(ev.Execute(4))
    game.apply(ev.StartNight())
    night(game)
    text = game_to_scenario(game)
    day = tomllib.loads(text)["day"][0]
    assert (day["juggler"], day["savant"]) == ({"player": "Ann", "guesses": [["Ben", "fanggu"], ["Cat", "sage"]]},
                                               {"player": "Dan", "statements": ["true", "false"]})
    path = tmp_path / "day.toml"
    path.write_text(text, encoding="utf-8")
    assert run_file(path).failures == []


def written_and_read(game: Game, tmp_path: Path) -> tuple[dict[str, Any], list[Any]]:
    """The game's first day as a scenario file writes it, and the day's own events as the file reads back."""
    text = game_to_scenario(game)
    path = tmp_path / "day.toml"
    path.write_text(text, encoding="utf-8")
    assert run_file(path).failures == []
    return tomllib.loads(text)["day"][0], load_scenario(path).days[0].events


def test_a_philosophers_guesses_beside_the_jugglers_own_are_written_each_under_its_player(
        stand_in, tmp_path: Path) -> None:
    """Both guess on day 1 (the Juggler drunk for the Philosopher's choice): the file names who
    guessed what, and replays each to its own player, the Philosopher's first as made."""
    game = to_day("philosopher", "fanggu", "juggler", "oracle", "sage", philosopher="juggler")
    philosophers = JugglerGuesses(((1, "fanggu"), (3, "oracle")), juggler=0)
    jugglers = JugglerGuesses(((1, "fanggu"),), juggler=2)
    game.apply(philosophers)
    game.apply(jugglers)
    game.apply(ev.Execute(4))
    game.apply(ev.StartNight())
    assert night(game, fanggu=3)["juggler"] == [1, 2]  # the Juggler's own step first, then the Philosopher's
    day, events = written_and_read(game, tmp_path)
    assert day["juggler"] == [{"player": "Ann", "guesses": [["Ben", "fanggu"], ["Dan", "oracle"]]},
                              {"player": "Cat", "guesses": [["Ben", "fanggu"]]}]
    assert events == [philosophers, jugglers]


def test_a_philosophers_visit_is_written_under_their_name_not_given_to_the_savant(stand_in, tmp_path: Path) -> None:
    game = to_day("philosopher", "fanggu", "witch", "savant", "sage", philosopher="savant")
    game.apply(SavantVisit(0, True, False))  # the Philosopher visits; the drunk Savant does not
    game.apply(ev.Execute(4))
    game.apply(ev.StartNight())
    night(game, fanggu=1)
    day, events = written_and_read(game, tmp_path)
    assert day["savant"] == {"player": "Ann", "statements": ["true", "false"]}
    assert events == [SavantVisit(0, True, False)]


def test_the_juggler_and_savant_keys_name_who_only_if_they_wish(stand_in, tmp_path: Path) -> None:
    """A file that names nobody reads as before (the living Juggler's, the Savant's); a table
    that is not { player, guesses } or { player, statements } is refused, saying what it expects."""
    lines = ['title = "t"', f'script = "{SNV}"', "strict_setup = false", "[setup]", "seats = ["]
    lines += [f'  {{ name = "{n}", character = "{c}" }},' for n, c in
              zip(NAMES, ("philosopher", "fanggu", "juggler", "savant", "sage"), strict=False)]
    lines += ["]", "[[night]]", "philosopher = \"juggler\"", "[[day]]"]
    path = tmp_path / "old.toml"
    path.write_text("\n".join([*lines, 'juggler = [["Ben", "fanggu"]]', 'savant = ["false", "true"]']), encoding="utf-8")
    events = load_scenario(path).days[0].events
    assert events == [JugglerGuesses(((1, "fanggu"),)), SavantVisit(None, False, True)]
    # A game saved from such a file (scenario run --save-dir) reads back the same.
    assert [event_from_dict(e.to_dict(), own=EVENTS) for e in events] == events
    assert run_file(path).failures == []
    path.write_text("\n".join([*lines, 'savant = { player = "Dan" }']), encoding="utf-8")
    with pytest.raises(ScenarioError, match=r"day 1: savant: expected .*, or \{ player = name, statements = that \}"):
        load_scenario(path)
    path.write_text("\n".join([*lines, 'juggler = { player = "Zed", guesses = [["Ben", "fanggu"]] }']), encoding="utf-8")
    with pytest.raises(ScenarioError, match="day 1: juggler"):
        load_scenario(path)


@pytest.mark.parametrize("character", ["klutz", "sweetheart"])
def test_a_philosopher_who_gained_the_klutz_or_sweetheart_owes_its_choice_at_death(stand_in, character: str) -> None:
    game = to_day("philosopher", "fanggu", "witch", "oracle", "sage", philosopher=character)
    game.apply(ev.Execute(0))
    owed = offer(game, character)
    assert (owed.seat, owed.owed) == (0, True)
    game.apply(ev.Declare(0, character, target=3))
    assert not any(o.owed for o in game.rules.declarations(game.state))


@pytest.mark.parametrize(("guesses", "said"), [
    (((1, "fanggu"), (2, "oracle")), "1 of today's guesses was correct"),
    (((1, "fanggu"), (2, "witch")), "2 of today's guesses were correct"),
])
def test_the_jugglers_count_is_told_in_good_grammar(stand_in, guesses: tuple[tuple[int, str], ...], said: str) -> None:
    game = to_day("juggler", "fanggu", "witch", "oracle", "sage")
    game.apply(JugglerGuesses(guesses, juggler=0))
    game.apply(ev.Execute(4))
    game.apply(ev.StartNight())
    told = []
    while game.prompt is not None:
        prompt = game.prompt
        if prompt.step == "juggler":
            told.append(prompt.truth_text)
        game.answer(3 if prompt.step == "fanggu" else None if prompt.kind is AnswerKind.ACK else prompt.choices[-1])
    assert told == [said], told
