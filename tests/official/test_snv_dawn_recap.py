"""Property: the dawn recap of random Sects & Violets games (on the stand-in data) tells every
death, told answer, expired token and change of character (the Pit-Hag's, the Barber's, the
Snake Charmer's, the Fang Gu's jump, the Philosopher's choice) of each night, as the log does,
and nothing else."""

from __future__ import annotations

from hypothesis import HealthCheck
from hypothesis import strategies as st

from grimoire.core import events as ev
from grimoire.core.happenings import Became
from grimoire.core.official import OfficialData
from grimoire.present.dawn_recap import dawn_recap
from grimoire.rules.snv.happenings import Gained
from night_order import AnswerKind
from tests.engine.recap_check import play_and_check
from tests.examples import quick_and_full
from tests.official.conftest import SNV
from tests.official.test_snv_foresight import to_day


# 2 random games in make test; 100 in make test-slow (and CI).
@quick_and_full(st.integers(0, 1 << 30), quick=2, full=100, deadline=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_the_recap_tells_the_night_as_the_log_does(stand_in: OfficialData, seed: int) -> None:
    assert play_and_check(seed, str(SNV), news=lambda h: isinstance(h, (Became, Gained))) >= 1


def test_the_recap_tells_a_night_of_changes(stand_in: OfficialData) -> None:
    """Seeds whose nights change characters: each change is in the recap (the property's
    random games may draw none)."""
    assert sum(play_and_check(seed, str(SNV), news=lambda h: isinstance(h, (Became, Gained))) for seed in range(6))


def test_the_recap_tells_the_characters_changed_tonight(stand_in) -> None:
    game = to_day("snakecharmer", "sage", "nodashii", "oracle", "mutant", "witch", "klutz")
    game.apply(ev.Execute(4))
    game.apply(ev.StartNight())
    while game.prompt is not None:
        prompt = game.prompt
        if prompt.step == "snakecharmer":
            game.answer(2)  # Ann charms the No Dashii (Cat): they swap
        else:
            game.answer(None if prompt.kind is AnswerKind.ACK else prompt.choices[-1])
    changed = dawn_recap(game.rules, game.state, 2).changed
    assert any("1 Ann" in line and "No Dashii" in line for line in changed), changed
    assert any("3 Cat" in line and "Snake Charmer" in line for line in changed), changed
