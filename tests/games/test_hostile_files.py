"""Files people write for the games (an autosave edited by hand, a commands file, a Characters
file) are refused, naming the place and the character, when a text in them holds a character
that acts on a terminal or hides how it reads. Markup in them is only words."""

from __future__ import annotations

from pathlib import Path

import pytest
import tomli_w

from grimoire.games import persist
from grimoire.games.maumau import characters
from grimoire.games.maumau import rules as maumau_rules
from grimoire.games.maumau import save as maumau_save
from grimoire.games.mummy import rules as mummy_rules
from grimoire.games.mummy import save as mummy_save
from grimoire.games.voice import rules as voice_rules
from grimoire.games.voice import save as voice_save
from grimoire.games.voice.commands import CommandFileError, Effect, MummyCommand, parse_commands

from .helpers import write_autosave

ESC_NAME = "C\x1b[2JD"


def mummy_party(players: tuple[str, ...]) -> mummy_save.Party:
    dealt = ("mummy", "phantom", "sarcophagus", "archeologist")
    mystery = ("gargoyle", "sasquatch")
    setup = mummy_rules.MasqueradeSetup(players, dealt + mystery, mystery, dealt)
    return mummy_save.Party(mummy_rules.MasqueradeGame(setup, turn=0))


def written(key: str, data: dict) -> Path:  # type: ignore[type-arg]
    return write_autosave(key, tomli_w.dumps({"game": key, **data}).encode("utf-8"))


def test_a_mummy_autosave_with_a_control_character_in_a_name_is_refused() -> None:
    path = written("mummy", mummy_save.to_dict(mummy_party(("Ann", ESC_NAME, "Cy", "Di"))))
    before = path.read_bytes()
    with pytest.raises(persist.GameSaveError) as caught:
        persist.load("mummy", mummy_save.FORMAT, mummy_save.from_dict)
    assert "players: the name" in caught.value.problem and "\\x1b" in caught.value.problem
    assert "control character" in caught.value.problem
    assert path.read_bytes() == before  # untouched


def test_markup_in_a_mummy_autosave_is_only_words() -> None:
    party = mummy_party(("x[/]y", "[bold]Bob[/]", "<script>", "[red]Zed"))
    written("mummy", mummy_save.to_dict(party))
    assert persist.load("mummy", mummy_save.FORMAT, mummy_save.from_dict).game.setup.players == party.game.setup.players


def test_a_mummy_guest_of_another_set_with_a_bidi_override_is_refused() -> None:
    data = mummy_save.to_dict(mummy_party(("Ann", "Ben", "Cy", "Di")))
    data["guests"] = [{"id": "dracula", "name": "Drac\u202eula", "set": "New Blood"}]
    written("mummy", data)
    with pytest.raises(persist.GameSaveError, match="text-direction control"):
        persist.load("mummy", mummy_save.FORMAT, mummy_save.from_dict)


def test_a_mau_mau_autosave_with_a_control_character_is_refused() -> None:
    game = maumau_rules.new_game(("Ann", "Ben"), 3)
    data = maumau_save.to_dict(game)
    data["players"] = ["Ann", "B\x07en"]
    written("maumau", data)
    with pytest.raises(persist.GameSaveError, match=r"players: the name .*\\x07"):
        persist.load("maumau", maumau_save.FORMAT, maumau_save.from_dict)
    data["players"] = ["Ann", "Ben"]
    data["characters"] = ["Igor\x1b]0;x\x07", ""]
    written("maumau", data)
    with pytest.raises(persist.GameSaveError, match="characters: the name"):
        persist.load("maumau", maumau_save.FORMAT, maumau_save.from_dict)


def test_a_voice_autosave_with_a_control_character_in_a_command_is_refused() -> None:
    tomb = voice_rules.new_tomb(("red", "blue"))
    data = voice_save.to_dict(tomb)
    data["last_command"] = {"text": "Up\x1b[2J", "effect": "move_up", "parts": [1, 2], "weight": 1}
    written("voice", data)
    with pytest.raises(persist.GameSaveError, match=r"last_command.text .*\\x1b"):
        persist.load("voice", voice_save.FORMAT, voice_save.from_dict)


def test_a_commands_file_with_a_control_character_is_refused_naming_the_command() -> None:
    text = '[[command]]\ntext = "Up!"\neffect = "move_up"\n\n[[command]]\ntext = "Down\\u001b[2J"\neffect = "move_down"\n'
    with pytest.raises(CommandFileError) as caught:
        parse_commands(text, "ours.toml")
    message = str(caught.value)
    assert message.startswith("ours.toml: command #2: the text") and "\\x1b" in message
    # Markup is only words; line breaks in a text are spaces.
    said = parse_commands('[[command]]\ntext = "The [/] of [red]Amon,\\nbeware"\neffect = "no_effect"\n')
    assert said == (MummyCommand("The [/] of [red]Amon, beware", Effect.NO_EFFECT),)


def test_a_characters_file_with_a_control_character_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "roster.toml"
    path.write_text(
        '[[character]]\nname = "Igor\\u001b[31m"\nability = 8\nday_symbols = ["axe", "meat"]\n'
        'vampire_symbol = "skull"\nvampire_colour = "red"\n', encoding="utf-8")
    with pytest.raises(maumau_rules.RuleError) as caught:
        characters.load(path)
    assert str(caught.value).startswith(f"{path}: A Character's name:") and "\\x1b" in str(caught.value)
