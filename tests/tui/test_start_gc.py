"""The start without garbage collection (grimoire.cli) ends a second after the first frame."""

from __future__ import annotations

import gc
import os
import subprocess
import sys
from pathlib import Path

import pytest

from grimoire.tui.app import GrimoireApp

from .helpers import SIZE, first_night, settle


@pytest.fixture
def _collect_sooner(monkeypatch):  # type: ignore[no-untyped-def]
    monkeypatch.setattr(GrimoireApp, "COLLECT_AFTER_START", 0.1)  # not a second: the same steps


@pytest.fixture
def _nothing_frozen():  # type: ignore[no-untyped-def]
    gc.unfreeze()  # tests/conftest.py froze what the collection loaded: these tests count
    yield
    gc.collect()
    gc.freeze()


# Run in a fresh interpreter, as grimoire.cli starts the app: the sweeps then pass over the
# app's objects only, not a test worker's whole heap (which each collection went through, some
# seconds of CPU a test).
_HELD_OFF = """
import asyncio, gc, weakref
from grimoire.tui.app import GrimoireApp
from grimoire.tui.screens.table import GrimoireScreen
from pilot_keys import until
from tui.helpers import SIZE, first_night, settle

class Junk:  # a cycle only the collector can free
    def __init__(self): self.me = self

GrimoireApp.COLLECT_AFTER_START = 0.1  # not a second: the same steps
seen, at_the_frame, restyled = [], [], []
drawn = GrimoireApp._first_frame_drawn

def first_frame(app):
    seen.append((thrown_away() is None, gc.isenabled()))
    at_the_frame.append(weakref.ref(Junk()))  # garbage the sweeps cannot have seen
    drawn(app)

GrimoireApp._first_frame_drawn = first_frame
# Garbage made as the screen resumes and Textual styles it again (after the sweep above): swept
# before the first frame too (GrimoireScreen.on_screen_resume), so that it is drawn in that memory.
update_styles = GrimoireApp.update_styles

def styled(app, node=None, **options):
    if isinstance(node, GrimoireScreen) and not restyled:
        restyled.append(weakref.ref(Junk()))
    update_styles(app, node, **options)

GrimoireApp.update_styles = styled

async def main():
    async with GrimoireApp(game=first_night()).run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert seen == [(True, False)], seen  # freed, the collector still off, at the first frame
        assert restyled and restyled[0]() is None, "the restyling's garbage was still there at the first frame"
        assert gc.isenabled() and gc.get_freeze_count() > 0
        # a moment later (a second, outside the tests) the frame's garbage is freed too
        await until(pilot, lambda: at_the_frame[0]() is None, "the start's garbage freed")
        assert gc.isenabled() and gc.get_freeze_count() > 0

# As grimoire.cli starts the app: the collector off, what was loaded before (Textual) frozen.
gc.disable()
gc.freeze()
thrown_away = weakref.ref(Junk())  # garbage made before the screen is built
asyncio.run(main())
print("ok")
"""


def test_the_collector_held_off_for_the_start_is_turned_back_on() -> None:
    """What the start threw away is freed once the grimoire's screen is built, the collector
    still off (grimoire.tui.support.sweep.sweep_start: the first frame's lines reuse that memory); at the
    first frame it is turned back on, and a moment later the rest is freed."""
    tests = Path(__file__).resolve().parents[1]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(tests), str(tests.parent)])}
    run = subprocess.run([sys.executable, "-c", _HELD_OFF], capture_output=True, text=True, timeout=120, env=env)
    assert run.returncode == 0 and run.stdout.split() == ["ok"], run.stderr


@pytest.mark.slow  # it collects the whole worker's heap (a second): the one above is make test's
@pytest.mark.usefixtures("_collect_sooner", "_nothing_frozen")
async def test_an_app_started_with_the_collector_on_leaves_it_alone() -> None:
    assert gc.isenabled()
    async with GrimoireApp(game=first_night()).run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.pause(3 * GrimoireApp.COLLECT_AFTER_START)  # nothing to wait for: no collection comes
        assert gc.isenabled() and gc.get_freeze_count() == 0


def test_textual_is_imported_with_the_collector_on_then_frozen_with_the_collector_off() -> None:
    """What importing Textual throws away is not kept by the freeze (held off for the import, a
    few hundred objects were, 0.2 MiB at the first frame): in a fresh interpreter, far less is
    left to collect after ``_quiet_start`` than with the collector held off before it."""
    script = """
import gc, sys
from grimoire.cli import _quiet_start
assert "textual" not in sys.modules
if sys.argv[1] == "off": gc.disable()
_quiet_start()
assert not gc.isenabled() and gc.get_freeze_count() > 0
gc.unfreeze()
print(gc.collect())
"""
    left = {}
    for how in ("as-is", "off"):
        run = subprocess.run([sys.executable, "-c", script, how], capture_output=True, text=True, timeout=120)
        assert run.returncode == 0, run.stderr
        left[how] = int(run.stdout)
    assert left["as-is"] * 2 < left["off"], left
