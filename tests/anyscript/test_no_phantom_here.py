"""A game without artifacts shows none: no artifact lines on the seat cards, no artifact page
in the reveal or its export (the Phantom's game keeps them); its keys are in tests/tui."""

from __future__ import annotations

from grimoire.core import events as ev
from grimoire.present.card import seat_card
from grimoire.present.export import to_markdown
from grimoire.present.reveal import game_reveal, reveal_sections
from tests.anyscript.test_duplicates import carnival_game
from tests.tui.helpers import first_night


def finished() -> object:
    game = carnival_game()
    game.apply(ev.StartNight())
    while game.prompt is not None:
        game.answer(None)
    game.apply(ev.DeclareWinner("good", "the Demon died"))
    return game


def test_no_artifact_on_the_cards_the_reveal_or_the_export() -> None:
    game = finished()
    assert "The artifact" not in [s.heading for s in seat_card(game, 0).sections]
    assert [h for h, _ in reveal_sections(game_reveal(game))] == ["The players", "Drunk and poisoned"]
    md = to_markdown(game)
    assert "The artifact" not in md and "artifact" not in md.lower()


def test_the_phantoms_game_keeps_them() -> None:
    game = first_night()
    assert "The artifact" in [s.heading for s in seat_card(game, 0).sections]
