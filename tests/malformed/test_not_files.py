"""A path that is no regular file (a FIFO, a device, a folder) or is bigger than any real file
is refused at once, by name, by every reader: nothing is read without end, nothing waits on
a FIFO. Each command runs in a process of its own, with a timeout: a reader that waits on a
FIFO fails the test instead of hanging it."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from grimoire.core import limits
from grimoire.core.limits import MAX_BYTES, FileRefused, read_bytes

from .files import HARBOUR, save_data, write_save
from .specials import DEVICE, PIPE, TOO_BIG, at_once, release, sparse

pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs and devices are POSIX")

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def fifo(tmp_path: Path) -> Iterator[Callable[..., Path]]:
    """``fifo(name)``: a FIFO at ``tmp_path/name`` (or ``fifo(path)``), released after the test."""
    made: list[Path] = []

    def make(name: str | Path) -> Path:
        path = Path(name) if Path(name).is_absolute() else tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        os.mkfifo(path)
        made.append(path)
        return path

    yield make
    for path in made:
        release(path)


# --- the one reader -------------------------------------------------------------------------------
def test_what_is_no_regular_file_is_refused_by_what_it_is(tmp_path: Path, fifo) -> None:
    link = tmp_path / "zero.toml"
    link.symlink_to("/dev/zero")  # a symlink is followed: this is a device
    for path, problem in ((fifo("pipe.toml"), PIPE), (link, DEVICE), (tmp_path, "a folder, not a file")):
        with at_once(), pytest.raises(FileRefused) as info:
            read_bytes(path)
        assert str(info.value) == f"{path}: {problem}"
        assert info.value.problem == problem and isinstance(info.value, OSError)


def test_a_file_over_the_limit_is_refused_unread(tmp_path: Path) -> None:
    with pytest.raises(FileRefused) as info:
        read_bytes(sparse(tmp_path / "huge.toml", MAX_BYTES + 1))
    assert str(info.value) == f"{tmp_path / 'huge.toml'}: {TOO_BIG}"
    exact = tmp_path / "ten.toml"
    exact.write_bytes(b"0123456789")
    assert read_bytes(exact, limit=10) == b"0123456789"
    with pytest.raises(FileRefused, match="larger than 9 bytes"):
        read_bytes(exact, limit=9)


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="needs Linux's /proc")
def test_no_more_than_the_limit_is_read_whatever_the_size_said() -> None:
    # A /proc file says it is empty, and holds far more: the read stops at limit + 1.
    with pytest.raises(FileRefused, match="larger than 10 bytes"):
        read_bytes("/proc/self/status", limit=10)


def test_a_fifo_put_in_the_files_place_after_the_look_is_refused(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "game.toml"
    path.write_text("x = 1\n", encoding="utf-8")
    looked = os.stat
    swapped: list[Path] = []

    def look_then_swap(p, *args, **kwargs):  # type: ignore[no-untyped-def]
        st = looked(p, *args, **kwargs)
        if Path(p) == path and not swapped:
            swapped.append(path)
            path.unlink()
            os.mkfifo(path)  # between the look and the open
        return st

    monkeypatch.setattr(limits.os, "stat", look_then_swap)
    try:
        with at_once(), pytest.raises(FileRefused) as info:
            read_bytes(path)
    finally:
        monkeypatch.undo()
        release(path)
    assert info.value.problem == PIPE


# --- every command, and the town square -----------------------------------------------------------
def _env() -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}


def _memory_cap() -> None:
    # If the refusal ever goes, /dev/zero ends in a quick MemoryError, not a machine out of memory.
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))


def test_validate_refuses_a_link_to_dev_zero(tmp_path: Path) -> None:
    link = tmp_path / "game.toml"
    link.symlink_to("/dev/zero")
    done = subprocess.run([sys.executable, "-m", "grimoire", "validate", str(link)], capture_output=True,
                          text=True, timeout=60, env=_env(), cwd=tmp_path, preexec_fn=_memory_cap)
    assert (done.returncode, done.stdout, done.stderr) == (1, f"invalid: {link}: {DEVICE}\n", "")


# ``grimoire play FILE`` reads the file before the app starts: the app is replaced by one that
# prints the problem it would show on the start screen.
PLAY = """
import sys
from grimoire import cli
from grimoire.tui import app

class Shown:
    _savers = {}
    rescued = ()
    return_code = 0
    def __init__(self, **given):
        print(given["problem"])
    def run(self):
        pass
    def _all_savers(self):
        return []

