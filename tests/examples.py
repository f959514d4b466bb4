"""A property too dear to run its full count before every commit: a few examples in make test,
the full count in a copy marked slow, which make test-slow (and CI after make test) and make
test-deep run. Nothing it checks is left unrun before a change lands.

    @quick_and_full(st.integers(0, 1 << 30), quick=25, full=200, deadline=None)
    def test_the_recap_tells_the_night_as_the_log_does(seed: int) -> None: ...

makes ``test_the_recap_tells_the_night_as_the_log_does`` (25 random games) and
``test_the_recap_tells_the_night_as_the_log_does_in_full`` (200, marked slow) in the test's
module. Both share hypothesis's database: a failure the full run finds is tried first by the
quick one from then on.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis.strategies import SearchStrategy

FULL = "_in_full"


def quick_and_full(*strategies: SearchStrategy[Any], quick: int, full: int,
                   **options: Any) -> Callable[[Callable[..., None]], Callable[..., None]]:
    """``@given(*strategies)`` with ``quick`` examples, and its copy ``<name>_in_full`` with
    ``full`` examples, marked slow; ``options`` are the other hypothesis settings of both."""
    if not 0 < quick < full:
        raise ValueError(f"quick ({quick}) must be fewer examples than full ({full}), and some")

    def decorate(prop: Callable[..., None]) -> Callable[..., None]:
        def run(examples: int) -> Callable[..., None]:
            test: Callable[..., None] = settings(max_examples=examples, **options)(given(*strategies)(prop))
            return test

        module = sys.modules[prop.__module__]  # the test module, while it is being imported
        name = prop.__name__ + FULL
        if hasattr(module, name):
            raise ValueError(f"{prop.__module__} already has a {name}")
        setattr(module, name, pytest.mark.slow(run(full)))
        return run(quick)

    return decorate
