"""Where Grimoire keeps its files: a private home (GRIMOIRE_HOME) holds all of them, the group's
own files (the Mau Mau roster, Voice of the Mummy's commands) included."""

from __future__ import annotations

from pathlib import Path

from grimoire.games.maumau import characters
from grimoire.games.voice.commands import user_commands_path
from grimoire.store.paths import config_dir, data_dir


def test_a_private_home_holds_the_groups_own_files(monkeypatch, tmp_path: Path) -> None:
    monkeypatch.setenv("GRIMOIRE_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    assert config_dir() == data_dir() == tmp_path / "home"
    assert characters.default_path() == tmp_path / "home" / "maumau-characters.toml"
    assert user_commands_path() == tmp_path / "home" / "voice-commands.toml"


def test_without_a_private_home_the_config_folder_is_xdgs(monkeypatch, tmp_path: Path) -> None:
    monkeypatch.delenv("GRIMOIRE_HOME", raising=False)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    assert characters.default_path() == tmp_path / "config" / "grimoire" / "maumau-characters.toml"
    monkeypatch.delenv("XDG_CONFIG_HOME")
    monkeypatch.setenv("HOME", str(tmp_path))
    assert config_dir() == tmp_path / ".config" / "grimoire"


def test_the_data_folder_follows_the_environment_it_is_asked_in(monkeypatch, tmp_path: Path) -> None:
    # The folder is made once for an environment (it is asked at every step): a changed
    # environment is another folder, at once, and back again.
    from grimoire.store.paths import official_data_path

    monkeypatch.setenv("GRIMOIRE_HOME", str(tmp_path / "one"))
    assert official_data_path() == tmp_path / "one" / "official-data.json"
    monkeypatch.setenv("GRIMOIRE_HOME", str(tmp_path / "two"))
    assert data_dir() == tmp_path / "two"
    assert official_data_path() == tmp_path / "two" / "official-data.json"
    monkeypatch.delenv("GRIMOIRE_HOME")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert data_dir() == tmp_path / "xdg" / "grimoire"
    monkeypatch.delenv("XDG_DATA_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "user"))
    assert data_dir() == tmp_path / "user" / ".local" / "share" / "grimoire"
    monkeypatch.setenv("GRIMOIRE_HOME", str(tmp_path / "one"))
    assert data_dir() == tmp_path / "one"
