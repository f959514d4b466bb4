"""The one autosave writer (the grimoire's and the games'): in order, in one thread, never older
over newer; a delete; a failure told; its thread ends when it is closed."""

from __future__ import annotations

import threading
from pathlib import Path

from grimoire.store.autosaver import DELETE, AutoSaver


def texts(path: Path, fail: set[int] | None = None) -> tuple[AutoSaver[int], list[int]]:
    """A saver that writes the number it is given (and fails on the numbers in ``fail``)."""
    written: list[int] = []

    def write(n: int, to: Path) -> None:
        if fail and n in fail:
            raise OSError(28, "No space left on device")
        to.write_text(str(n), encoding="utf-8")
        written.append(n)

    return AutoSaver(path, write, held_elsewhere=True), written


def test_the_newest_snapshot_is_written_and_never_an_older_over_it(tmp_path: Path) -> None:
    saver, written = texts(tmp_path / "game.toml")
    first, second = saver.take(1), saver.take(2)
    assert saver.write(second, 2)
    assert not saver.write(first, 1)  # late: dropped
    for n in range(3, 200):
        saver.save(n)
    assert saver.flush(timeout=10) and not saver.behind
    assert (tmp_path / "game.toml").read_text() == "199"
    assert written == sorted(written)  # in order; older ones still waiting were skipped
    saver.close()


def test_a_delete_removes_the_file_after_what_came_before(tmp_path: Path) -> None:
    path = tmp_path / "game.toml"
    saver, _ = texts(path)
    saver.save(1)
    saver.delete()
    assert saver.flush(timeout=10)
    assert not path.exists()
    saver.save(2)  # undone after the end: the game is there again
    assert saver.flush(timeout=10) and path.read_text() == "2"
    saver.close()


def test_a_failed_write_is_told_and_the_next_one_goes_on(tmp_path: Path) -> None:
    told: list[str] = []
    saver, _ = texts(tmp_path / "game.toml", fail={1})
    saver.on_error = told.append
    saver.save(1)
    assert saver.flush(timeout=10)
    assert told == [f"{tmp_path / 'game.toml'}: No space left on device"]
    assert not saver.behind  # nothing more can be done about it: the storyteller was told
    saver.save(2)
    assert saver.flush(timeout=10) and saver.last_error is None
    assert (tmp_path / "game.toml").read_text() == "2"
    saver.close()


def test_closing_ends_the_writers_thread(tmp_path: Path) -> None:
    saver, _ = texts(tmp_path / "game.toml")
    before = set(threading.enumerate())
    saver.save(1)
    started = [t for t in threading.enumerate() if t not in before]
    assert [t.name for t in started] == ["grimoire-autosave"]
    saver.save(2)  # handed over before closing: written by the close
    assert saver.close(timeout=10)
    assert not started[0].is_alive()
    assert (tmp_path / "game.toml").read_text() == "2"
    saver.save(3)  # a later change: a new thread writes it
    assert saver.close(timeout=10) and (tmp_path / "game.toml").read_text() == "3"


def test_a_saver_that_holds_nothing_writes_nothing(tmp_path: Path) -> None:
    path = tmp_path / "game.toml"
    written: list[int] = []
    saver: AutoSaver[int] = AutoSaver(path, lambda n, to: written.append(n))
    saver.save(1)
    saver.take(DELETE)
    assert saver.flush(timeout=10) and not saver.behind
    assert written == [] and not path.exists()
    saver.close()


def test_a_snapshot_being_written_is_not_handed_over_again(tmp_path: Path) -> None:
    # flush hands the newest over again when it is not on disk yet: while it is being written
    # (or once its write failed and was told) that must not write it a second time.
    calls: list[int] = []
    started, go_on = threading.Event(), threading.Event()

    def write(n: int, to: Path) -> None:
        calls.append(n)
        started.set()
        go_on.wait(10)
        raise OSError(28, "No space left on device")

    saver = AutoSaver(tmp_path / "game.toml", write, held_elsewhere=True)
    saver.save(1)
    assert started.wait(10)
    saver.submit(1, 1)
    go_on.set()
    assert saver.flush(timeout=10)
    assert saver.flush(timeout=10)
    assert calls == [1]
    saver.close()


def test_a_hand_over_gives_the_newest_snapshot_taken_once(tmp_path: Path) -> None:
    # The app takes a snapshot at each change and hands it over after the frame, and again
    # from a timer: whatever the number of hand-overs, the newest is written, once.
    saver, written = texts(tmp_path / "game.toml")
    saver.hand_over()  # nothing taken yet: nothing to write
    assert saver.flush(timeout=10) and written == []
    saver.take(1)
    saver.take(2)
    saver.hand_over()
    assert saver.flush(timeout=10)
    saver.hand_over()
    saver.hand_over()
    assert saver.flush(timeout=10)
    assert written == [2] and (tmp_path / "game.toml").read_text() == "2"
    saver.close()
