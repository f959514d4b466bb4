"""A Demon held by no seat (Lil' Monsta: the ``bag-disabled`` special; a Minion babysits its
token): its seat goes to the Townsfolk and its ``[+1 Minion]`` to a Minion, so 7 players are
5/0/2/0. The counts, the table, random deals, saves and the night know it."""

from __future__ import annotations

from grimoire.core import events as ev
from grimoire.core.script import held_by_no_seat, load_script
from grimoire.core.setup import Counts, random_bag, required_counts, setup_problems
from grimoire.game import Game, SeatSetup, TableSetup
from grimoire.present.export import to_markdown
from grimoire.simulate import random_table
from grimoire.store.saves import load_game, save_game
from tests.anyscript.test_duplicates import CARNIVAL, NAMES
from tests.official.conftest import parse_release

SEATED = ("juggler", "acrobat", "clown", "strongman", "tamer", "pickpocket", "ringmaster")


def egg_table(**changes) -> TableSetup:  # type: ignore[no-untyped-def]
    fields = {"seats": [SeatSetup(n, c) for n, c in zip(NAMES, SEATED)], "unseated": ("cradlewyrm",), **changes}
    return TableSetup(script=str(CARNIVAL), **fields)


def test_a_demon_kept_out_of_the_bag_is_held_by_no_seat(tmp_path) -> None:  # type: ignore[no-untyped-def]
    roles = [{"id": "tiny", "name": "Tiny", "team": "demon", "ability": "x. [+1 Minion]", "setup": True,
              "special": [{"type": "selection", "name": "bag-disabled"}]},
             {"id": "sot", "name": "Sot", "team": "outsider", "ability": "x.",
              "special": [{"type": "selection", "name": "bag-disabled"}]}]
    data = parse_release(tmp_path, roles)  # the official data is checked at a release's size
    assert held_by_no_seat(data.role("tiny"))
    assert not held_by_no_seat(data.role("sot"))  # a Drunk-like Outsider sits as any player


def test_seven_players_with_it_are_five_townsfolk_and_two_minions() -> None:
    script = load_script(CARNIVAL)
    assert required_counts(script, 7, [*SEATED, "cradlewyrm"]) == Counts(5, 0, 2, 0)
    assert setup_problems(script, list(SEATED), unseated=["cradlewyrm"]) == []
    without = setup_problems(script, list(SEATED))
    assert without and "1 Demon" in without[0]  # no Demon at all is still refused
    on_a_seat = setup_problems(script, [*SEATED[:6], "cradlewyrm"])
    assert any("Cradlewyrm is held by no seat" in p for p in on_a_seat)
    assert setup_problems(script, list(SEATED), unseated=["lionmaw"]) == [
        "Lionmaw is a player's character: a seat holds it",
        "7 players need 5 Townsfolk, 0 Outsiders, 1 Minion, 1 Demon; you chose 5, 0, 2, 0"]


def test_random_deals_hold_it_apart() -> None:
    script = load_script(CARNIVAL)
    bags = [random_bag(script, 7, seed=s) for s in range(60)]
    apart = [b for b in bags if b.unseated]
    assert apart and all(b.unseated == ("cradlewyrm",) and "cradlewyrm" not in b.characters for b in apart)
    assert all(len(b.characters) == 7 and setup_problems(script, b.characters, unseated=b.unseated) == []
               for b in bags)
    tables = [random_table(7, seed=s, script=str(CARNIVAL)) for s in range(30)]
    assert any(t.unseated for t in tables) and all(t.problems() == [] for t in tables)


def test_the_table_plays_and_saves_with_it(tmp_path) -> None:
    game = Game(egg_table())
    assert game.setup.problems() == []
    game.apply(ev.StartNight())
    steps = {}
    while game.prompt is not None:
        steps[game.prompt.step] = game.prompt
        game.answer(None)
    assert "Cradlewyrm" in steps["minioninfo"].truth_text and "held by no seat" in steps["minioninfo"].truth_text
    assert steps["cradlewyrm"].wake == (5, 6)  # the Minions who babysit it
    again = load_game(save_game(game, tmp_path / "g.toml"))
    assert again.setup.unseated == ("cradlewyrm",) and again.state.unseated == ("cradlewyrm",)
    assert "In play with no seat: the Cradlewyrm" in to_markdown(game)


def test_a_seat_holding_it_is_refused() -> None:
    table = egg_table(seats=[SeatSetup(n, c) for n, c in zip(NAMES, [*SEATED[:6], "cradlewyrm"])], unseated=())
    assert any("Cradlewyrm is held by no seat" in p for p in table.problems())
