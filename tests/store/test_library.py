"""The game library: names, clashes, the listing, damaged files, the trash, the old autosave."""

from __future__ import annotations

import os
import unicodedata
from datetime import date
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from grimoire.core import events as ev
from grimoire.game import Game
from grimoire.simulate import random_answer, random_table
from grimoire.store import library
from grimoire.store.open_game import read_open, record_open
from grimoire.store.saves import backup_path, load_game, save_game

DAY = date(2026, 12, 1)


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):  # type: ignore[no-untyped-def]
    home = tmp_path / "home"
    monkeypatch.setenv("GRIMOIRE_HOME", str(home))
    return home


def night_one(seed: int = 3, title: str = "") -> Game:
    game = Game(random_table(8, seed=seed, script="phantom"))
    if title:
        import attrs

        game = Game(attrs.evolve(game.setup, title=title))
    game.apply(ev.StartNight())
    return game


def to_day_one(game: Game) -> Game:
    import random

    rng = random.Random(1)
    while game.prompt is not None:
        game.answer(random_answer(game.prompt, game, rng))
    return game


# --- names -----------------------------------------------------------------------------------------
def test_names_come_from_the_date_and_the_title() -> None:
    assert library.file_stem("Friday at Ann's", DAY) == "2026-12-01 Friday at Ann's"
    assert library.file_stem("a/b\\c:d", DAY) == "2026-12-01 a-b-c-d"
    assert library.file_stem("  ../../etc/passwd ", DAY) == "2026-12-01 -..-etc-passwd"
    assert library.file_stem("\x1b[31mred\nline\t", DAY) == "2026-12-01 [31mred line"
    assert library.file_stem("", DAY) == "2026-12-01 game"
    assert library.file_stem("...", DAY) == "2026-12-01 game"


def test_a_game_without_a_title_is_known_by_its_players() -> None:
    game = night_one()
    names = [s.name for s in game.setup.seats]
    assert library.game_title(game.setup) == f"{names[0]}, {names[1]}, {names[2]} +5"


@given(st.text(max_size=300))
def test_any_title_gives_a_safe_file_name(title: str) -> None:
    part = library.safe_title(title)
    assert part and part == part.strip()
    assert "/" not in part and "\\" not in part and "\x00" not in part
    assert not part.startswith(".")
    assert not any(unicodedata.category(c)[0] == "C" for c in part)
    assert len(part.encode("utf-8")) <= library.TITLE_BYTES


@given(st.lists(st.text(max_size=40), min_size=1, max_size=6))
def test_titles_of_any_text_give_distinct_files_and_never_overwrite(tmp_path_factory, titles) -> None:  # type: ignore[no-untyped-def]
    folder = tmp_path_factory.mktemp("games")
    made = []
    for i, title in enumerate(titles + titles):  # every title twice: the second clashes
        path = library.create_file(folder, library.file_stem(title, DAY), f"game {i}".encode())
        assert path.parent == folder and path.name.endswith(".toml")
        made.append(path)
    assert len(set(made)) == len(made)
    for i, path in enumerate(made):
        assert path.read_bytes() == f"game {i}".encode()  # nothing written over


def test_a_second_game_of_the_same_day_and_title_gets_its_own_file() -> None:
    first = library.create_game(night_one(title="Friday").setup, started=DAY)
    second = library.create_game(night_one(title="Friday").setup, started=DAY)
    assert first.name == "2026-12-01 Friday.toml"
    assert second.name == "2026-12-01 Friday (2).toml"
    # a name whose backup is left over is someone's: it is not taken either
    backup_path(first.with_name("2026-12-01 Friday (3).toml")).write_text("old")
    assert library.create_game(night_one(title="Friday").setup, started=DAY).name == "2026-12-01 Friday (4).toml"


def test_a_new_game_file_holds_the_game() -> None:
    game = night_one()
    path = library.create_game(game.setup, game.events)
    assert path.parent == library.games_dir()
    assert repr(load_game(path).state) == repr(game.state)


# --- the listing -------------------------------------------------------------------------------------
def test_the_listing_is_newest_first_and_says_where_each_game_stands() -> None:
    night = night_one(seed=3, title="Night game")
    day = to_day_one(night_one(seed=4, title="Day game"))
    a = library.create_game(night.setup, night.events, started=DAY)
    b = library.create_game(day.setup, day.events, started=DAY)
    os.utime(a, (1_000_000, 1_000_000))
    os.utime(b, (2_000_000, 2_000_000))
    entries = library.listing()
    assert [e.path for e in entries] == [b, a]
    assert [(e.title, e.players, e.stands) for e in entries] == [
        ("Day game", 8, "day 1"), ("Night game", 8, "night 1")]
    os.utime(a, (3_000_000, 3_000_000))  # a changes: it comes first
    assert [e.path for e in library.listing()] == [a, b]


def test_a_finished_game_says_who_won() -> None:
    import random

    from grimoire.simulate import play_random

    game = play_random(Game(random_table(7, seed=5, script="phantom")), random.Random(5), max_nights=99)
    assert game.state.winner is not None
    path = library.create_game(game.setup, game.events)
    [entry] = library.listing()
    assert entry.path == path and entry.stands == f"finished: {game.state.winner.value} won"