app.GrimoireApp = Shown
sys.exit(cli.main(sys.argv[1:]))
"""


@pytest.mark.slow  # a process for every command
def test_every_command_refuses_a_fifo_at_once(tmp_path: Path, fifo) -> None:
    game, script, scenario = fifo("game.toml"), fifo("script.json"), fifo("scenario.toml")
    data = tmp_path / "data"
    data.mkdir()
    for name in ("nightsheet.json", "jinxes.json"):
        (data / name).write_text("{}", encoding="utf-8")
    roles = fifo(data / "roles.json")
    saved = save_data(HARBOUR)
    del saved["script_file"]  # the save names its script's file and holds no copy of it
    named = write_save(tmp_path, {**saved, "script": str(script)}, "names a script.toml")
    commands: dict[str, tuple[list[str], Path, int]] = {
        "validate": (["validate", str(game)], game, 1),
        "validate a save naming it": (["validate", str(named)], script, 1),
        "export": (["export", str(game)], game, 1),
        "sheet": (["sheet", str(game)], game, 1),
        "scenario run": (["scenario", "run", str(scenario)], scenario, 1),
        "rehearse SCENARIO": (["rehearse", str(scenario)], scenario, 1),
        "data import": (["data", "import", str(data)], roles, 1),
        "play": (["play", str(game)], game, 0),
    }
    started = {}
    for name, (args, _, _) in commands.items():
        program = ["-c", PLAY] if name == "play" else ["-m", "grimoire"]
        started[name] = subprocess.Popen([sys.executable, *program, *args], stdout=subprocess.PIPE,
                                         stderr=subprocess.PIPE, text=True, env=_env(), cwd=tmp_path)
    wrong = {}
    deadline = time.monotonic() + 60  # for all of them: they run at once
    for name, proc in started.items():
        try:
            out, err = proc.communicate(timeout=max(0.1, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.communicate()
            wrong[name] = "waited on the FIFO"
            continue
        _, path, code = commands[name]
        if f"{path}: {PIPE}" not in out + err or proc.returncode != code or "Traceback" in err:
            wrong[name] = f"exit {proc.returncode}: {out + err}"
    assert not wrong, "\n".join(f"{name}: {what}" for name, what in wrong.items())


def test_the_town_square_names_a_fifo_as_one(fifo) -> None:
    from grimoire.tui.townsquare import load_view

    game = fifo("game.toml")
    with at_once():
        assert load_view(game) == (None, f"{game}: {PIPE}")


# --- every reader of the app's own files ----------------------------------------------------------
def test_an_assistant_games_autosave_that_is_a_fifo_is_refused_and_can_be_written_over(fifo) -> None:
    from grimoire.games import persist

    path = fifo(persist.autosave_path("voice"))
    with at_once(), pytest.raises(persist.GameSaveError) as info:
        persist.read("voice", 1)
    assert (info.value.path, info.value.problem) == (path, PIPE)
    with at_once():  # a new game confirmed: its autosave takes the FIFO's place, no backup of it
        persist.write("voice", {"format": 1})
    assert path.is_file() and not path.with_name(path.name + ".bak").exists()


def test_a_voice_commands_file_that_is_a_fifo_is_refused(fifo) -> None:
    from grimoire.games.voice.commands import CommandFileError, load_commands_file

    path = fifo("commands.toml")
    with at_once(), pytest.raises(CommandFileError) as info:
        load_commands_file(path)
    assert str(info.value) == f"{path}: {PIPE}"


def test_a_mau_mau_roster_that_is_a_fifo_is_refused_and_can_be_written_over(fifo) -> None:
    from grimoire.games.maumau import characters
    from grimoire.games.maumau.rules import RuleError

    path = fifo("characters.toml")
    with at_once(), pytest.raises(RuleError) as info:
        characters.load(path)
    assert str(info.value) == f"{path}: {PIPE}"
    with at_once():
        characters.save((), path)
    assert path.is_file()


def test_the_apps_small_files_as_fifos_are_passed_by(tmp_path: Path, fifo) -> None:
    from grimoire.store import live_table, open_game, recent_scripts, seat_links

    fifo(recent_scripts.recent_path())
    fifo(open_game.pointer_path())
    fifo(seat_links.served_path())
    with at_once():
        assert recent_scripts.recent_scripts() == []
        assert open_game.read_open() is None
        assert seat_links.read_served() is None
    game = tmp_path / "game.toml"
    fifo(seat_links.links_path(game))
    fifo(live_table.live_path(game))
    fifo(live_table.hands_path(game))
    with at_once():
        assert seat_links.read_seat_codes(game) == {}
        assert live_table.read_live(game) == live_table.LiveTable()
        assert live_table.read_hands(game) is None


def test_the_official_data_as_a_fifo_is_refused(fifo) -> None:
    from grimoire.core.official import OfficialDataError, read_official

    path = fifo("official.json")
    with at_once(), pytest.raises(OfficialDataError) as info:
        read_official(path)
    assert str(info.value) == f"{path}: {PIPE}; `grimoire data update` fetches it again"


# --- the library (the start screen: test_not_files_app.py) ----------------------------------------
def test_an_old_autosave_that_is_a_fifo_moves_into_the_library_as_damaged(fifo) -> None:
    from grimoire.store import library
    from grimoire.store.paths import data_dir

    fifo(data_dir() / "autosave.toml")
    with at_once():
        [moved] = library.migrate_autosave()
        [entry] = library.listing()
    assert entry.path == moved and entry.problem == PIPE
