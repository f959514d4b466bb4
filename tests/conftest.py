"""What every test shares: the hypothesis profiles, a private home, a collector kept light,
and how many pytest-xdist workers ``make test`` runs.

The budget: ``make test`` (the whole suite, in parallel) takes under 90 s on a 2-core machine.
Keep it so: a property test runs a modest number of examples in the default profile (the
``deep`` profile, ``make test-deep``, runs the long fuzzing); a Pilot test awaits conditions
(``pilot.pause()``, workers, the autosave, ``pilot_keys.until``) and never sleeps a fixed
time; a delay the app waits out (the seat-number pause) is shortened by the test that waits
for it; text is typed with ``pilot_keys.type_text``; precomputed games are shared (module or
session fixtures) when the tests only read them. Every test gets its own home, so any two may
run at once.

Pilot's idle wait (textual._wait, a 20 ms step) is left as Textual has it: a shorter step
made tests faster but flaky, for Textual waits 8 ms before it hands a resize on and 17 ms
between two repaints, and a step shorter than those takes a pending change for idleness.
"""

import gc
import os

import pytest
from hypothesis import HealthCheck, settings
from textual._styles_cache import StylesCache

settings.register_profile("default", max_examples=60, deadline=None)
settings.register_profile(
    "deep", max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))


def pytest_collection_finish(session):  # type: ignore[no-untyped-def]
    # What the collection loaded (modules, tests) lives to the end: the collector need not go
    # through it again in every full collection (tests/tui/test_start_gc.py thaws it).
    gc.collect()
    gc.freeze()


def pytest_collection_modifyitems(items):  # type: ignore[no-untyped-def]
    # The longest tests first: in parallel, one started last would end the run alone.
    items.sort(key=lambda item: item.get_closest_marker("long") is None)


@pytest.fixture(autouse=True)
def _forget_closed_apps():  # type: ignore[no-untyped-def]
    yield
    # Textual caches StylesCache.get_inner_outer per widget (self is in the key): up to 1,024
    # widgets of apps long closed stay alive with every line they drew, some 500,000 objects
    # the collector went through again and again: a quarter of the Pilot tests' time.
    StylesCache.get_inner_outer.cache_clear()


@pytest.fixture(autouse=True)
def _private_home(tmp_path_factory, monkeypatch):  # type: ignore[no-untyped-def]
    """Saves, the library, the town square's pointer and the games' settings go to a folder of
    this test's own, never to the user's (nor to another test running at the same time)."""
    home = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("GRIMOIRE_HOME", str(home / "grimoire"))
    monkeypatch.setenv("XDG_DATA_HOME", str(home / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / "config"))


def pytest_xdist_auto_num_workers(config):  # type: ignore[no-untyped-def]
    """``-n auto``: four workers a core. A Pilot test spends most of its time waiting for the
    app to be idle (Pilot looks every 20 ms, after every key): with two workers a core, half
    of a 2-core machine stayed idle (81 s); with four, both cores are busy (58 s). Each worker
    costs a start (about a second), so there are never more than 12."""
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        cores = os.cpu_count() or 1
    return min(4 * cores, 12)
