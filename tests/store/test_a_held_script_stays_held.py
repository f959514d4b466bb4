"""A save holds its script file (its text, sha256 and path): reopened and saved again, and
again, it still does. A game whose script was known by its content once it was reopened used to
be saved as a bare ``sha256:…`` with no text, which no later start could open."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from grimoire.core import script as scripts
from grimoire.core.script import is_builtin
from grimoire.game import Game, SeatSetup, TableSetup
from grimoire.store.saves import load_game, save_game

CARNIVAL = Path(__file__).resolve().parents[1] / "anyscript" / "scripts" / "carnival.json"


def forget_scripts(monkeypatch: pytest.MonkeyPatch) -> None:
    """As a new process: no script loaded yet."""
    monkeypatch.setattr(scripts, "_CACHE", {})


def test_a_content_key_is_no_built_in_script() -> None:
    assert not is_builtin("sha256:" + "0" * 64)
    assert is_builtin("phantom")


def test_a_script_file_stays_held_across_saves_and_starts(tmp_path, monkeypatch) -> None:
    own = tmp_path / "carnival.json"
    shutil.copy(CARNIVAL, own)
    names = ["Ann", "Ben", "Cat", "Dan", "Eve"]
    chars = ["juggler", "acrobat", "trapeze", "ringmaster", "lionmaw"]
    game = Game(TableSetup(seats=[SeatSetup(n, c) for n, c in zip(names, chars, strict=True)], script=str(own)))
    save = tmp_path / "game.toml"
    save_game(game, save)
    for _ in range(3):  # reopened and saved, as each start of the grimoire does
        forget_scripts(monkeypatch)
        again = load_game(save)
        save_game(again, save)
        assert "[script_file]" in save.read_text(encoding="utf-8")
    own.unlink()  # the file gone: the save still holds it
    forget_scripts(monkeypatch)
    assert load_game(save).script.name == "Carnival"


def test_a_save_that_lost_its_script_opens_with_the_remembered_file(tmp_path, monkeypatch) -> None:
    from grimoire.core.script import content_key
    from grimoire.store.recent_scripts import remember_script
    from grimoire.store.saves import SaveError

    text = CARNIVAL.read_text(encoding="utf-8")
    save = tmp_path / "game.toml"
    save.write_text(f'format = 2\nscript = "{content_key(text)}"\nevents = []\n\n[setup]\n'
                    'seats = [{name = "Ann", character = "juggler"}, {name = "Ben", character = "acrobat"}, '
                    '{name = "Cat", character = "trapeze"}, {name = "Dan", character = "ringmaster"}, '
                    '{name = "Eve", character = "lionmaw"}]\n', encoding="utf-8")
    forget_scripts(monkeypatch)
    with pytest.raises(SaveError, match="set up a new game with that script file once") as caught:
        load_game(save)
    assert str(save) in str(caught.value)
    own = tmp_path / "carnival.json"
    shutil.copy(CARNIVAL, own)
    remember_script(own)
    forget_scripts(monkeypatch)
    again = load_game(save)
    assert again.script.name == "Carnival"
    save_game(again, save)
    assert "[script_file]" in save.read_text(encoding="utf-8")
