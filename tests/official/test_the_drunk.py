"""The Drunk can be played: the Townsfolk they think they are (``thinks``), chosen at setup or
dealt, kept in saves and scenario files; they wake at that Townsfolk's steps, flagged as drunk,
and their card says both."""

from __future__ import annotations

import tomllib

import pytest

from grimoire.core import events as ev
from grimoire.core.script import Team, load_script
from grimoire.core.setup import setup_problems
from grimoire.game import Game, SeatSetup, SetupToken, TableSetup
from grimoire.present.card import seat_card
from grimoire.present.show_cards import you_are
from grimoire.simulate import random_table
from grimoire.store.saves import load_game, save_game
from tests.official.conftest import TB

# 8 players: 5 Townsfolk, 1 Outsider (Ann, the Drunk, who thinks she is the Chef), 1 Minion, 1 Demon.
SEATS = (("Ann", "drunk"), ("Ben", "imp"), ("Cat", "empath"), ("Dan", "poisoner"), ("Eve", "monk"),
         ("Fay", "slayer"), ("Gus", "mayor"), ("Hal", "washerwoman"))


def drunk_table(thinks: str | None = "chef", **changes) -> TableSetup:  # type: ignore[no-untyped-def]
    seats = [SeatSetup(n, c, thinks=thinks if c == "drunk" else None) for n, c in SEATS]
    return TableSetup(seats=seats, script=str(TB), **changes)


def test_the_count_check_takes_the_drunk_as_an_outsider(stand_in) -> None:
    assert setup_problems(load_script(TB), [c for _, c in SEATS]) == []
    assert drunk_table().problems() == []


def test_what_the_drunk_may_think_they_are(stand_in) -> None:
    assert any("the Drunk thinks they are the Empath, who is in play" in p
               for p in drunk_table("empath").problems())
    assert any("a Townsfolk, not the Saint" in p for p in drunk_table("saint").problems())
    assert any("'nobody' is not on" in p for p in drunk_table("nobody").problems())
    assert any("the bluff Chef is the Townsfolk the Drunk thinks they are" in p
               for p in drunk_table(bluffs=("chef", "librarian", "soldier")).problems())
    monk = [SeatSetup(n, c, thinks="chef" if c == "monk" else None) for n, c in SEATS]
    assert any("only the Drunk" in p for p in TableSetup(seats=monk, script=str(TB)).problems())


def test_random_tables_deal_the_drunk_and_what_they_think(stand_in) -> None:
    script = load_script(TB)
    dealt = 0
    for seed in range(40):
        table = random_table(8, seed=seed, script=str(TB))
        assert table.problems() == [], seed
        for seat in table.seats:
            if seat.character == "drunk":
                dealt += 1
                in_play = {s.character for s in table.seats}
                assert script.team_of(seat.thinks) is Team.TOWNSFOLK and seat.thinks not in in_play
                assert seat.thinks not in table.bluffs
            else:
                assert seat.thinks is None
    assert dealt > 3


def test_the_drunk_wakes_at_the_chefs_step_flagged_drunk(stand_in) -> None:
    game = Game(drunk_table())
    game.apply(ev.StartNight())
    while game.prompt is not None and game.prompt.step != "chef":
        game.answer(None if game.prompt.key is None else 2)  # Trouble Brewing's rules ask the Poisoner
    prompt = game.prompt
    assert prompt is not None and prompt.wake == (0,)
    assert prompt.impaired and prompt.impaired_why == "drunk: the Drunk"
    assert "Ann" in prompt.question and "Drunk" in prompt.question
    while game.prompt is not None:
        game.answer(None if game.prompt.key is None else 2)
    assert "chef" not in game.state.nights[-1].skipped and "chef" in game.state.nights[-1].woke


def test_the_drunks_card_says_drunk_and_what_they_think(stand_in) -> None:
    game = Game(drunk_table())
    game.apply(ev.StartNight())
    card = seat_card(game, 0).text()
    assert "Drunk (Outsider)" in card and "Thinks they are the Chef" in card
    assert "Drunk or poisoned: drunk: the Drunk" in card
    # What the player is shown: the Chef.
    assert you_are(game.state, 0).text().startswith("You are\nChef\nTownsfolk")


def test_thinks_is_kept_in_saves_and_old_saves_open(stand_in, tmp_path) -> None:
    game = Game(drunk_table())
    game.apply(ev.StartNight())
    path = save_game(game, tmp_path / "g.toml")
    text = path.read_text(encoding="utf-8")
    assert 'thinks = "chef"' in text
    assert load_game(path).setup.seats == game.setup.seats
    old = tmp_path / "old.toml"
    old.write_text(text.replace(', thinks = "chef"', ""), encoding="utf-8")
    assert load_game(old).setup.seats[0].thinks is None


def test_thinks_in_a_scenario_file(stand_in, tmp_path) -> None:
    from grimoire.scenario.format import ScenarioError, load_scenario, parse_scenario

    seats = "\n".join(f'  {{ name = "{n}", character = "{c}"' + (', thinks = "chef"' if c == "drunk" else "") + " },"
                      for n, c in SEATS)
    path = tmp_path / "drunk.toml"
    path.write_text(f'script = "{TB}"\n[setup]\nseats = [\n{seats}\n]\n', encoding="utf-8")
    scenario = load_scenario(path)
    assert scenario.setup.seats[0].thinks == "chef"
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    data["setup"]["seats"][0]["thinks"] = 3
    with pytest.raises(ScenarioError, match="thinks"):
        parse_scenario(data, str(path))


