"""The official test data set, as tests/official loads it."""

from collections.abc import Iterator

import pytest

from tests.official.conftest import official  # noqa: F401


@pytest.fixture(autouse=True)
def _forget_scripts() -> Iterator[None]:
    """A script resolved against this test's data is not kept for the next test (in the same
    worker), which may have no data at all: a game in play keeps its script, a test does not."""
    yield
    from grimoire.core import script

    script._CACHE.clear()
