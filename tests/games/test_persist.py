"""The games' autosave files: where they live, atomic writes, clear errors, ordered saving."""

from __future__ import annotations

import subprocess
import sys

import pytest

from grimoire.games import persist
from grimoire.games.persist import AutoSaver, GameSaveError
from grimoire.store.lock import GameInUse, holder_of


def test_the_autosave_lives_under_grimoire_home(grimoire_home):
    assert persist.autosave_path("maumau") == grimoire_home / "games" / "maumau.toml"


def test_write_read_and_backup(grimoire_home):
    persist.write("voice", {"format": 1, "n": 1})
    persist.write("voice", {"format": 1, "n": 2})
    assert persist.read("voice", 1) == {"game": "voice", "format": 1, "n": 2}
    backup = grimoire_home / "games" / "voice.toml.bak"
    assert 'n = 1' in backup.read_text()
    assert not [p for p in (grimoire_home / "games").iterdir() if p.suffix == ".tmp"]


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("format = [", "not TOML"),
        ('game = "voice"\nformat = 1\n', "wrong game"),
        ("format = 1\n", "wrong game"),
        ('game = "mummy"\nformat = 9\n', "newer Grimoire (format 9"),
        ('game = "mummy"\n', "no format version"),
        ('game = "mummy"\nformat = 1\n', "bad content"),
        (b"\xff\xfe", "not UTF-8"),
        ('game = "mummy"\nformat = 1\nx = ' + "[" * 100_000 + "]" * 100_000, "nested more than 64 deep"),
        ('game = "mummy"\nformat = 1' + "0" * 5000, "a number of more than 4,300 digits (line 2, column 10)"),
    ],
)
def test_a_damaged_file_is_reported_and_left_alone(grimoire_home, text, problem):
    from grimoire.games.mummy import save

    path = persist.autosave_path("mummy")
    path.parent.mkdir(parents=True)
    raw = text if isinstance(text, bytes) else text.encode()
    path.write_bytes(raw)
    with pytest.raises(GameSaveError) as err:
        persist.load("mummy", save.FORMAT, save.from_dict)
    assert problem in str(err.value)
    assert str(path) in str(err.value)
    assert path.read_bytes() == raw


def test_delete_keeps_the_backup(grimoire_home):
    persist.write("maumau", {"format": 1})
    persist.write("maumau", {"format": 1, "x": 2})
    assert persist.delete("maumau")
    assert not persist.has_autosave("maumau")
    assert (grimoire_home / "games" / "maumau.toml.bak").exists()
    assert not persist.delete("maumau")


def test_the_saver_never_writes_an_older_state_over_a_newer():
    saver = AutoSaver("voice", lambda n: {"format": 1, "n": n})
    saver.hold()
    first, second = saver.issue(1), saver.issue(2)
    assert saver.write(second, 2)
    assert not saver.write(first, 1)  # a late worker
    assert persist.read("voice", 1)["n"] == 2
    gone = saver.issue_delete()
    late = saver.issue(3)
    assert saver.write(late, 3)
    assert not saver.delete(gone)
    assert persist.read("voice", 1)["n"] == 3
    assert not saver.pending


def test_a_blocked_saver_touches_nothing(grimoire_home):
    path = persist.autosave_path("voice")
    path.parent.mkdir(parents=True)
    path.write_bytes(b"damaged")
    saver = AutoSaver("voice", lambda n: {"format": 1, "n": n})
    saver.hold()
    saver.blocked = True
    assert not saver.write(saver.issue(1), 1)
    assert not saver.delete(saver.issue_delete())
    assert not saver.flush()
    assert path.read_bytes() == b"damaged"
    saver.blocked = False  # the user confirmed a new game over the damaged file
    saver.issue(2)
    assert saver.flush()
    assert persist.read("voice", 1)["n"] == 2


def test_a_saver_writes_only_while_it_holds_the_game(grimoire_home, lock_holder):
    saver = AutoSaver("voice", lambda n: {"format": 1, "n": n})
    assert not saver.write(saver.issue(1), 1)  # not held yet
    other = lock_holder(saver.path)  # another window plays Voice of the Mummy
    with pytest.raises(GameInUse) as err:
        saver.hold()
    assert err.value.holder.pid == other.pid
    assert not saver.write(saver.issue(2), 2) and not saver.delete(saver.issue_delete())
    assert not saver.path.exists()
    other.kill()  # kill -9: the next window takes the game without a word
    saver.hold()
    assert saver.write(saver.issue(3), 3)
    saver.issue(4)
    saver.let_go()  # leaving: what waits is written, then the lock goes
    assert persist.read("voice", 1)["n"] == 4 and holder_of(saver.path) is None
    assert not saver.write(saver.issue(5), 5)


@pytest.mark.parametrize(
    "module",
    [
        "grimoire.games.persist",
        "grimoire.games.mummy.save",
        "grimoire.games.voice.save",
        "grimoire.games.maumau.save",
    ],
)
def test_persistence_is_pure(module):
    code = (
        f"import sys, {module}; "
        "bad = [m for m in sys.modules if m.split('.')[0] in ('textual', 'rich')]; "
        "sys.exit(1 if bad else 0)"
    )
    assert subprocess.run([sys.executable, "-c", code]).returncode == 0
