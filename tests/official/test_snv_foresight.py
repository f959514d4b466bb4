"""What Sects & Violets' ends look like before they are recorded: the confirmation of an
execution of the good twin, of the Klutz's choice and of a dusk after a day without an execution
under the Vortox says who wins."""

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
