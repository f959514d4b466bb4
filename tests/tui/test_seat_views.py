"""The seats drawn say who is drunk or poisoned, and why, exactly as the rules say it seat by
seat (the view asks only about the seats something impairs)."""

from __future__ import annotations

import json
import random

import attrs

from grimoire.core import events as ev
from grimoire.core.model import GameState
from grimoire.game import Game, SeatSetup, TableSetup
from grimoire.rules import status
from grimoire.rules.contract import ScriptRules
from grimoire.simulate import play_day, random_answer, random_table, random_told
from grimoire.tui.support.view import seat_views
from tests.anyscript.test_tokens_any_script import SEATS
from tests.official.conftest import LANTERN, official  # noqa: F401 (the official data, imported into the test's home)


def check(rules: ScriptRules, g: GameState) -> None:
    for view in seat_views(rules, g):
        want = (rules.is_drunk(g, view.index), rules.is_poisoned(g, view.index), status.impaired_why(rules, g, view.index))
        assert (view.drunk, view.poisoned, view.why) == want, (view.index, want, attrs.asdict(view))


def test_the_phantoms_impairments_seat_by_seat_through_random_games() -> None:
    for seed in range(6):
        rng = random.Random(seed)
        game = Game(random_table(rng.randint(7, 15), seed=seed, script="phantom"))
        while game.state.winner is None and game.state.night < 5:
            if game.prompt is None:
                if game.state.today is not None and game.state.today.execution is None:
                    play_day(game, rng)
                    if game.state.winner is not None:
                        break
                game.apply(ev.StartNight())
            while game.prompt is not None:
                check(game.rules, game.state)
                game.answer(random_answer(game.prompt, game, rng), told=random_told(game.prompt, game, rng))
        check(game.rules, game.state)


def test_reminders_that_impair_seat_by_seat(official, tmp_path) -> None:  # type: ignore[no-untyped-def]  # noqa: F811 (the fixture)
    data = json.loads(LANTERN.read_text(encoding="utf-8"))
    tide = next(e for e in data if isinstance(e, dict) and e.get("id") == "tidecaller")
    words = ["Drunk", "Poisoned", "Everyone is drunk", "High"]
    tide["reminders"] = words
    path = tmp_path / "lantern.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    game = Game(TableSetup(seats=[SeatSetup(n, c) for n, c in SEATS], script=str(path)))
    game.apply(ev.StartNight())
    rng = random.Random(3)
    for _ in range(30):
        seat = rng.randrange(len(game.state.seats))
        if rng.random() < 0.6:
            game.apply(ev.PlaceToken(rng.choice(words), "tidecaller", seat))
        elif game.state.tokens_on(seat):
            game.apply(ev.RemoveToken(game.state.tokens_on(seat)[0].shown, seat))
        check(game.rules, game.state)
    assert any(v.drunk or v.poisoned for v in seat_views(game.rules, game.state))
