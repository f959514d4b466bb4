"""Property: the dawn recap of random Trouble Brewing games (on the stand-in data) tells every
death, told answer and expired token of each night, as the log does, and nothing else."""

from __future__ import annotations

from hypothesis import HealthCheck
from hypothesis import strategies as st

from grimoire.core.official import OfficialData
from tests.engine.recap_check import play_and_check
from tests.examples import quick_and_full
from tests.official.conftest import TB


# The stand-in data is imported once for the test and only read by its examples. 6 random
# games in make test; 200 in make test-slow (and CI).
@quick_and_full(st.integers(0, 1 << 30), quick=6, full=200, deadline=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_the_recap_tells_the_night_as_the_log_does(stand_in: OfficialData, seed: int) -> None:
    assert play_and_check(seed, str(TB)) >= 1
