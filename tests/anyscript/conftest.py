"""The official test data set, as tests/official loads it."""

from tests.official.conftest import official  # noqa: F401
