"""Night of the Mummy (issue #51, item 12): what the table is told matches whose turn it is,
and a card known to be a Mystery Guest is no accusation card."""

from __future__ import annotations

import random

import pytest

from grimoire.games.mummy import rules, view
from grimoire.games.mummy.rules import RuleError

from .test_rules import PHANTOM_GAME, game_of, turn

ANUBIS_GAME = (("anubis", "gargoyle", "mummy", "sasquatch"), ("phantom", "sarcophagus"))


def test_an_accusation_out_of_turn_does_not_end_the_accusers_turn_in_words() -> None:
    # Dan (the Archeologist) inquires of Alice (the Phantom), and Eve's turn comes; Alice
    # accuses Dan out of turn, wrongly.
    game = game_of(PHANTOM_GAME, ("gargoyle", "sasquatch"))
    asked = rules.inquire(turn(game, 3), 3, 0, "gargoyle")
    after, result = rules.accuse(asked, 0, {3: "mummy"}, random.Random(0), ability="phantom")
    assert not result.won and not result.ended_turn
    said = view.verdict("Alice", result, after)
    assert "Alice's turn is over" not in said
    assert "It is still Eve's turn" in said
    # On her own turn, a wrong accusation ends it.
    after, result = rules.accuse(game, 0, {1: "mummy", 2: "gargoyle", 3: "archeologist", 4: "cat_burglar"},
                                 random.Random(0))
    assert result.ended_turn
    assert "Alice's turn is over" in view.verdict("Alice", result, after)


def test_the_statue_of_anubis_accusing_after_his_turn_passed_ends_no_turn() -> None:
    game = game_of(*ANUBIS_GAME)
    game = rules.reveal(rules.reveal(game, 2), 3)
    refused = rules.dance(game, 0, 1, accept=False)  # nobody left to inquire of: Bob's turn
    shown = rules.reveal_mystery(rules.reveal(refused, 0), 0)
    after, result = rules.accuse(shown, 0, {1: "sarcophagus"}, random.Random(0))
    assert not result.won and not result.ended_turn and after.turn == 1
    said = view.verdict("Alice", result, after)
    assert "Alice's turn is over" not in said and "It is still Bob's turn" in said


def test_the_side_panel_says_what_the_refused_statue_of_anubis_must_do() -> None:
    refused = rules.dance(game_of(*ANUBIS_GAME), 0, 1, accept=False)
    # Before his card is shown the table knows only of a refusal (nothing gives him away).
    assert "inquire" in view.turn_text(refused)
    revealed = rules.reveal(refused, 0)
    said = view.turn_text(revealed)
    assert "inquire" not in said.lower()
    assert "Statue of Anubis" in said and "Mystery Guest (m)" in said and "accuse (a)" in said


def test_a_dance_on_a_revealed_players_turn_is_refused_with_the_rule() -> None:
    game = rules.reveal(game_of(PHANTOM_GAME, ("gargoyle", "sasquatch")), 0)
    with pytest.raises(RuleError, match="A revealed Guest may not ask other players to Dance"):
        rules.check_may_dance(game, 0)
    with pytest.raises(RuleError, match="refused"):
        rules.check_may_dance(rules.dance(game_of(PHANTOM_GAME, ("gargoyle", "sasquatch")), 0, 1, accept=False), 0)
    rules.check_may_dance(game_of(PHANTOM_GAME, ("gargoyle", "sasquatch")), 0)  # no refusal
    assert "Dance (d)" not in view.turn_text(game) and "no dance" in view.turn_text(game)


def test_a_mystery_guest_revealed_by_the_statue_of_anubis_is_no_accusation_card() -> None:
    refused = rules.dance(game_of(*ANUBIS_GAME), 0, 1, accept=False)
    shown = rules.reveal_mystery(rules.reveal(refused, 0), 0)  # the Phantom, face-up in the center
    assert "phantom" not in rules.accusation_cards(shown, 0)
    assert set(rules.accusation_cards(shown, 0)) == {"gargoyle", "mummy", "sasquatch", "sarcophagus"}
    with pytest.raises(RuleError, match="The Phantom of the Museum is a Mystery Guest, face-up"):
        rules.accuse(shown, 0, {1: "phantom", 2: "mummy", 3: "sasquatch"}, random.Random(0))
