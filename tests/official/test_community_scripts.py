"""Community scripts: ids resolve against the official data, night orders, jinxes, markup."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from grimoire.cli import main
from grimoire.core import events as ev
from grimoire.core.markup import Mark, segments
from grimoire.core.official import ATTRIBUTION
from grimoire.core.script import ScriptError, Team, load_script, parse_script
from grimoire.game import Game, SeatSetup, TableSetup
from grimoire.present.export import to_html, to_markdown
from grimoire.store.saves import load_game, save_game

from .conftest import LANTERN


def test_without_the_data_the_error_names_the_ids_and_the_command() -> None:
    with pytest.raises(ScriptError) as info:
        load_script(LANTERN)
    message = str(info.value)
    assert str(LANTERN) in message
    for char_id in ("lanternkeeper (entry 2)", "cartographer (entry 3)", "bell_ringer (entry 4)", "gloomwyrm (entry 10)"):
        assert char_id in message
    assert "tidecaller" not in message  # the script's own character needs no data
    assert "`grimoire data update`" in message


def test_an_id_missing_from_the_data_is_named(official, tmp_path: Path) -> None:
    path = tmp_path / "s.json"
    path.write_text(json.dumps(["lanternkeeper", "nosuchone", {"id": "gloomwyrm"}]), encoding="utf-8")
    with pytest.raises(ScriptError, match=r"not in the official data \(fetched .*\): nosuchone \(entry 2\)"):
        load_script(path)


def test_ids_as_strings_and_objects_resolve(official) -> None:
    script = load_script(LANTERN)
    assert [c.id for c in script.characters] == [
        "lanternkeeper", "cartographer", "bellringer", "herbalist", "tidecaller", "hermit", "whisperer",
        "forger", "gloomwyrm",
    ]
    keeper = script.character("lanternkeeper")
    assert keeper.name == "Lantern Keeper" and keeper.team is Team.TOWNSFOLK and keeper.official
    assert keeper.reminders == ("Lit",)
    assert not script.character("tidecaller").official
    assert script.character("hermit").setup and script.uses_official


def test_the_official_night_sheet_with_homebrew_placed_by_number(official) -> None:
    script = load_script(LANTERN)
    assert script.first_night == (
        "dusk", "whisperer", "minioninfo", "demoninfo", "lanternkeeper", "tidecaller", "cartographer",
        "herbalist", "bellringer", "dawn",
    )  # the Bell Ringer acts after dawn on the sheet: here, at dawn, so that no step is lost
    assert script.other_night == (
        "dusk", "forger", "whisperer", "tidecaller", "herbalist", "gloomwyrm", "lanternkeeper", "dawn",
    )


def test_the_scripts_own_order_decides_when_present(official) -> None:
    data = json.loads(LANTERN.read_text(encoding="utf-8"))
    data[0] = {**data[0], "firstNight": ["tidecaller", "Lantern_Keeper", "minioninfo", "dawn"],
               "otherNight": ["gloomwyrm", "tidecaller"]}
    script = parse_script(data, "s.json", "s")
    listed = ("dusk", "tidecaller", "lanternkeeper", "minioninfo", "dawn")
    assert tuple(s for s in script.first_night if s in listed) == listed
    assert tuple(s for s in script.other_night if s in ("dusk", "gloomwyrm", "tidecaller", "dawn")) == (
        "dusk", "gloomwyrm", "tidecaller", "dawn")
    # Who wakes and is left out is placed by the official sheet (tests/official/test_left_out_of_the_order.py).
    assert script.unlisted["otherNight"] == ("forger", "whisperer", "herbalist", "lanternkeeper")


def test_jinxes_from_the_official_file_and_the_script(official) -> None:
    script = load_script(LANTERN)
    pairs = {j.pair: j for j in script.jinxes}
    assert set(pairs) == {frozenset({"gloomwyrm", "herbalist"}), frozenset({"forger", "lanternkeeper"}),
                          frozenset({"tidecaller", "gloomwyrm"})}
    assert not pairs[frozenset({"tidecaller", "gloomwyrm"})].official
    assert [j.pair for j in script.jinxes_among(["gloomwyrm", "herbalist", "hermit"])] == [
        frozenset({"gloomwyrm", "herbalist"})
    ]


def test_markup_is_parsed_into_segments() -> None:
    parts = segments("Mark them *LIT*. :reminder: A lone * stays.")
    assert [(p.mark, p.text) for p in parts] == [
        (Mark.PLAIN, "Mark them "), (Mark.EMPHASIS, "LIT"), (Mark.PLAIN, ". "),
        (Mark.REMINDER, "[reminder]"), (Mark.PLAIN, " A lone * stays."),
    ]


def test_a_reminder_mark_names_the_token_it_places() -> None:
    from grimoire.core.markup import plain

    assert plain("The Sailor chooses. :reminder:", ["Drunk"]) == "The Sailor chooses. [reminder: Drunk]"
    # As many tokens as marks: one each, in order (the official texts list them so).
    assert plain("Choose. :reminder: A player might die. :reminder:", ["Is The Demon", "Dead"]) == (
        "Choose. [reminder: Is The Demon] A player might die. [reminder: Dead]")
    # Else every token it might be; and a character without tokens keeps the bare mark.
    assert plain("Dies too. :reminder:", ["Grandchild", "Dead"]) == "Dies too. [reminder: Grandchild or Dead]"
    assert plain("Chooses 3. :reminder: :reminder: :reminder:", ["Mark", "Mark"]) == (
        "Chooses 3." + " [reminder: Mark]" * 3)
    assert plain("Mark it. :reminder:") == "Mark it. [reminder]"


def test_a_text_with_more_marks_than_it_names_lists_its_tokens_once() -> None:
    from grimoire.core.markup import plain

    # Two marks, four tokens: the choice is named at the first mark, not again at the second.
    tokens = ["Drunk 3", "Drunk 2", "Drunk 1", "No Ability"]
    text = plain("Chooses a character. :reminder: If in play, that player is drunk. :reminder:", tokens)
    assert text == ("Chooses a character. [reminder: Drunk 3 or Drunk 2 or Drunk 1 or No Ability] "
                    "If in play, that player is drunk. [reminder]")
    assert text.count("Drunk 3") == 1


def test_the_sheet_of_an_official_script_is_plain_and_attributed(official, capsys) -> None:
    assert main(["sheet", "--script", str(LANTERN), "--characters", "lanternkeeper,whisperer,tidecaller", "--first"]) == 0
    out = capsys.readouterr().out
    assert "Mark them LIT. [reminder: Lit]" in out and "*" not in out and ":reminder:" not in out
    assert "The Pandemonium Institute" in out


SEATS = (("Ann", "lanternkeeper"), ("Ben", "tidecaller"), ("Cat", "herbalist"), ("Dan", "whisperer"),
         ("Eve", "gloomwyrm"))


def lantern_game() -> Game:
    game = Game(TableSetup(seats=[SeatSetup(n, c) for n, c in SEATS], script=str(LANTERN)))
    game.apply(ev.StartNight())
    while game.prompt is not None:
        game.answer(None)
    return game


def test_a_game_of_a_mixed_script_plays_a_night_saves_and_exports(official, tmp_path: Path) -> None:
    game = lantern_game()
    assert game.woke_in_order()[:3] == ["dusk", "whisperer", "lanternkeeper"]
    path = save_game(game, tmp_path / "g.toml")
    again = load_game(path)
    assert again.script.character("lanternkeeper").name == "Lantern Keeper"
    md, html = to_markdown(again), to_html(again)
    assert "Lantern Keeper" in md and "The Pandemonium Institute" in md
    assert "The Pandemonium Institute" in html


def test_a_homebrew_only_script_carries_no_attribution() -> None:
    from tests.official.test_other_script_bugs import harbour_game

    assert "Pandemonium" not in to_markdown(harbour_game())
    assert ATTRIBUTION  # said wherever official texts are shown


def test_a_script_follows_the_data_when_it_is_updated(official, tmp_path: Path) -> None:
    from grimoire.store.official_data import import_from
    from tests.official.conftest import write_release

    assert load_script(LANTERN).character("lanternkeeper").name == "Lantern Keeper"
    newer = write_release(tmp_path / "newer")
    roles = json.loads((newer / "roles.json").read_text(encoding="utf-8"))
    roles[0]["name"] = "Lamp Warden"
    (newer / "roles.json").write_text(json.dumps(roles), encoding="utf-8")
    import_from(newer)
    assert load_script(LANTERN).character("lanternkeeper").name == "Lamp Warden"


def test_the_walker_panel_styles_the_markup(official) -> None:
    from grimoire.tui.support.text import prompt_text

    game = Game(TableSetup(seats=[SeatSetup(n, c) for n, c in SEATS], script=str(LANTERN)))
    game.apply(ev.StartNight())
    while game.prompt is not None and game.prompt.step != "lanternkeeper":
        game.answer(None)
    assert game.prompt is not None
    text = prompt_text(game, game.prompt, [], None)
    assert "Mark them [b]LIT[/]. [i $accent]\\[reminder: Lit][/]" in text  # the token it places, named
    assert "*LIT*" not in text and ":reminder:" not in text
