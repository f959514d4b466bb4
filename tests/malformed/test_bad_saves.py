"""Damaged saved games: each gives a clear error naming the file, the place and the problem,
in every command; none raises a traceback, and none is accepted only to crash later."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from grimoire.cli import main
from grimoire.store.library import read_entry
from grimoire.store.saves import SaveError, load_game
from grimoire.tui.townsquare import load_view

from .files import HARBOUR, save_data, write_save

DEEP = 100_000


def _setup(**changes: Any) -> Callable[[dict], dict]:
    def edit(data: dict) -> dict:
        data["setup"].update(changes)
        return data

    return edit


def _top(**changes: Any) -> Callable[[dict], dict]:
    def edit(data: dict) -> dict:
        data.update(changes)
        return data

    return edit


def _seat_of(character: str, **changes: Any) -> Callable[[dict], dict]:
    def edit(data: dict) -> dict:
        seat = next(s for s in data["setup"]["seats"] if s["character"] == character)
        seat.update(changes)
        return data

    return edit


def _mirror_target_is(character: str) -> Callable[[dict], dict]:
    def edit(data: dict) -> dict:
        data["setup"]["seats"][data["setup"]["mirror_target"]]["character"] = character
        return data

    return edit


def _execution_managers(value: Any) -> Callable[[dict], dict]:
    def edit(data: dict) -> dict:
        execution = next(e for e in data["events"] if e["type"] == "execute" and "answer" in e)
        del execution["answer"]
        execution["managers"] = value  # as older saves name the Managers' answer
        return data

    return edit


def _first(kind: str, **changes: Any) -> Callable[[dict], dict]:
    def edit(data: dict) -> dict:
        next(e for e in data["events"] if e["type"] == kind).update(changes)
        return data

    return edit


def _event(**event: Any) -> Callable[[dict], dict]:
    def edit(data: dict) -> dict:
        data["events"].append(event)
        return data

    return edit


def _text(old: str, new: str) -> Callable[[str], str]:
    return lambda text: text.replace(old, new, 1)


# name: (scenario played, how to break its save, what the error must say)
CASES: dict[str, tuple[str, Callable[[Any], Any], str]] = {
    "a table as a bluff": ("x05_managers_substitute_at_execution", _setup(bluffs=[{"a": 1}]),
                           "[setup] bluffs must be an array of character ids"),
    "an array as a bluff": ("x05_managers_substitute_at_execution", _setup(bluffs=[["x"]]),
                            "[setup] bluffs must be an array of character ids"),
    "the Mirror target is an Imp": ("s01_mmb_to_mirror_keeper", _mirror_target_is("imp"),
                                    "'imp' is not on"),
    "managers = 99": ("x05_managers_substitute_at_execution", _execution_managers(99),
                      "event 11 (execute): Managers: there is no seat 99"),
    "managers = -1": ("x05_managers_substitute_at_execution", _execution_managers(-1),
                      "event 11 (execute): Managers: there is no seat -1"),
    "a table as the Managers' answer where none is asked": (
        "s13_primadonna_executed", _first("execute", managers={"a": 1}),
        "event 33: execute.managers must be a seat number, a word, or an array of them"),
    "an artifact the script has not": (HARBOUR, _setup(artifacts=["monkey_music_box"]),
                                       "[setup] artifacts: Harbour Lights has none"),
    "voters = true": (HARBOUR, _first("vote", voters=True),
                      "event 8: vote.voters must be an array of seat numbers"),
    "voters = \"abc\"": (HARBOUR, _first("vote", voters="abc"),
                         "event 8: vote.voters must be an array of seat numbers"),
    "format = 0": ("x05_managers_substitute_at_execution", _top(format=0),
                   "format 0 is no Grimoire save format"),
    "format = -1": ("x05_managers_substitute_at_execution", _top(format=-1),
                    "format -1 is no Grimoire save format"),
    'traveller = "no"': ("x05_managers_substitute_at_execution", _seat_of("meg", traveller="no"),
                         "seat 1: traveller must be true or false"),
    "a table as the title": ("x05_managers_substitute_at_execution", _top(title={"a": 1}),
                             "'title' must be text"),
    "a token owned by an Imp": ("x05_managers_substitute_at_execution",
                                _event(type="place_token", name="Dead", owner="imp", seat=0),
                                "event 22 (place_token): 'imp' is not on"),
    "a swap to an artifact": ("x05_managers_substitute_at_execution",
                              _event(type="swap_character", seat=0, character="monkey_music_box"),
                              "event 22 (swap_character): the Monkey Music Box is not a player's character"),
    "a swap to a character not on the script": (
        "x05_managers_substitute_at_execution", _event(type="swap_character", seat=0, character="imp"),
        "event 22 (swap_character): 'imp' is not on"),
}
TEXT_CASES: dict[str, tuple[str, Callable[[str], str], str]] = {
    "arrays 100,000 deep": ("x05_managers_substitute_at_execution",
                            _text('title = "', "deep = " + "[" * DEEP + "]" * DEEP + '\ntitle = "'),
                            "arrays or tables nested more than"),
    "inline tables 100,000 deep": ("x05_managers_substitute_at_execution",
                                   _text('title = "', "deep = " + "{a=" * DEEP + "1" + "}" * DEEP + '\ntitle = "'),
                                   "arrays or tables nested more than"),
    "a number of 5,000 digits": ("x05_managers_substitute_at_execution",
                                 _text("seat = 1\n", "seat = " + "9" * 5000 + "\n"),
                                 "damaged: a number of more than 4,300 digits (line"),
}


def _broken(tmp_path: Path, name: str) -> Path:
    if name in CASES:
        scenario, edit, _ = CASES[name]
        return write_save(tmp_path, edit(save_data(scenario)))
    scenario, edit_text, _ = TEXT_CASES[name]
    import tomli_w

    return write_save(tmp_path, edit_text(tomli_w.dumps(save_data(scenario))))


def _message(name: str) -> str:
    return (CASES.get(name) or TEXT_CASES[name])[2]


ALL = [*CASES, *TEXT_CASES]


@pytest.mark.parametrize("name", ALL)
def test_a_broken_save_is_refused_with_the_file_and_the_problem(tmp_path: Path, name: str) -> None:
    path = _broken(tmp_path, name)
    before = path.read_bytes()
    with pytest.raises(SaveError) as info:
        load_game(path)
    assert str(info.value).startswith(f"{path}: ")
    assert _message(name) in str(info.value)
    assert path.read_bytes() == before


@pytest.mark.parametrize("name", ALL)
def test_every_command_gives_the_clear_error(tmp_path: Path, name: str, capsys) -> None:
    path = _broken(tmp_path, name)
    for command in (["validate"], ["export"], ["export", "--format", "json"], ["export", "--format", "html"],
                    ["sheet"]):
        assert main([*command, str(path)]) == 1, command
        out, err = capsys.readouterr()
        assert _message(name) in out + err, command
        assert "Traceback" not in out + err
    entry = read_entry(path)
    assert entry is not None and entry.damaged and _message(name) in (entry.problem or "")
    view, problem = load_view(path)
    assert view is None and problem == f"{path}: the saved game is damaged"


def _dealt_twice(folder: Path) -> Path:
    data = save_data("x05_managers_substitute_at_execution")
    data["setup"]["seats"][1]["character"] = "meg"  # Ann is Meg, and now Ben too
    return write_save(folder, data)


def test_the_town_square_says_only_that_the_file_is_damaged(tmp_path: Path) -> None:
    path = _dealt_twice(tmp_path)
    with pytest.raises(SaveError, match="Meg is chosen 2 times"):  # the storyteller is told what
        load_game(path)
    view, problem = load_view(path)
    assert view is None
    assert problem == f"{path}: the saved game is damaged"


async def test_the_town_square_status_line_names_no_character(tmp_path: Path) -> None:
    from grimoire.tui.townsquare import TownSquareApp

    path = _dealt_twice(tmp_path)
    app = TownSquareApp(path)
    async with app.run_test(size=(120, 36)) as pilot:
        await app.workers.wait_for_complete()
        await pilot.pause()
        status = str(app.query_one("#status").render())
    assert "the saved game is damaged" in status
    assert "Meg" not in status.replace(str(path), "")
