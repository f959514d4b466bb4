"""Night of the Mummy: the whole game state survives to_dict / TOML / from_dict."""

from __future__ import annotations

import random
import tomllib

import pytest
import tomli_w
from hypothesis import given
from hypothesis import strategies as st

from grimoire.games import persist
from grimoire.games.mummy import rules, save
from grimoire.games.mummy.grid import DeductionGrid, new_grid
from grimoire.games.mummy.guests import CATALOGUE, other_set_guest
from grimoire.games.mummy.rules import RuleError
from grimoire.games.mummy.undo import Before

NAMES = ("Ann", "Ben", "Cy", "Di", "Ed", "Flo", "Gus", "Hal")


def random_game(seed: int, players: int, steps: int) -> rules.MasqueradeGame:
    rng = random.Random(seed)
    names = NAMES[:players]
    chosen = rules.random_choice(players, rng, learning=rng.random() < 0.3)
    game = rules.MasqueradeGame(rules.deal(names, chosen, rng))
    if rng.random() < 0.9:
        game = rules.first_player(game, rng.randrange(players))
    for _ in range(steps):
        n = game.seats
        a, b = rng.randrange(n), rng.randrange(n)
        if game.turn is not None and rng.random() < 0.7:
            a = game.turn
        kind = rng.randrange(8)
        try:
            if kind == 0:
                game = rules.inquire(game, a, b, rng.choice(game.setup.chosen))
            elif kind == 1:
                game = rules.dance(game, a, b, rng.random() < 0.6)
            elif kind == 2:
                others = game.unrevealed_others(a)
                pool = [g for g in game.setup.chosen if g != game.setup.dealt[a]]
                rng.shuffle(pool)
                cards = dict(zip(others, pool, strict=False))
                game, _ = rules.accuse(game, a, cards, rng)
            elif kind == 3:
                game = rules.reveal(game, a)
            elif kind == 4:
                game = rules.reveal_mystery(game, rng.randrange(len(game.setup.mystery)))
            elif kind == 5:
                game = rules.gargoyle_join(game, a)
            elif kind == 6:
                game, _ = rules.sasquatch_look(game, a, rng.randrange(len(game.setup.mystery)))
            else:
                game = rules.dorian_swap(game, a, rng.randrange(len(game.setup.mystery)))
        except RuleError:
            pass
    return game


def through_toml(game: rules.MasqueradeGame) -> rules.MasqueradeGame:
    return save.from_dict(tomllib.loads(tomli_w.dumps(save.to_dict(save.Party(game))))).game


def random_grid(game: rules.MasqueradeGame, owner: int, rng: random.Random) -> DeductionGrid:
    grid = new_grid(game, owner)
    for _ in range(rng.randrange(6)):
        mark = rng.choice(["", "x", "o", "?"])
        grid = grid.mark(rng.randrange(len(grid.rows)), rng.randrange(len(grid.columns)), mark)
    return grid


@given(st.integers(0, 2**32), st.integers(4, 8), st.integers(0, 40))
def test_round_trip_of_random_legal_games(seed: int, players: int, steps: int) -> None:
    try:
        game = random_game(seed, players, steps)
    except RuleError:  # e.g. a learning game for more players than non-advanced guests
        return
    rng = random.Random(seed)
    log = tuple(f"line {k} [b]x[/] “{k}”" for k in range(rng.randrange(4)))
    grids = tuple(random_grid(game, s, rng) for s in range(game.seats) if rng.random() < 0.5)
    party = save.Party(game, log, grids)
    assert save.from_dict(save.to_dict(party)) == party
    again = save.from_dict(tomllib.loads(tomli_w.dumps(save.to_dict(party))))
    assert again == party
    assert save.to_dict(again)["format"] == save.FORMAT


