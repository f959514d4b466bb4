"""What Sects & Violets' ends look like before they are recorded: the confirmation of an
execution of the good twin, of the Klutz's choice and of a dusk after a day without an execution
under the Vortox says who wins; an execution for madness is told judgement first."""

from __future__ import annotations

from grimoire.core import events as ev
from grimoire.game import Game, SeatSetup, SetupToken, TableSetup
from grimoire.present.foresight import foresee
from night_order import AnswerKind
from tests.official.conftest import SNV


def to_day(*characters: str, twin: int | None = None) -> Game:
    names = "Ann Ben Cat Dan Eve Fay Gus".split()
    seats = tuple(SeatSetup(names[i], c) for i, c in enumerate(characters))
    tokens = () if twin is None else (SetupToken("Twin", "eviltwin", twin),)
    game = Game(TableSetup(seats=seats, script=str(SNV), tokens=tokens))
    game.apply(ev.StartNight())
    while game.prompt is not None:
        prompt = game.prompt
        game.answer(None if prompt.kind is AnswerKind.ACK else prompt.choices[-1])
    return game


def test_executing_the_good_twin_is_foreseen_as_evils_win(stand_in) -> None:
    game = to_day("eviltwin", "nodashii", "dreamer", "oracle", "sage", twin=2)
    said = " ".join(foresee(game, ev.Execute(2)).lines)
    assert "evil" in said.lower() and "win" in said.lower(), said
    assert "evil" not in " ".join(foresee(game, ev.Execute(3)).lines).lower()


def test_a_dusk_after_no_execution_under_the_vortox_is_foreseen(stand_in) -> None:
    game = to_day("witch", "vortox", "dreamer", "oracle", "sage")
    said = " ".join(foresee(game, ev.StartNight()).lines)
    assert "evil" in said.lower() and "win" in said.lower(), said


def test_an_execution_for_madness_is_foreseen_as_the_log_tells_it_judgement_first(stand_in) -> None:
    """Confirmed before Enter (the declaration names nobody), in the log's order: the storyteller's
    judgement that brought it, then the execution."""
    from grimoire.present.narrate import day_lines

    game = to_day("mutant", "nodashii", "dreamer", "oracle", "sage")
    seen = foresee(game, ev.Declare(0, "mutant")).lines
    assert seen[0].startswith("The storyteller judged 1 Ann (Mutant) mad that they are an Outsider"), seen
    assert seen[1] == "1 Ann (Mutant) was executed and died.", seen
    game.apply(ev.Declare(0, "mutant"))
    assert day_lines(game.rules, game.state, game.state.days[-1])[:2] == list(seen[:2])
