"""What every test shares: the hypothesis profiles, a private home, the collector held off,
and how many pytest-xdist workers ``make test`` runs.

The budget: ``make test`` (the whole suite, in parallel) is to take under 60 s on a 2-core
machine, most of it Textual drawing the Pilot tests' screens (docs/benchmarks.md has the
figures, docs/testing.md the layout). The
long Pilot runs of a screen, the dearer Pilot tests of a screen that has quicker ones, and the
repeats of a browser or subprocess test are marked ``slow`` (``make test-slow`` and CI run them,
and ``make test-deep``); every screen keeps a Pilot test in ``make test``. Keep it down:
a property test runs a modest number of examples in the default profile
(the ``deep`` profile, ``make test-deep``, runs the long fuzzing); a Pilot test awaits
conditions (``pilot.pause()``, workers, the autosave, ``pilot_keys.until``) and never sleeps a
fixed time; a delay the app waits out (the seat-number pause) is shortened by the test that
waits for it; text is typed with ``pilot_keys.type_text``; precomputed games are shared (module
or session fixtures) when the tests only read them. Every test gets its own home, so any two
may run at once, and none writes the real one (``HOME_GUARD``).

Pilot's idle wait (textual._wait, a 20 ms step) is left as Textual has it: a shorter step
made tests faster but flaky, for Textual waits 8 ms before it hands a resize on and 17 ms
between two repaints, and a step shorter than those takes a pending change for idleness.
Nor are fewer waits the way: skipping Pilot's second wait after a key where nothing animates
left a quarter fewer waits, each longer, and no faster run. The suite is bound by the CPU
(four workers on two cores), and a wait is where the app does its work; what makes it faster
is less drawing, layout and styling per key.
"""

import gc
import inspect
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from home_guard import HomeGuard, real_places
from hypothesis import HealthCheck, settings
from textual._styles_cache import StylesCache

settings.register_profile("default", max_examples=60, deadline=None)
settings.register_profile(
    "deep", max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))

# Python collects the young objects every 700 new ones, and every object at times: in a Pilot
# test that went again and again through a running app's widgets and strips, a tenth to a fifth
# of the test's time. Every 2,000,000 new objects (less those already freed), which a worker of
# make test does not reach: it made some 1.1 to 1.5 million in a run, and at 50,000 the
# collector went through them in 20 to 100 passes, 1 to 1.5 s of each worker's CPU (12 s of the
# run's 160). A worker ends holding some 230 MB instead of 140; a longer run (make test-deep)
# is collected every 2,000,000, about a second each time.
gc.set_threshold(2_000_000, 20, 10)


# --- another window holding a game: a helper process that takes the game's lock ------------------
ROOT = Path(__file__).resolve().parents[1]
_HOLD = (
    "import sys\n"
    "from pathlib import Path\n"
    "from grimoire.store.lock import take\n"
    "lock = take(Path(sys.argv[1]))\n"
    "print('held', flush=True)\n"
    "sys.stdin.read()\n"  # holds until told to go (stdin closed) or killed
)