def test_other_set_guests_travel_with_the_game() -> None:
    dracula = other_set_guest("Dracula", "New Blood", hides_face=True)
    catalogue = {**CATALOGUE, dracula.id: dracula}
    dealt = ("mummy", "dracula", "sarcophagus", "archeologist", "cat_burglar")
    mystery = ("gargoyle", "sasquatch")
    setup = rules.MasqueradeSetup(NAMES[:5], dealt + mystery, mystery, dealt, combined=True)
    game = rules.MasqueradeGame(setup, catalogue=catalogue, revealed=frozenset({1}))
    back = through_toml(game)
    assert back == game
    assert back.catalogue["dracula"] == dracula


def test_the_summary_gives_no_card_away() -> None:
    game = random_game(7, 5, 0)
    text = save.summary(game)
    assert "Ann" in text
    assert not any(CATALOGUE[g].name in text for g in game.setup.chosen)


FORMAT_1 = """game = "mummy"
format = 1
revealed = [1]
mystery_revealed = []
archeologist_accused = false
last_dance = [0, 2]

[setup]
players = ["Ann", "Ben", "Cy", "Di", "Ed"]
chosen = ["phantom", "mummy", "sarcophagus", "archeologist", "cat_burglar", "gargoyle", "sasquatch"]
mystery = ["gargoyle", "sasquatch"]
dealt = ["phantom", "mummy", "sarcophagus", "archeologist", "cat_burglar"]
combined = false
learning = false
"""


def test_a_format_1_save_still_loads() -> None:
    party = save.from_dict(tomllib.loads(FORMAT_1))
    game = party.game
    assert game.revealed == {1}
    assert game.last_dance == rules.Dance((0, 2))
    assert game.turn is None  # not kept then: the table asks whose turn it is
    assert party.log == () and party.grids == ()
    assert save.to_dict(party)["format"] == 2


def test_the_log_and_the_grids_are_kept() -> None:
    game = random_game(11, 5, 0)
    grid = new_grid(game, 2).mark(0, 1, "?")
    party = save.Party(game, ("The night begins.", "Ann asks [b]Ben[/b]: are you The Mummy?"), (grid,))
    data = save.to_dict(party)
    assert data["log"][1] == "Ann asks [b]Ben[/b]: are you The Mummy?"
    assert save.from_dict(tomllib.loads(tomli_w.dumps(data))) == party


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        (lambda g: g.update(marks=["xx"]), "a mark for every row and column"),
        (lambda g: g.update(owner=9), "grids.owner must be a number from 0 to 4"),
        (lambda g: g.update(columns=["nobody"] * len(g["columns"])), "guests in the game"),
        (lambda g: g.update(marks=["!" * len(g["columns"])] * len(g["rows"])), "may hold only"),
    ],
)
def test_a_damaged_grid_is_refused_with_its_reason(change, problem) -> None:  # type: ignore[no-untyped-def]
    game = random_game(11, 5, 0)
    data = save.to_dict(save.Party(game, (), (new_grid(game, 0),)))
    change(data["grids"][0])
    with pytest.raises(ValueError, match=problem):
        save.from_dict(data)


def test_undo_keeps_how_much_of_the_log_each_action_found() -> None:
    game = random_game(11, 5, 0)
    party = save.Party(game, ("The night begins.", "Ann wins! The cards: …"))
    saved = persist.Autosaved(party, (Before(game, 1),))
    data = tomllib.loads(tomli_w.dumps(persist.saved_dict(save.AUTOSAVE, saved)))
    assert persist.saved_from_dict(save.AUTOSAVE, data) == saved
    # An older save did not say: the whole log is kept, as it was then.
    del data["undo"][0]["log_kept"]
    assert persist.saved_from_dict(save.AUTOSAVE, data).undo == (Before(game, 2),)
    data["undo"][0]["log_kept"] = 3
    with pytest.raises(ValueError, match="undo 1: log_kept must be a number from 0 to 2"):
        persist.saved_from_dict(save.AUTOSAVE, data)
