"""The games' autosave files: where they live, atomic writes, clear errors, ordered saving."""

from __future__ import annotations

import tomllib

import pytest

from grimoire.games import persist
from grimoire.games.persist import GameSaveError
from grimoire.store.autosaver import DELETE, AutoSaver
from grimoire.store.lock import GameInUse, holder_of
from grimoire.store.saves import write_atomic


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


def numbers(key: str = "voice") -> AutoSaver[int]:
    """A game's saver on the one autosave writer; its snapshots are numbers."""
    return AutoSaver(persist.autosave_path(key),
                     lambda n, path: write_atomic(path, persist.dumps(key, {"format": 1, "n": n})))


def test_a_blocked_saver_touches_nothing(grimoire_home):
    path = persist.autosave_path("voice")
    path.parent.mkdir(parents=True)
    path.write_bytes(b"damaged")
    saver = numbers()
    saver.hold()
    saver.blocked = True
    saver.save(1)
    saver.delete()
    assert saver.flush(timeout=10) and not saver.behind
    assert path.read_bytes() == b"damaged"
    saver.blocked = False  # the user confirmed a new game over the damaged file
    saver.save(2)
    assert saver.flush(timeout=10)
    assert persist.read("voice", 1)["n"] == 2
    saver.let_go()


def test_a_saver_writes_only_while_it_holds_the_game(grimoire_home, lock_holder):
    saver = numbers()
    assert not saver.write(saver.take(1), 1)  # not held yet
    other = lock_holder(saver.path)  # another window plays Voice of the Mummy
    with pytest.raises(GameInUse) as err:
        saver.hold()
    assert err.value.holder.pid == other.pid
    assert not saver.write(saver.take(2), 2) and not saver.write(saver.take(DELETE), DELETE)
    assert not saver.path.exists()
    other.kill()  # kill -9: the next window takes the game without a word
    saver.hold()
    assert saver.write(saver.take(3), 3)
    saver.take(4)
    saver.let_go()  # leaving: what waits is written, then the lock goes
    assert persist.read("voice", 1)["n"] == 4 and holder_of(saver.path) is None
    assert not saver.write(saver.take(5), 5)


def test_the_game_now_and_its_undo_read_back_as_written(grimoire_home):
    from grimoire.games.voice import rules, save

    tombs = [rules.new_tomb(("red", "blue"), ("Ann", "[b]Ben[/]"))]
    for _ in range(5):
        tombs.append(rules.next_explorer(rules.collect_jewel(rules.record_throw(tombs[-1], 3)), 1))
    saved = persist.Autosaved(tombs[-1], tuple(tombs[:-1]))
    writer = persist.SaveWriter(save.AUTOSAVE)
    first = writer.dumps(saved)
    assert tomllib.loads(first) == {"game": "voice", **persist.saved_dict(save.AUTOSAVE, saved)}
    assert writer.dumps(saved) == first  # the undo states' text made once, the same
    writer.save(saved, persist.autosave_path("voice"))
    assert persist.load_saved(save.AUTOSAVE) == saved
    # At most UNDO_KEPT states are kept; an older save without any has nothing to undo.
    long = persist.Autosaved(tombs[-1], tuple(tombs[:1]) * (persist.UNDO_KEPT + 5))
    assert len(tomllib.loads(writer.dumps(long))["undo"]) == persist.UNDO_KEPT
    persist.write("voice", save.to_dict(tombs[-1]))
    assert persist.load_saved(save.AUTOSAVE) == persist.Autosaved(tombs[-1], ())


def test_a_damaged_undo_state_is_refused_by_its_number(grimoire_home):
    from grimoire.games.voice import rules, save

    tomb = rules.new_tomb(("red", "blue"))
    data = persist.saved_dict(save.AUTOSAVE, persist.Autosaved(tomb, (tomb, tomb)))
    del data["undo"][1]["explorers"]
    persist.write("voice", data)
    with pytest.raises(GameSaveError, match=r"bad content: undo 2: missing 'explorers'"):
        persist.load_saved(save.AUTOSAVE)
