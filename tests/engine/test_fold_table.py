"""The fold dispatches by the event's class: every kind of event a save may hold has its one
function, and nothing else is folded."""

from __future__ import annotations

import pytest

from grimoire.core import events as ev
from grimoire.game import FOLD, Game, IllegalAction
from grimoire.simulate import random_table


def test_every_kind_of_event_has_its_fold() -> None:
    assert set(FOLD) == set(ev.EVENT_TYPES.values())


def test_an_event_of_no_known_kind_is_refused_and_changes_nothing() -> None:
    class Stray(ev.Event):
        kind = "stray"

    game = Game(random_table(5, seed=1, script="phantom"))
    with pytest.raises(IllegalAction, match="unknown event"):
        game.apply(Stray())
    assert game.events == []
