"""Property: the dawn recap of random Sects & Violets games (on the stand-in data) tells every
death, told answer and expired token of each night, as the log does, and nothing else."""

from __future__ import annotations

from hypothesis import HealthCheck
from hypothesis import strategies as st

from grimoire.core.official import OfficialData
from tests.engine.recap_check import play_and_check
from tests.examples import quick_and_full
from tests.official.conftest import SNV


# 2 random games in make test; 100 in make test-slow (and CI).
@quick_and_full(st.integers(0, 1 << 30), quick=2, full=100, deadline=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_the_recap_tells_the_night_as_the_log_does(stand_in: OfficialData, seed: int) -> None:
    assert play_and_check(seed, str(SNV)) >= 1
