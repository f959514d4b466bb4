"""The Mummy's commands file: the shipped set, a group's own file, and bad files."""

from __future__ import annotations

from pathlib import Path

import pytest

from grimoire.games.voice.commands import (
    CommandFileError,
    Effect,
    bundled_commands,
    count_by_effect,
    default_commands,
    load_commands_file,
    parse_commands,
    user_commands_path,
)


def test_bundled_set_has_several_commands_per_effect() -> None:
    commands = bundled_commands()
    counts = count_by_effect(commands)
    assert all(count >= 3 for count in counts.values()), counts
    assert len({c.text for c in commands}) == len(commands)
    spells = [c for c in commands if c.effect is Effect.RECEIVE_SPELL]
    assert all(c.parts == {2} for c in spells)
    for part in (1, 2):
        assert any(part in c.parts for c in commands if c.effect is Effect.MOVE_UP)


def test_bundled_texts_are_not_the_known_record_quotes() -> None:
    # The record's messages are not ours to ship: the known ones must not appear verbatim.
    known = ["slimy snails of Arro", "lost souls whispering", "unholy snakes of Amon", "poisoned well"]
    texts = " ".join(c.text for c in bundled_commands())
    assert not [k for k in known if k in texts]


def test_group_file_replaces_the_bundled_set(tmp_path: Path) -> None:
    folder = tmp_path / "grimoire"
    folder.mkdir()
    (folder / "voice-commands.toml").write_text(
        '[[command]]\ntext = "Go   up!"\neffect = "move_up"\nparts = [1]\nweight = 3\n',
        encoding="utf-8",
    )
    commands, source = default_commands({"XDG_CONFIG_HOME": str(tmp_path)})
    assert source == str(folder / "voice-commands.toml")
    assert [(c.text, c.effect, c.parts, c.weight) for c in commands] == [
        ("Go up!", Effect.MOVE_UP, frozenset({1}), 3)
    ]


def test_without_a_group_file_the_bundled_set_is_used(tmp_path: Path) -> None:
    commands, source = default_commands({"XDG_CONFIG_HOME": str(tmp_path)})
    assert commands == bundled_commands() and source == "the bundled commands"
    assert user_commands_path({"XDG_CONFIG_HOME": "/x"}) == Path("/x/grimoire/voice-commands.toml")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("not toml [", "not valid TOML"),
        ("title = 'x'", "at least one"),
        ('[[command]]\neffect = "move_up"', "'text'"),
        ('[[command]]\ntext = "x"\neffect = "fly"', "'effect' must be one of"),
        ('[[command]]\ntext = "x"\neffect = "move_up"\nparts = [3]', "'parts'"),
        ('[[command]]\ntext = "x"\neffect = "move_up"\nweight = 0', "'weight'"),
        ('[[command]]\ntext = "x"\neffect = "move_up"\nvolume = 11', "unknown key"),
    ],
)
def test_bad_files_say_what_is_wrong(text: str, message: str) -> None:
    with pytest.raises(CommandFileError, match=message) as err:
        parse_commands(text, "mine.toml")
    assert str(err.value).startswith("mine.toml")


def test_missing_file_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(CommandFileError, match="cannot be read"):
        load_commands_file(tmp_path / "nope.toml")
