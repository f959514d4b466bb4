"""Only a step that may tell a drunk or poisoned player something says "you may give false
information": a choice that tells nothing (the Snake Charmer's, the Pit-Hag's, the Witch's, a
Demon's, the Poisoner's, the Monk's) says their ability does not work instead, while a step that
chooses and tells (the Fortune Teller, the Seamstress, the Dreamer, Madame Giry) still says it,
before the answer as at it."""

from __future__ import annotations

from grimoire.core import events as ev
from grimoire.core.script import load_script
from grimoire.game import Game, SeatSetup, TableSetup
from grimoire.rules.plugins import rules_for
from grimoire.rules.storyteller import STORYTELLER_RULES
from grimoire.rules.told import may_tell_falsely
from grimoire.tui.app import GrimoireApp
from grimoire.tui.screens.table import GrimoireScreen
from grimoire.tui.widgets.side import SidePanel
from night_order import AnswerKind
from tests.official.conftest import BMR, SNV, TB
from tests.tui.helpers import SIZE, settle

NAMES = "Ann Ben Cat Dan Eve Fay Gus".split()
# The No Dashii (Ben) poisons its nearest Townsfolk each way: the Snake Charmer and the Seamstress.
POISONED = ("snakecharmer", "nodashii", "seamstress", "witch", "cerenovus", "oracle", "mutant")


def at_step(step: str, kind: AnswerKind | None = None) -> Game:
    """Night 1 of POISONED, stopped at ``step`` (its prompt of ``kind``, if given)."""
    game = Game(TableSetup(seats=tuple(SeatSetup(n, c) for n, c in zip(NAMES, POISONED, strict=True)),
                           script=str(SNV)))
    game.apply(ev.StartNight())
    while game.prompt is not None and not (game.prompt.step == step and kind in (None, game.prompt.kind)):
        prompt = game.prompt
        if prompt.step == "cerenovus":
            game.answer((5, "sage"))
        elif prompt.kind is AnswerKind.PLAYERS:
            game.answer(list(prompt.choices[-prompt.count:]))
        else:
            game.answer(None if prompt.kind is AnswerKind.ACK else prompt.choices[-1])
    assert game.prompt is not None and game.prompt.impaired, f"no drunk or poisoned step {step}"
    return game


def test_a_choice_that_tells_nothing_may_not_be_false_and_one_that_tells_may(stand_in) -> None:
    for step, kind, tells in (("snakecharmer", None, False), ("seamstress", AnswerKind.PLAYERS, True),
                              ("seamstress", AnswerKind.ACK, True)):
        game = at_step(step, kind)
        assert game.prompt is not None
        assert may_tell_falsely(game.rules, game.prompt) is tells, (step, kind)


def test_every_scripts_steps_that_tell_are_named_and_choices_are_not(stand_in) -> None:
    tb, bmr, snv = (rules_for(load_script(str(s))) for s in (TB, BMR, SNV))
    phantom = rules_for(load_script("phantom"))
    for rules, telling, choosing in (
        (tb, ("fortuneteller", "empath", "ravenkeeper", "spy"), ("poisoner", "monk", "imp", "butler")),
        (bmr, ("chambermaid", "godfather", "grandmother"), ("sailor", "innkeeper", "exorcist", "pukka")),
        (phantom, ("madame_giry", "persian", "inspector_mifroid"), ("stage_designer",)),
        (snv, ("dreamer", "seamstress", "clockmaker"), ("snakecharmer", "pithag", "witch", "cerenovus",
                                                         "philosopher", "vortox", "nodashii")),
    ):
        assert [s for s in telling if not rules.gives_information(s)] == [], rules.name
        assert [s for s in choosing if rules.gives_information(s)] == [], rules.name
    assert STORYTELLER_RULES.gives_information("anything")  # a script without rules: any step may tell


async def banner(game: Game) -> str:
    async with GrimoireApp(game=game).run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = pilot.app.screen
        assert isinstance(screen, GrimoireScreen)
        return screen.query_one("#side", SidePanel).text("banner")


async def test_the_banner_says_false_information_only_where_the_step_tells(stand_in) -> None:
    charmer = await banner(at_step("snakecharmer"))
    assert "ANN IS DRUNK OR POISONED — their ability does not work" in charmer, charmer
    assert "false information" not in charmer, charmer
    seamstress = await banner(at_step("seamstress", AnswerKind.PLAYERS))
    assert "CAT IS DRUNK OR POISONED — you may give false information" in seamstress, seamstress
