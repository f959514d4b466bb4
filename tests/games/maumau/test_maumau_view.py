"""Mau Mau's views with names of wide characters: columns and bars are sized in cells."""

from __future__ import annotations

from rich.cells import cell_len
from rich.console import Console

from grimoire.games.maumau import rules
from grimoire.games.maumau.view import score_sheet, table_view


def drawn(renderable: object, width: int = 100) -> list[str]:
    console = Console(width=width, record=True, color_system=None)
    console.print(renderable)
    return console.export_text().splitlines()


def test_a_wide_name_shows_whole_in_the_table_and_its_bar_lines_up() -> None:
    game = rules.new_game(["[b]", "[/]", "[b]李"], 3)
    table = "\n".join(drawn(table_view(game, {})))
    assert "[b]李" in table, table
    bars = [line for line in drawn(score_sheet(game)) if line.rstrip().endswith(" 0")][-3:]
    assert [line.split(" 0")[0].rstrip() for line in bars] == ["[b]", "[/]", "[b]李"], bars
    assert len({cell_len(line.rstrip()) for line in bars}) == 1, bars  # the totals line up


def test_the_rules_page_says_the_card_just_drawn_may_be_played():
    from grimoire.games.maumau.screen import RULES_TEXT

    assert "you may play the card you have just drawn. Your turn then ends." in RULES_TEXT