@pytest.mark.slow
async def test_the_setup_screen_asks_who_the_drunk_thinks_they_are(stand_in) -> None:
    from grimoire.tui.app import GrimoireApp
    from grimoire.tui.screens.modals import Pick
    from grimoire.tui.screens.setup import SetupScreen
    from tests.tui.helpers import type_pick

    async with GrimoireApp().run_test(size=(140, 45)) as pilot:
        await pilot.pause()
        screen = SetupScreen(seed=1, names=tuple(n for n, _ in SEATS), script=str(TB))
        pilot.app.push_screen(screen)
        await pilot.pause()
        for row, (_, c) in zip(screen.rows, SEATS):
            row.character = None if c == "drunk" else c
        await pilot.press("escape", "home", "c")  # Ann is the Drunk…
        await pilot.pause()
        await type_pick(pilot, "Drunk")
        await pilot.pause()
        assert isinstance(pilot.app.screen, Pick) and "which Townsfolk" in pilot.app.screen.title_text
        await pilot.press("escape")  # …and is not asked again until d
        await pilot.pause()
        assert "thinks they are a Townsfolk: choose which (d)" in "\n".join(screen.problems())
        await pilot.press("d")
        await pilot.pause()
        await type_pick(pilot, "Chef")
        await pilot.pause()
        assert screen.rows[0].thinks == "chef" and screen.problems() == []
        listed = [str(o.prompt) for o in screen.query_one("#setup-players").options]
        assert "thinks: Chef" in listed[0]
        assert screen.table().seats[0].thinks == "chef"
        # A random deal with the Drunk picks their Townsfolk, out of play and no bluff.
        for _ in range(30):
            screen.action_deal()
            drunk = next((r for r in screen.rows if r.character == "drunk"), None)
            if drunk is not None:
                break
        assert drunk is not None and drunk.thinks is not None
        assert drunk.thinks not in {r.character for r in screen.rows} and drunk.thinks not in screen.bluffs
        assert screen.problems() == []


def test_a_drunk_who_thinks_they_are_the_fortune_teller_has_a_red_herring(stand_in) -> None:
    from grimoire.tui.screens.setup import SetupScreen

    screen = SetupScreen(seed=1, names=tuple(n for n, _ in SEATS), script=str(TB))
    for row, (_, c) in zip(screen.rows, SEATS):
        row.character, row.thinks = c, "fortuneteller" if c == "drunk" else None
    assert [a.owner for a in screen.dealt_asks()] == ["fortuneteller"]  # no Fortune Teller in play
    assert any("choose the red herring" in p for p in screen.problems())
    herrings = 0
    for seed in range(300):  # random tables: the Drunk who thinks they are the Fortune Teller has one
        table = random_table(8, seed=seed, script=str(TB))
        if any(s.thinks == "fortuneteller" for s in table.seats):
            assert [t.name for t in table.tokens] == ["Red Herring"] and table.problems() == [], seed
            herrings += 1
    assert herrings


def test_the_lunatic_may_think_they_are_the_demon_in_play(stand_in) -> None:
    from grimoire.core.thinks import thinks_choices, thinks_problem
    from tests.official.conftest import BMR

    script = load_script(BMR)
    in_play = ["lunatic", "po", "godfather", "grandmother", "sailor", "chambermaid", "exorcist"]
    demons = {c.id for c in script.characters if c.team is Team.DEMON}
    assert set(thinks_choices(script, "lunatic", in_play)) == demons and "po" in demons
    assert thinks_problem(script, "lunatic", "po", in_play) is None
    assert "a Demon, not the Sailor" in (thinks_problem(script, "lunatic", "sailor", in_play) or "")
    seats = [SeatSetup(f"P{i}", c, thinks="po" if c == "lunatic" else None) for i, c in enumerate(in_play)]
    grandchild = (SetupToken("Grandchild", "grandmother", 4),)  # Bad Moon Rising's rules ask for her grandchild
    assert TableSetup(seats=seats, script=str(BMR), tokens=grandchild).problems() == []


def test_the_setup_screen_counts_the_sentinel_placed_for_the_table(stand_in, tmp_path) -> None:
    """7 players with the Baron, the Sentinel for the table and 3 Outsiders may start."""
    import json

    from grimoire.tui.screens.setup import SetupScreen

    entries = json.loads(TB.read_text(encoding="utf-8"))
    sentinel = {"id": "sentinel", "name": "Sentinel", "team": "fabled", "setup": True,
                "ability": "There might be one extra or one fewer Outsider in play."}
    path = tmp_path / "tb_and_the_sentinel.json"
    path.write_text(json.dumps([*entries, sentinel]), encoding="utf-8")
    seats = (("Ann", "baron"), ("Ben", "imp"), ("Cat", "saint"), ("Dan", "recluse"), ("Eve", "butler"),
             ("Fay", "chef"), ("Gus", "empath"))
    screen = SetupScreen(seed=1, names=tuple(n for n, _ in seats), script=str(path))
    for row, (_, c) in zip(screen.rows, seats):
        row.character = c
    assert screen.problems() == ["7 players need 5 Townsfolk, 0 Outsiders, 1 Minion, 1 Demon; with Baron: "
                                 "3, 2, 1, 1; you chose 2, 3, 1, 1"]
    screen.fabled = ["sentinel"]
    assert screen.problems() == []