def test_a_damaged_file_is_listed_with_its_problem_and_never_touched() -> None:
    folder = library.games_dir()
    folder.mkdir(parents=True)
    bad = folder / "2026-11-30 broken.toml"
    bad.write_bytes(b"format = 1\n[setup\nbroken")
    newer = folder / "2026-11-30 newer.toml"
    newer.write_bytes(b"format = 99\n")
    good = night_one()
    library.create_game(good.setup, good.events)
    entries = {e.path.name: e for e in library.listing()}
    assert len(entries) == 3
    assert entries[bad.name].damaged and "damaged" in (entries[bad.name].problem or "")
    assert entries[newer.name].damaged and "newer Grimoire" in (entries[newer.name].problem or "")
    assert sum(not e.damaged for e in entries.values()) == 1
    assert bad.read_bytes() == b"format = 1\n[setup\nbroken" and newer.read_bytes() == b"format = 99\n"


def test_the_assistant_games_autosaves_backups_and_temporary_files_are_not_listed() -> None:
    folder = library.games_dir()
    folder.mkdir(parents=True)
    for name in ("maumau.toml", "mummy.toml", "voice.toml", "x.toml.bak", ".x.toml.123.tmp", "notes.txt"):
        (folder / name).write_text("game = 'maumau'\n")
    assert library.listing() == []


def test_a_file_changed_since_it_was_listed_is_read_again() -> None:
    game = night_one(title="Changing")
    path = library.create_game(game.setup, game.events)
    assert library.listing()[0].stands == "night 1"
    save_game(to_day_one(game), path)
    assert library.listing()[0].stands == "day 1"


# --- the trash ---------------------------------------------------------------------------------------
def test_delete_moves_to_the_trash_with_the_backup_and_restore_brings_it_back() -> None:
    game = night_one(title="Keep me")
    path = library.create_game(game.setup, game.events, started=DAY)
    save_game(to_day_one(game), path)  # now it has a backup
    data, bak = path.read_bytes(), backup_path(path).read_bytes()
    trashed = library.delete_game(path)
    assert trashed.parent == library.trash_dir()
    assert not path.exists() and not backup_path(path).exists()
    assert trashed.read_bytes() == data and backup_path(trashed).read_bytes() == bak
    assert library.listing() == []
    assert [e.path for e in library.trash_listing()] == [trashed]
    back = library.restore_game(trashed)
    assert back == path and back.read_bytes() == data and backup_path(back).read_bytes() == bak
    assert library.trash_listing() == []


def test_the_trash_never_overwrites_either() -> None:
    game = night_one(title="Twice")
    first = library.create_game(game.setup, game.events, started=DAY)
    t1 = library.delete_game(first)
    second = library.create_game(game.setup, game.events, started=DAY)
    assert second.name == first.name  # the name is free again once its file went
    t2 = library.delete_game(second)
    assert t1 != t2 and t1.exists() and t2.exists()
    # restoring next to a game of the same name keeps both
    third = library.create_game(game.setup, game.events, started=DAY)
    back = library.restore_game(t1)
    assert back != third and back.exists() and third.exists()


# --- the old single autosave ---------------------------------------------------------------------------
def test_the_old_autosave_moves_into_the_library_without_loss(home: Path) -> None:
    game = night_one(title="Old")
    old = home / "autosave.toml"
    save_game(game, old)
    save_game(to_day_one(game), old)
    data, bak = old.read_bytes(), backup_path(old).read_bytes()
    [moved] = library.migrate_autosave()
    assert moved.parent == library.games_dir() and moved.name.endswith(" Old.toml")
    assert moved.read_bytes() == data and backup_path(moved).read_bytes() == bak
    assert not old.exists() and not backup_path(old).exists()
    assert library.migrate_autosave() == []  # once only
    assert [e.path for e in library.listing()] == [moved]


def test_a_damaged_old_autosave_moves_bytes_and_all_and_is_listed_damaged(home: Path) -> None:
    home.mkdir()
    (home / "autosave.toml").write_bytes(b"\xff\xfe not a save")
    [moved] = library.migrate_autosave()
    assert moved.read_bytes() == b"\xff\xfe not a save"
    [entry] = library.listing()
    assert entry.damaged and "UTF-8" in (entry.problem or "")


def test_the_move_never_overwrites_and_a_half_done_move_is_finished(home: Path) -> None:
    game = night_one(title="Old")
    old = home / "autosave.toml"
    save_game(game, old)
    started = date.fromtimestamp(old.stat().st_mtime)
    taken = library.games_dir() / f"{library.file_stem('Old', started)}.toml"
    taken.parent.mkdir(parents=True)
    taken.write_text("another game")
    [moved] = library.migrate_autosave()
    assert moved != taken and taken.read_text() == "another game"
    # a start stopped after the copy and before the old name went: the twin is recognised
    os.link(moved, old)
    assert library.migrate_autosave() == [moved]
    assert not old.exists() and len(library.listing()) == 2


def test_only_a_backup_left_is_moved_as_the_game(home: Path) -> None:
    game = night_one(title="Old")
    home.mkdir()
    save_game(game, home / "autosave.toml.bak", backup=False)
    [moved] = library.migrate_autosave()
    assert repr(load_game(moved).state) == repr(game.state)


# --- which game is open ----------------------------------------------------------------------------------
def test_the_open_game_pointer(home: Path) -> None:
    assert read_open() is None
    record_open(home / "games" / "a.toml")
    opened = read_open()
    assert opened is not None and opened.path == (home / "games" / "a.toml").resolve() and not opened.rehearsal
    record_open(home / "rehearsal.toml", rehearsal=True)
    opened = read_open()
    assert opened is not None and opened.path.name == "rehearsal.toml" and opened.rehearsal
