"""The script's own rules (``_meta.bootlegger``), wherever the storyteller reads the script:
the night sheets and the exports here; the setup screen and the grimoire's help in tests/tui."""

from __future__ import annotations

from grimoire.cli import main
from grimoire.present.export import to_html, to_markdown
from tests.anyscript.test_duplicates import CARNIVAL, carnival_game

RULE = "The [b]Ringmaster[/b] may not <i>nominate</i> on day 1."


def test_the_sheets_print_the_scripts_rules(capsys, tmp_path) -> None:
    assert main(["sheet", "--script", str(CARNIVAL), "--characters", "juggler", "--first"]) == 0
    out = capsys.readouterr().out
    assert "The script's own rules:" in out and RULE in out and "Clowns may talk at night." in out
    from grimoire.store.saves import save_game

    path = save_game(carnival_game(), tmp_path / "g.toml")
    assert main(["sheet", str(path)]) == 0
    assert RULE in capsys.readouterr().out


def test_the_exports_give_them_escaped() -> None:
    game = carnival_game()
    assert "The \\[b\\]Ringmaster\\[/b\\] may not &lt;i&gt;nominate&lt;/i&gt; on day 1." in to_markdown(game)
    page = to_html(game)
    assert "may not &lt;i&gt;nominate&lt;/i&gt;" in page and "<i>nominate" not in page


def test_a_scripts_whole_sheet_without_characters(capsys) -> None:
    assert main(["sheet", "--script", str(CARNIVAL), "--first"]) == 0
    out = capsys.readouterr().out
    assert "Carnival — first night" in out and "other nights" not in out
    for step in ("Minion Info", "Pickpocket", "Trapeze Artist", "Cradlewyrm", "Juggler", "Clown", "Patron"):
        assert f"[ ] {step}" in out, step
    assert "Cradlewyrm & Clown: A Clown who chooses" in out  # every jinx of the script
