"""The official test data sets, as tests/official loads them."""

from tests.official.conftest import official, stand_in  # noqa: F401
