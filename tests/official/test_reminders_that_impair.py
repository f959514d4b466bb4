"""Reminder tokens make drunk and poisoned on any script without rules of its own: an official
reminder whose words mean it, placed on a seat, makes that player so, with its owner as the
reason, on the seat card, the walker's steps, the reveal and the exports."""

from __future__ import annotations

import pytest

from grimoire.core import events as ev
from grimoire.game import Game, SeatSetup, TableSetup
from grimoire.present.card import seat_card
from grimoire.present.export import to_markdown
from grimoire.present.reveal import game_reveal, impaired_lines
from grimoire.rules import impairing, status
from tests.official.conftest import BMR, TB

TB_SEATS = (("Ann", "chef"), ("Ben", "imp"), ("Cat", "empath"), ("Dan", "poisoner"), ("Eve", "monk"),
            ("Fay", "slayer"), ("Gus", "mayor"))


def tb_game(seats=TB_SEATS) -> Game:  # type: ignore[no-untyped-def]
    return Game(TableSetup(seats=[SeatSetup(n, c) for n, c in seats], script=str(TB)))


def walk_to(game: Game, step: str) -> None:
    """On to ``step``; a step that asks (Trouble Brewing's rules ask the Poisoner) is answered Cat."""
    while game.prompt is not None and game.prompt.step != step:
        game.answer(None if game.prompt.key is None else 2)


@pytest.mark.parametrize(
    ("words", "meaning"),
    [("Poisoned", ("poisoned", False)), ("Drunk", ("drunk", False)), ("Is The Drunk", ("drunk", False)),
     ("Drunk 3", ("drunk", False)), ("Drunk tonight", ("drunk", False)), ("drunk  1", ("drunk", False)),
     ("Everyone Is Drunk", ("drunk", True)), ("Everyone drunk", ("drunk", True)),
     ("Safe", None), ("Sober & Healthy", None), ("No Ability", None), ("Drunk until dusk or not", None)],
)
def test_the_reminders_words_say_what_they_do(words: str, meaning) -> None:  # type: ignore[no-untyped-def]
    assert impairing.meaning(words) == meaning


def test_the_poisoners_token_poisons_its_seat_with_the_poisoner_as_the_reason(stand_in) -> None:
    game = tb_game()
    game.apply(ev.StartNight())
    assert "Neither drunk nor poisoned" in seat_card(game, 2).text()
    walk_to(game, "poisoner")
    game.apply(ev.PlaceToken("Poisoned", "poisoner", 2))
    g = game.state
    assert game.rules.is_poisoned(g, 2) and not game.rules.is_drunk(g, 2) and not game.rules.is_poisoned(g, 0)
    card = seat_card(game, 2).text()
    assert "Drunk or poisoned: poisoned: the Poisoner" in card and "Neither drunk nor poisoned" not in card
    # The Empath's step after it is flagged, and says why.
    walk_to(game, "empath")
    assert game.prompt is not None and game.prompt.impaired
    assert "poisoned: the Poisoner" in game.prompt.impaired_why
    walk_to(game, "chef")
    assert game.prompt is None or not game.prompt.impaired


def test_the_log_tells_whom_a_placed_reminder_made_poisoned(stand_in) -> None:
    from grimoire.present.happening_lines import happening_lines

    game = tb_game()
    game.apply(ev.StartNight())
    game.apply(ev.PlaceToken("Poisoned", "poisoner", 2))
    game.apply(ev.RemoveToken("Poisoned", 2))
    lines = happening_lines(game.rules, game.state, game.state.nights[-1].happenings)
    assert "The storyteller placed Poisoned on 3 Cat: 3 Cat is poisoned (the Poisoner)." in lines
    assert "The storyteller removed Poisoned from 3 Cat: 3 Cat is no longer poisoned (the Poisoner)." in lines


def test_the_reveal_and_the_exports_say_who_was_poisoned_by_whom(stand_in) -> None:
    game = tb_game()
    game.apply(ev.StartNight())
    game.apply(ev.PlaceToken("Poisoned", "poisoner", 2))
    walk_to(game, None)  # type: ignore[arg-type]
    game.apply(ev.Execute(1))  # the Imp: Trouble Brewing's rules decide that good wins
    lines = [line.text for line in impaired_lines(game_reveal(game))]
    assert lines == ["Night 1 to day 1: 3 Cat poisoned (the Poisoner)"]
    md = to_markdown(game)
    assert "3 Cat poisoned (the Poisoner)" in md and "Nobody was drunk or poisoned" not in md


def test_the_minstrels_token_makes_every_other_player_drunk(stand_in, tmp_path) -> None:
    import json

    seats = (("Ann", "minstrel"), ("Ben", "pukka"), ("Cat", "sailor"), ("Dan", "godfather"), ("Eve", "tinker"),
             ("Fay", "gambler"))
    # Bad Moon Rising less the Po: no rules of its own, the reminders placed say who is drunk.
    script = tmp_path / "bmr_less_the_po.json"
    script.write_text(json.dumps([c for c in json.loads(BMR.read_text(encoding="utf-8")) if c != "po"]), encoding="utf-8")
    game = Game(TableSetup(seats=[SeatSetup(n, c) for n, c in seats], script=str(script)))
    game.apply(ev.StartNight())
    game.apply(ev.PlaceToken("Everyone Is Drunk", "minstrel", 0))
    g = game.state
    assert [game.rules.is_drunk(g, s.index) for s in g.seats] == [False, True, True, True, True, True]
    assert status.impairment_reasons(game.rules, g, 1) == [("drunk", "the Minstrel")]
    game.apply(ev.PlaceToken("Poisoned", "pukka", 2))
    assert status.impairment_reasons(game.rules, game.state, 2) == [("drunk", "the Minstrel"), ("poisoned", "the Pukka")]


def test_a_homebrew_token_is_its_owners_never_the_phantoms(stand_in) -> None:
    from pathlib import Path

    harbour = Path(__file__).resolve().parents[2] / "examples" / "scripts" / "harbour_lights.json"
    seats = (("Ann", "lamplighter"), ("Ben", "tidewatcher"), ("Cat", "stowaway"), ("Dan", "wrecker"),
             ("Eve", "maelstrom"))
    game = Game(TableSetup(seats=[SeatSetup(n, c) for n, c in seats], script=str(harbour)))
    game.apply(ev.StartNight())
    game.apply(ev.PlaceToken("Drunk tonight", "stowaway", 1))  # the Phantom's Auctioneer has one so named
    assert status.impairment_reasons(game.rules, game.state, 1) == [("drunk", "the Stowaway")]
