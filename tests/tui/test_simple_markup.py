"""The simplest lines of markup, read without Textual's parser, are the content Textual reads
from them: the same words, the same styles over the same letters, drawn the same; any other
line is Textual's to read."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st
from textual.content import Content
from textual.markup import MarkupError
from textual.style import Style

from grimoire.game import Game
from grimoire.simulate import benchmark_game
from grimoire.tui.support.text import log_text, prompt_text, sheet_text
from grimoire.tui.support.view import seat_text, seat_views
from grimoire.tui.widgets.simple_markup import _simple, read_markup

PIECES = ["[b]", "[/b]", "[dim]", "[/dim]", "[/]", "[reverse]", "[/reverse]", "[b reverse]", "[i]", "[/i]",
          "[bold]", "[/bold]", "[italic]", "[u]", "[/u]", "[underline]", "[s]", "[/s]", "[strike]", "[/strike]",
          "[", "]", "[1]", "[ b]", "[b ]", "[$warning]", "\\[", "☠", "—", "Ann", " ", "x", "[link=x]", "[/link]"]


def same(markup: str) -> None:
    mine = _simple(markup)
    try:
        theirs = Content.from_markup(markup)
    except MarkupError:
        assert mine is None, markup  # a line Textual refuses is never read here
        return
    if mine is None:
        return  # Textual's to read
    assert (mine.plain, mine.spans) == (theirs.plain, theirs.spans), markup
    base = Style(foreground=None)
    assert list(mine.render_segments(base)) == list(theirs.render_segments(base)), markup
    assert read_markup(markup).plain == theirs.plain


@given(st.lists(st.sampled_from(PIECES), max_size=12))
def test_any_mix_of_tags_and_words(pieces: list[str]) -> None:
    same("".join(pieces))


def test_the_simplest_lines_are_read_here() -> None:
    for markup in (" ✗ [dim]Meg[/dim] [dim]skipped[/dim] [dim]— not in play[/dim]", " ▶ [b]Dusk[/b] [dim]next[/dim]",
                   "[reverse]DRUNK POISON[/reverse]", "[b]1 Ann ☠[/b]", "[b]x[/]", "plain words"):
        assert _simple(markup) is not None, markup
        same(markup)
    for markup in ("[b]a[dim]b[/dim][/b]", "[b]open", "[b reverse $warning] REHEARSAL [/]", "\\[b] as typed"):
        assert _simple(markup) is None, markup  # nested, left open, a variable, an escape


def test_every_line_the_walker_draws_in_random_games() -> None:
    read_here = 0
    checked: set[str] = set()  # most lines are the same from one step to the next
    for seed in (1, 7):
        played = benchmark_game(seed, "phantom")
        game = Game(played.setup)
        for event in played.events[:100]:  # the first nights, step by step
            game.apply(event)
            texts = [sheet_text(game), log_text(game)] if game.prompt is not None else [log_text(game)]
            if game.prompt is not None:
                texts.append(prompt_text(game, game.prompt, [], None, "", 60, []))
            texts += [seat_text(v, 20) for v in seat_views(game.rules, game.state)]
            for text in texts:
                for line in set(text.split("\n")) - checked:
                    checked.add(line)
                    same(line)
                    read_here += _simple(line) is not None
    assert read_here > 0.8 * len(checked), (read_here, len(checked))  # most of the lines are of the simplest kind
