"""The seat card's words: ability, state, tokens with their origin, the artifact, info, notes."""

from __future__ import annotations

from pathlib import Path

from grimoire.core import events as ev
from grimoire.game import Game
from grimoire.present.card import LEARNED_CAVEAT, seat_card
from grimoire.scenario.run import run_file

ROOT = Path(__file__).resolve().parents[2]
SCENARIO = ROOT / "examples" / "scenarios" / "s10_auctioneer_receives_twice.toml"


def played() -> Game:
    game = run_file(SCENARIO).game
    assert game is not None
    return game


def lines(game: Game, seat: int, heading: str) -> tuple[str, ...]:
    return seat_card(game, seat).section(heading).lines


def test_the_card_gives_the_seed_ability_alignment_and_state() -> None:
    game = played()
    card = seat_card(game, 0)
    assert card.title == "Seat 1 · Ann"
    character = card.section("Character").lines
    assert character[0] == "Meg (Townsfolk)"
    assert character[1] == game.script.character("meg").ability  # the seed's text, whole
    assert character[2] == "Alignment: good"
    assert lines(game, 14, "State")[0] == "Dead (died in night 2), ghost vote unused"
    assert lines(game, 8, "State")[1] == "Drunk or poisoned: drunk: the Claque's seat"
    assert lines(game, 0, "State") == ("Alive", "Neither drunk nor poisoned")


def test_each_token_says_whose_it_is_where_it_came_from_and_when_it_goes() -> None:
    game = played()
    assert lines(game, 8, "Reminders") == (
        "Claque Seat (is drunk): Claque's token; moved here night 2, at the Claque step; "
        "moves at its owner's step; goes if the owner dies",
    )
    assert lines(game, 7, "Reminders") == ("Mirror target: Mirror Keeper's token; placed at the setup; stays until removed",)
    assert lines(game, 11, "Reminders") == (
        "Used: Stage Designer's token; placed night 2, at the Stage Designer step; stays until removed",
    )
    game.apply(ev.PlaceToken("Protected / Drunk until dusk", "raoul_de_chagny", 0, "Protected"))
    game.apply(ev.PlaceReminder(0, "claims Meg"))
    assert lines(game, 0, "Reminders") == (
        "Protected: Raoul de Chagny's token; placed day 2, by the storyteller; stays until removed",
        "“claims Meg”: the storyteller's own; placed day 2; stays until removed",
    )
    assert lines(game, 1, "Reminders") == ("None",)


def test_the_artifact_history_with_this_player_night_by_night() -> None:
    game = played()
    assert lines(game, 1, "The artifact") == (
        "Holds the Monkey Music Box now.",
        "Night 2: received it from Ivy (the holder's pass)",
        "Night 2: it went to Ann (the Stage Designer's move)",
        "Night 2: received it from Ann (Meg's pass)",
    )
    assert lines(game, 3, "The artifact") == ("Night 1: it went to Ivy (the Phantom's gift)",)
    assert lines(game, 4, "The artifact") == ("Has never held the Monkey Music Box.",)


def test_what_they_learned_is_the_true_answer_the_log_holds() -> None:
    game = played()
    assert lines(game, 8, "What they learned") == (
        LEARNED_CAVEAT,
        "Night 1: chose Dan; true answer: yes",
        "Night 2: chose Ben; true answer: yes (drunk or poisoned then: may have been told otherwise)",
    )
    assert lines(game, 1, "What they learned")[1:] == (
        "Night 2: true answer: passed by Ivy; the First holder is the Persian",
        "Night 2: true answer: passed by Ann; the First holder is the Persian",
    )
    assert "Night 1: Minion info: the Demon is Dan; the Minions are Cat, Fay, Ned" in lines(game, 2, "What they learned")
    assert "Night 1: shown who holds the artifact: Ivy" in lines(game, 3, "What they learned")
    assert lines(game, 6, "What they learned") == ("Nothing recorded yet.",)


def test_the_note_is_the_last_one_written_and_says_when() -> None:
    game = played()
    assert lines(game, 2, "Note") == ("None",)
    game.apply(ev.WriteNote(2, "first"))
    game.apply(ev.WriteNote(2, "claims Sorelli"))
    assert lines(game, 2, "Note") == ("claims Sorelli", "(written day 2)")
    game.apply(ev.WriteNote(2, ""))
    assert lines(game, 2, "Note") == ("None",)
