"""The guard of the real home (tests/home_guard.py, tests/conftest.py) itself: a test that
writes Grimoire's real files through a helper fails, naming the file, and nothing is written;
a test that writes its own home passes. Run in a pytest of its own, whose "real home" is a
folder of this test's."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from home_guard import HomeGuard, real_places

TESTS = Path(__file__).resolve().parent
ROOT = TESTS.parent

# The suite's own conftest, loaded under another name: its guard, its private home, its hook.
CONFTEST = f"""
import importlib.util

spec = importlib.util.spec_from_file_location("suite_conftest", {str(TESTS / "conftest.py")!r})
suite = importlib.util.module_from_spec(spec)
spec.loader.exec_module(suite)
_private_home = suite._private_home
pytest_runtest_call = suite.pytest_runtest_call
"""

TESTS_WRITING = '''
from grimoire.store.open_game import record_open


def helper_that_opens_a_game(path):
    try:
        record_open(path)  # the town square's pointer, in the data folder the environment names
    except OSError:
        pass  # as the app does: a pointer not written is no reason to stop


def test_undoing_the_private_home_then_writing(monkeypatch, tmp_path):
    monkeypatch.undo()  # undoes the private home as well: the environment is the real one again
    helper_that_opens_a_game(tmp_path / "game.toml")


def test_writing_its_own_home(tmp_path):
    helper_that_opens_a_game(tmp_path / "game.toml")
'''


def test_a_test_that_writes_the_real_home_fails_and_writes_nothing(tmp_path: Path) -> None:
    real = tmp_path / "real-home"
    real.mkdir()
    suite = tmp_path / "suite"
    suite.mkdir()
    (suite / "conftest.py").write_text(CONFTEST, encoding="utf-8")
    (suite / "test_writes.py").write_text(TESTS_WRITING, encoding="utf-8")
    env = {k: v for k, v in os.environ.items()
           if k not in ("GRIMOIRE_HOME", "XDG_DATA_HOME", "XDG_CONFIG_HOME", "PYTEST_ADDOPTS")}
    env.update(HOME=str(real), PYTHONPATH=os.pathsep.join([str(ROOT), str(TESTS)]))
    # Without the installed plugins (pytest-xdist, the snapshots, asyncio, Playwright): the guard
    # is the suite's conftest's, and the two tests need none of them (a third of the start).
    env["PYTEST_DISABLE_PLUGIN_AUTOLOAD"] = "1"
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", str(suite)],
                          cwd=suite, env=env, capture_output=True, text=True, timeout=120)
    out = done.stdout + done.stderr
    assert done.returncode == 1, out
    assert "1 failed, 1 passed" in out, out
    assert "FAILED test_writes.py::test_undoing_the_private_home_then_writing" in out, out
    assert "this test wrote (or tried to write) Grimoire's real files" in out
    assert str(real / ".local" / "share" / "grimoire") in out
    assert "record_open" in out  # where it was written from
    written = [p for p in real.rglob("*") if p.is_file()]
    assert written == [], written


def test_the_real_places_are_grimoires_folders_as_the_environment_names_them(tmp_path: Path) -> None:
    env = {"HOME": str(tmp_path), "XDG_DATA_HOME": str(tmp_path / "data"), "GRIMOIRE_HOME": str(tmp_path / "g")}
    assert real_places(env) == tuple(sorted(str(p) for p in (
        tmp_path / ".local" / "share" / "grimoire", tmp_path / ".config" / "grimoire",
        tmp_path / "data" / "grimoire", tmp_path / "g")))


def test_reads_and_other_folders_pass_writes_there_are_refused(tmp_path: Path) -> None:
    guarded = tmp_path / "guarded"
    guarded.mkdir()
    (guarded / "old.toml").write_text("x = 1", encoding="utf-8")
    guard = HomeGuard((str(guarded),))
    hook = guard._hook  # called as the audit events would call it, without installing it
    hook("open", (str(guarded / "old.toml"), "r", 0))
    hook("open", (str(tmp_path / "elsewhere.toml"), "w", 0))
    hook("os.rename", (str(tmp_path / "a"), str(tmp_path / "b"), -1, -1))
    assert guard.take() == []
    for event, args in [("open", (str(guarded / "new.toml"), "w", 0)),
                        ("open", (str(guarded / "x.tmp"), None, os.O_CREAT | os.O_RDWR)),
                        ("os.rename", (str(tmp_path / "a"), str(guarded / "old.toml"), -1, -1)),
                        ("os.mkdir", (str(guarded / "games"), 0o777, -1)),
                        ("os.remove", (str(guarded / "old.toml"), -1))]:
        try:
            hook(event, args)
        except PermissionError:
            pass
        else:
            raise AssertionError(f"{event} {args} was let through")
    assert [r.split("\n")[0].split()[0] for r in guard.take()] == ["open", "open", "os.rename", "os.mkdir", "os.remove"]
