"""A property run briefly in make test and in full in make test-slow (tests/examples.py): both
tests are made, the full one marked slow, each with its own count of examples."""

from __future__ import annotations

import sys

import pytest
from hypothesis import strategies as st

from tests.examples import quick_and_full


def marks(test: object) -> set[str]:
    return {mark.name for mark in getattr(test, "pytestmark", [])}


def test_the_quick_test_and_its_full_copy_marked_slow() -> None:
    seen: list[int] = []

    @quick_and_full(st.integers(0, 1 << 30), quick=3, full=7, deadline=None)
    def briefly_then_in_full(seed: int) -> None:
        seen.append(seed)

    module = sys.modules[__name__]
    try:
        full = module.briefly_then_in_full_in_full  # type: ignore[attr-defined]
        assert "slow" in marks(full) and "slow" not in marks(briefly_then_in_full)
        briefly_then_in_full()
        assert len(seen) == 3
        seen.clear()
        full()
        assert len(seen) == 7
    finally:
        del module.briefly_then_in_full_in_full  # type: ignore[attr-defined]


def test_the_recap_properties_are_made_so() -> None:
    from tests.engine import test_dawn_recap
    from tests.official import test_tb_dawn_recap

    for module in (test_dawn_recap, test_tb_dawn_recap):
        assert "slow" in marks(module.test_the_recap_tells_the_night_as_the_log_does_in_full)
        assert "slow" not in marks(module.test_the_recap_tells_the_night_as_the_log_does)


def test_a_quick_count_must_be_fewer() -> None:
    with pytest.raises(ValueError, match="fewer examples"):
        quick_and_full(st.integers(), quick=200, full=200)
