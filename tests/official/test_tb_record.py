"""A Trouble Brewing game's record: the log tells each answer beside the truth, the exports
and the reveal work as for the Phantom, a save keeps the red herring, and the scenario writer
writes a game that replays to the same expectations."""

from __future__ import annotations

from grimoire.core import events as ev
from grimoire.present.export import to_html, to_json, to_markdown
from grimoire.present.happening_lines import happening_lines
from grimoire.store.saves import load_game, save_game
from tests.official.tb_table import night, tb_game

NINE = (("Ann", "washerwoman"), ("Ben", "imp"), ("Cat", "empath"), ("Dan", "poisoner"), ("Eve", "librarian"),
        ("Fay", "investigator"), ("Gus", "butler"), ("Hal", "fortuneteller"), ("Ivy", "chef"))


def played():  # type: ignore[no-untyped-def]
    game = tb_game(NINE, red_herring=6)
    game.apply(ev.StartNight())
    while game.prompt is not None:
        prompt = game.prompt
        told = 1 if prompt.step == "chef" else None
        game.answer({"poisoner": 8, "butler": 7, "fortuneteller": [2, 6]}.get(prompt.key), told=told)
    game.apply(ev.Declare(5, "slayer", target=3))  # Fay is no Slayer: nothing happens
    game.apply(ev.Execute(1))
    return game


def test_the_log_tells_what_was_told_beside_the_truth(stand_in) -> None:
    game = played()
    lines = happening_lines(game.rules, game.state, game.state.nights[0].happenings)
    assert any("was told 1 (true: 0), while drunk or poisoned" in line for line in lines), lines
    assert any("learned: yes" in line for line in lines), lines  # the red herring
    assert game.state.winner is not None and game.state.winner.value == "good"


def test_the_exports_and_the_save(stand_in, tmp_path) -> None:
    game = played()
    assert "was told 1 (true: 0)" in to_markdown(game)
    assert to_json(game) and to_html(game)
    path = save_game(game, tmp_path / "tb.toml")
    again = load_game(path)
    assert again.setup.tokens == game.setup.tokens and again.state.winner == game.state.winner


def test_the_scenario_writer_writes_a_tb_game_that_replays(stand_in, tmp_path) -> None:
    from grimoire.scenario.run import run_file
    from grimoire.scenario.write import game_to_scenario

    game = tb_game(NINE, red_herring=6)
    night(game, poisoner=8, butler=7, fortuneteller=[2, 6])
    game.apply(ev.Execute(4))
    night(game, poisoner=2, imp=0, butler=7, fortuneteller=[1, 2])
    text = game_to_scenario(game, "a TB game")
    assert 'red_herring = "Gus"' in text and "fortuneteller" in text
    path = tmp_path / "written.toml"
    path.write_text(text, encoding="utf-8")
    outcome = run_file(path)
    assert outcome.passed, outcome.failures


def test_the_reveal_says_what_the_drunk_thought_they_were(stand_in) -> None:
    import json

    from grimoire.present.reveal import game_reveal, player_lines

    game = tb_game()  # Ann the Drunk, who thinks she is the Chef
    night(game, poisoner=2)
    game.apply(ev.Execute(1))  # Ben the Imp: good wins
    reveal = game_reveal(game)
    lines = [line.text for line in player_lines(reveal)]
    assert lines[0] == "1 Ann — Drunk (Outsider), who thought they were the Chef, good"
    assert lines[1] == "2 Ben — Imp (Demon), evil; died (day 1)"
    seat = json.loads(to_json(game))["reveal"]["seats"][0]
    assert seat["ended"]["thinks"] == "Chef" and "thinks" not in json.loads(to_json(game))["reveal"]["seats"][1]["ended"]


def test_trouble_brewings_own_lines_come_from_its_plug_in(stand_in) -> None:
    from grimoire.present.narrate import night_lines

    game = tb_game()  # Ben the Imp, Dan the Poisoner, Eve the Monk, Gus the Mayor
    night(game, poisoner=2)
    night(game, poisoner=2, monk=7, imp=6, mayor=2)  # the Imp attacks the Mayor: Cat dies instead
    lines = night_lines(game.rules, game.state, game.state.nights[-1])
    assert "7 Gus (Mayor) is the Mayor: the storyteller chose 3 Cat to die instead." in lines, lines
    night(game, poisoner=1, monk=7, imp=4)  # the Imp poisoned: nobody dies
    lines = night_lines(game.rules, game.state, game.state.nights[-1])
    assert any(line.startswith("2 Ben (Imp) chose 5 Eve while poisoned") and line.endswith(": nobody dies.")
               for line in lines), lines
