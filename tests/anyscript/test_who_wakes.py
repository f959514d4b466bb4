"""A step whose reminder wakes others than its character's player: the Damsel's shows the
Minions her token, the King's wakes the Demon; the step says so, and wakes them."""

from __future__ import annotations

import pytest

from grimoire.core import events as ev
from grimoire.core.script import Team
from grimoire.rules.wakes import woken_by
from tests.anyscript.test_duplicates import carnival_game

M, D = Team.MINION, Team.DEMON


@pytest.mark.parametrize("text, name, teams, own", [
    ("During Minion Info, show the Minions the Damsel token. If you haven't, do so now.", "Damsel", {M}, False),
    ("Wake the Demon: Show the *THIS PLAYER IS* & King tokens, then point to the King.", "King", {D}, False),
    ("Wake each Minion. Show the *THESE CHARACTERS ARE NOT IN PLAY* token.", "Snitch", {M}, False),
    ("Wake the Boffin and the Demon. Show the tokens.", "Boffin", {D}, True),
    ("If the Hatter died, wake the Minions & Demons. Each may choose.", "Hatter", {M, D}, False),
    # Its own player: the token shown is no one to wake, a Demon not woken is not woken, and
    # whom a later sentence wakes is after the character's own turn.
    ("Show the Minion character token. Point to both players.", "Investigator", set(), True),
    ("If the Demon is marked *FINAL*, do not wake the Demon.", "Toymaker", set(), True),
    ("The Exorcist chooses a player. Put the Exorcist to sleep. Wake the Demon.", "Exorcist", set(), True),
])
def test_whom_a_reminder_wakes(text, name, teams, own) -> None:
    woken = woken_by(text, name)
    assert set(woken.teams) == teams and woken.own is own


def test_the_steps_wake_whom_their_text_says() -> None:
    # Ann, Ben, Cat, Dan, Eve are Townsfolk; the Trapeze Artist (Eve) is all Minions know is in
    # play; Fay is the Pickpocket, Gus the Lionmaw.
    game = carnival_game(("clown", "juggler", "acrobat", "strongman", "trapeze", "pickpocket", "lionmaw"))
    game.apply(ev.StartNight())
    while game.prompt.step != "trapeze":
        game.answer(None)
    assert game.prompt.wake == (5,)
    assert game.prompt.question == "Wake the Minions: Fay (for the Trapeze Artist)."
    game.answer(None)
    assert game.prompt.step != "trapeze"
