"""Property: the dawn recap of random Sects & Violets games (on the stand-in data) tells every
death, told answer, expired token and change of character (the Pit-Hag's, the Barber's, the
Snake Charmer's, the Fang Gu's jump, the Philosopher's choice) of each night, as the log does,
and nothing else."""

from __future__ import annotations

from hypothesis import HealthCheck
from hypothesis import strategies as st

from grimoire.core.happenings import Became
from grimoire.core.official import OfficialData
from grimoire.rules.snv.happenings import Gained
from tests.engine.recap_check import play_and_check
from tests.examples import quick_and_full
from tests.official.conftest import SNV


# 2 random games in make test; 100 in make test-slow (and CI).
@quick_and_full(st.integers(0, 1 << 30), quick=2, full=100, deadline=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_the_recap_tells_the_night_as_the_log_does(stand_in: OfficialData, seed: int) -> None:
    assert play_and_check(seed, str(SNV), news=lambda h: isinstance(h, (Became, Gained))) >= 1


def test_the_recap_tells_a_night_of_changes(stand_in: OfficialData) -> None:
    """Seeds whose nights change characters: each change is in the recap (the property's
    random games may draw none)."""
    assert sum(play_and_check(seed, str(SNV), news=lambda h: isinstance(h, (Became, Gained))) for seed in range(6))
