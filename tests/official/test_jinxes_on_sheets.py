"""The jinxes in play (or the script's, for a script's sheet) on the night sheets and in the
exports' setup section, as the setup screen and the night steps have them."""

from __future__ import annotations

from grimoire.cli import main
from grimoire.present.export import to_html, to_markdown
from grimoire.store.saves import save_game
from tests.anyscript.test_storyteller_rules import lantern_game

from .conftest import LANTERN

OWN = "Tidecaller & Gloomwyrm: The Gloomwyrm may not kill the Tidecaller on a HIGH night."


def test_a_games_sheet_gives_the_jinxes_in_play(official, tmp_path, capsys) -> None:
    path = save_game(lantern_game(), tmp_path / "g.toml")
    assert main(["sheet", str(path)]) == 0
    out = capsys.readouterr().out
    assert "Jinxes:" in out and OWN in out
    assert "Forger" not in out  # not in play: its jinx is not this table's


def test_a_characters_sheet_gives_their_jinxes(official, capsys) -> None:
    assert main(["sheet", "--script", str(LANTERN), "--characters", "forger,lanternkeeper", "--other"]) == 0
    out = capsys.readouterr().out
    assert "Forger & Lantern Keeper: The Forger cannot move a LIT token." in out and "Tidecaller &" not in out


def test_the_exports_setup_section_gives_them(official) -> None:
    game = lantern_game()
    written = "Jinx: " + OWN.replace("&", "&amp;")  # both escape what HTML would read
    assert written in to_markdown(game) and written in to_html(game)