class LockHolder:
    """A process holding a game's lock, as another window would; ``kill`` is kill -9."""

    def __init__(self, path: Path) -> None:
        env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
        self.proc = subprocess.Popen([sys.executable, "-c", _HOLD, str(path)], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
        line = self.proc.stdout.readline() if self.proc.stdout else b""
        if line != b"held\n":
            self.proc.kill()
            raise AssertionError(f"the helper could not take the lock: {self.proc.stderr.read()!r}")  # type: ignore[union-attr]

    @property
    def pid(self) -> int:
        return self.proc.pid

    def kill(self) -> None:
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait()

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait()
        for stream in (self.proc.stdin, self.proc.stdout, self.proc.stderr):
            if stream is not None:
                stream.close()


@pytest.fixture
def lock_holder():
    """``lock_holder(path)``: another process holding ``path``'s lock (ended after the test)."""
    made: list[LockHolder] = []

    def hold(path: Path) -> LockHolder:
        holder = LockHolder(path)
        made.append(holder)
        return holder

    yield hold
    for holder in made:
        holder.close()


def pytest_collection_finish(session):  # type: ignore[no-untyped-def]
    # What the collection loaded (modules, tests) lives to the end: the collector need not go
    # through it again in every full collection (tests/tui/test_start_gc.py thaws it).
    gc.collect()
    gc.freeze()


class _NoSnapshotReport:
    lines = ()


@pytest.hookimpl(trylast=True)
def pytest_sessionfinish(session):  # type: ignore[no-untyped-def]
    # At the end of a run, syrupy (pytest-textual-snapshot's store) lists the snapshots no test
    # used, matching every test that ran against every snapshot file: in each pytest-xdist
    # worker about 2.4 s of CPU, all at the very end, for a list a worker never prints (syrupy
    # looks for unused snapshots only in a run without workers, which keeps its report).
    if hasattr(session.config, "workerinput") and hasattr(session.config, "_syrupy"):
        session.config._syrupy.report = _NoSnapshotReport()


@pytest.hookimpl(trylast=True)
def pytest_unconfigure(config):  # type: ignore[no-untyped-def]
    # A pytest-xdist worker ends here, its results sent (each test's as it ended, the session's
    # with "workerfinished"). What Python would still do is collect the garbage five times (for
    # warnings no one reports in a worker) and free every object one by one: with the collector
    # held off (above) some 230 MB a worker, four workers at once on two cores, for processes
    # about to end, while the controller waits for them. Output is flushed first; the run's
    # result and exit code are the controller's (a failing test still fails the run).
    if hasattr(config, "workerinput"):
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(0)


@pytest.hookimpl(tryfirst=True)  # before pytest-xdist reads the browser tests' group (below)
def pytest_collection_modifyitems(items):  # type: ignore[no-untyped-def]
    # The longest first: in parallel, a long test started last ends the run alone, while the
    # many short ones, last, fill the workers up to the end. So: the few marked long and the
    # browser tests (one worker's, below), then the hypothesis properties (many games each),
    # then the Pilot and snapshot tests (an app each, a second or more), then the plain ones
    # (milliseconds).
    def browser(item):  # type: ignore[no-untyped-def]
        return "browser" in getattr(item, "fixturenames", ())

    def cost(item):  # type: ignore[no-untyped-def]
        test = getattr(item, "obj", None)
        return (item.get_closest_marker("long") is None and not browser(item),
                not getattr(test, "is_hypothesis_test", False),
                not (inspect.iscoroutinefunction(test) or "snap_compare" in item.fixturenames))

    items.sort(key=cost)
    # The players' page in a real browser: the tests that share a Chromium run on one worker
    # (make test's --dist loadgroup), so that not every worker starts one. Two such workers, each
    # with its own Chromium, the tests dealt to them in turn (the long ones first): on one, the
    # browser tests alone took longer than all the rest of make test on the others. Those marked
    # slow (make test-slow's) likewise on two more.
    dealt = {False: 0, True: 0}
    for item in items:
        if browser(item):
            slow = item.get_closest_marker("slow") is not None
            group = ("browser-slow" if slow else "browser") + ("-2" if dealt[slow] % 2 else "")
            dealt[slow] += 1
            item.add_marker(pytest.mark.xdist_group(group))


def pytest_terminal_summary(terminalreporter):  # type: ignore[no-untyped-def]
    # Said at the end where it is seen, not only as an "s" among the dots: with what went wrong
    # (no chromium, or one that did not start, and what it said).
    from tests.web.browser import not_tested_lines

    reports = terminalreporter.stats.get("skipped", [])
    for line in not_tested_lines(r.longrepr[2] for r in reports if isinstance(r.longrepr, tuple)):
        terminalreporter.write_line(line, yellow=True, bold=True)


@pytest.fixture(autouse=True)
def _tests_end_the_app_as_it_ends(monkeypatch):  # type: ignore[no-untyped-def]
    """A Pilot test ends the grimoire as a storyteller's session ends (``GrimoireApp.exit``):
    first the palette's searches, then the screens. Textual's ``run_test`` takes the screens
    down directly, and a palette left searching then drew its list into one with none
    (NoMatches: 'CommandList'), now and then on a loaded machine."""
    from contextlib import asynccontextmanager

    from grimoire.tui.app import GrimoireApp
    from grimoire.tui.palette import end_searches

    original = GrimoireApp.run_test

    @asynccontextmanager
    async def run_test(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        async with original(self, *args, **kwargs) as pilot:
            try:
                yield pilot
            finally:
                end_searches(self)

    monkeypatch.setattr(GrimoireApp, "run_test", run_test)


@pytest.fixture(autouse=True)
def _no_moment_for_keys(monkeypatch):  # type: ignore[no-untyped-def]
    """Pilot presses its keys as fast as the app is idle, far within the moment after a pick
    or a picker's drawing in which keys are taken as stray (``grimoire.tui.guard.MOMENT``):
    the moment is none in tests, but in those of keys that set it back (tests/tui/test_stray_keys.py).
    A key typed before a picker was drawn is still not the picker's."""
    from grimoire.tui import guard

    monkeypatch.setattr(guard, "MOMENT", 0.0)


@pytest.fixture(autouse=True)
def _forget_closed_apps():  # type: ignore[no-untyped-def]
    yield
    # Textual caches StylesCache.get_inner_outer per widget (self is in the key): up to 1,024
    # widgets of apps long closed stay alive with every line they drew, some 500,000 objects
    # the collector went through again and again (a quarter of the Pilot tests' time, when it
    # ran every 700 objects), and that a worker would hold to its end.
    StylesCache.get_inner_outer.cache_clear()


# Where Grimoire keeps the files of whoever runs the tests, from the environment as it is
# before any test changes it: no test may write there (tests/home_guard.py).
HOME_GUARD = HomeGuard(real_places(os.environ))
HOME_GUARD.install()


@pytest.fixture(autouse=True)
def _private_home(tmp_path_factory, monkeypatch):  # type: ignore[no-untyped-def]
    """Saves, the library, the town square's pointer and the games' settings go to a folder of
    this test's own, never to the user's (nor to another test running at the same time); a
    test that writes to the user's anyway is stopped at the write, and fails."""
    home = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("GRIMOIRE_HOME", str(home / "grimoire"))
    monkeypatch.setenv("XDG_DATA_HOME", str(home / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / "config"))
    monkeypatch.setenv("HOME", str(home))  # ~ too: a typed path, a default under the home
    HOME_GUARD.take()  # what a test before this one left (a thread of its app, late) is its own
    yield
    # A script resolved against this test's official data is not kept for the next test in
    # the worker, which may have no data at all (a game in play keeps its script; a test not).
    from grimoire.core import script

    for key in [k for k, s in script._CACHE.items() if s.official_stamp]:
        del script._CACHE[key]
    _no_real_writes()  # in its fixtures' teardown


def _no_real_writes() -> None:
    refused = HOME_GUARD.take()
    if refused:
        pytest.fail("this test wrote (or tried to write) Grimoire's real files, outside its own home:\n"
                    + "\n".join(refused), pytrace=False)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item):  # type: ignore[no-untyped-def]
    # The test itself fails (not only its teardown) when it wrote to the real home.
    result = yield
    _no_real_writes()
    return result


def pytest_xdist_auto_num_workers(config):  # type: ignore[no-untyped-def]
    """``-n auto``: four workers a core, at most 8. A Pilot test spends much of its time waiting
    for the app to be idle (Pilot looks every 20 ms, after every key), so few workers leave the
    machine idle: on the idle 2-core machine on 7 December 2026, make test took 76 s with four
    workers (1.04 cores busy), 65 s with six and 60 s with eight, for 79 to 93 s of CPU. Each
    worker also starts and collects every test (some 1.5 s of CPU), and on a machine loaded with
    other work more workers made every test dearer (docs/benchmarks.md)."""
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        cores = os.cpu_count() or 1
    return min(4 * cores, 8)
