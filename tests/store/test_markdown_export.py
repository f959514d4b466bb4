"""The Markdown session log shows every name, title and note as written: no HTML, no links, no
emphasis, and one table row per seat, whatever the players are called."""

from __future__ import annotations

import html
import random
import re

import attrs
from hypothesis import given, settings
from hypothesis import strategies as st
from markdown_it import MarkdownIt

from grimoire.core import events as ev
from grimoire.game import Game
from grimoire.present.export import to_html, to_markdown
from grimoire.simulate import play_random, random_table

NAMES = [
    "<script>alert(1)</script>",
    "<img src=x onerror=alert(1)>",
    "[x](http://evil.example)",
    "A\nnn",
    "G|H",
    "*bold* _it_ `code` ~~gone~~",
    "# Heading",
    "- item",
    "1. first",
    "&lt;b&gt; &amp;",
    "back\\slash\\",
    "![img](x.png)",
]
# CommonMark with GitHub's tables and strikethrough: how the story is read when it is posted.
MARKDOWN = MarkdownIt("commonmark").enable(["table", "strikethrough"])
TAGS = re.compile(r"<(/?)([a-z0-9]+)")


def game_named(names: list[str], note: str = "", seed: int = 2) -> Game:
    setup = random_table(max(len(names), 7), seed=seed, script="phantom")
    seats = tuple(attrs.evolve(s, name=n) for s, n in zip(setup.seats, names)) + setup.seats[len(names):]
    game = Game(attrs.evolve(setup, seats=seats, title="<b>Night</b> [of](x) *the* #1"))
    play_random(game, random.Random(seed), max_nights=1)
    if note and game.state.winner is None:
        game.apply(ev.WriteNote(0, note))
    return game


def rendered_tables(md: str) -> list[list[list[str]]]:
    """Each table of the rendered page: its rows (the header's too), each row its cells' text."""
    page = MARKDOWN.render(md)
    tables = []
    for table in re.findall(r"<table>(.*?)</table>", page, re.S):
        rows = []
        for row in re.findall(r"<tr>(.*?)</tr>", table, re.S):
            rows.append([html.unescape(c) for c in re.findall(r"<t[hd]>(.*?)</t[hd]>", row, re.S)])
        tables.append(rows)
    return tables


def check(game: Game, expected=lambda name: name.replace("\n", "\\n")) -> None:  # type: ignore[no-untyped-def]
    md = to_markdown(game)
    page = MARKDOWN.render(md)
    tags = {name for _, name in TAGS.findall(page)}
    # Only the story's own structure: headings, lists, paragraphs, tables, its one emphasis.
    assert tags <= {"h1", "h2", "p", "ul", "li", "em", "strong", "table", "thead", "tbody", "tr", "th", "td"}, tags
    assert page.count("<em>") == 1  # the note about secrets, and nothing a player is called
    assert "<h1>" in page and page.count("<h1>") == 1
    seats = game.setup.seats
    for table in rendered_tables(md):
        assert len(table) == 1 + len(seats)
        assert all(len(row) == 5 for row in table)
        assert [row[1] for row in table[1:]] == [expected(s.name.strip()) for s in seats]


def test_the_markdown_export_shows_hostile_names_as_written() -> None:
    check(game_named(NAMES, note="*see* <u>this</u> [x](y)"))


def test_no_raw_html_reaches_the_markdown_at_all() -> None:
    md = to_markdown(game_named(NAMES))
    assert "<" not in md and ">" not in md.replace("→", "")


def test_the_title_and_notes_are_escaped_too() -> None:
    game = game_named(NAMES, note="*see* <u>this</u> [x](y)")
    md = to_markdown(game)
    page = MARKDOWN.render(md)
    assert "<h1>&lt;b&gt;Night&lt;/b&gt; [of](x) *the* #1</h1>" in page
    if game.state.note(0) is not None:
        assert "*see* &lt;u&gt;this&lt;/u&gt; [x](y)" in page


@settings(max_examples=25 if settings.default.max_examples <= 100 else 500)  # each plays a night
@given(st.lists(st.text(st.one_of(st.characters(), st.sampled_from("<>&[]()*_`~#|\\!-+.1\n")), min_size=1, max_size=12).filter(str.strip),
                min_size=7, max_size=7, unique_by=lambda n: n.strip().casefold()))
def test_any_names_keep_the_table_whole(names: list[str]) -> None:
    from grimoire.core.freetext import printable

    check(game_named(names), expected=printable)


def test_the_html_export_escapes_everything() -> None:
    page = to_html(game_named(NAMES, note="<script>x</script>"))
    tags = {name for _, name in TAGS.findall(page)}
    assert "script" not in tags and "img" not in tags and "a" not in tags and "u" not in tags
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert "A\\nnn" in page
