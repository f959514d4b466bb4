"""A widget's line drawn from its content's segments is the line ``Visual.to_strips`` draws
(but for the offsets it marks for mouse selection, which these widgets do not use)."""

from __future__ import annotations

import gc
import random

from textual.app import App, ComposeResult
from textual.content import Content
from textual.strip import Strip
from textual.visual import Visual
from textual.widget import Widget

from grimoire.core import events as ev
from grimoire.simulate import random_answer
from grimoire.tui.support.text import log_text, prompt_text, sheet_text
from grimoire.tui.support.view import esc, seat_text, seat_views
from grimoire.tui.widgets.drawn import drawn_lines, fitted

from .helpers import first_night

NASTY = ["[bold]Bob[/]", "x[/]y", "back\\", "wide 漢字 ✔ ▶", "", "  lead and trail  "]


def cells(strips: list[Strip]) -> list[list[tuple[str, object]]]:
    """Each cell's character and style (a wide character's second cell is its own)."""
    out = []
    for strip in strips:
        row = []
        for segment in strip:
            style = segment.style.copy() if segment.style else None
            if style is not None:
                style._meta = None  # the selection offsets: left out of the comparison
                style._hash = None
            row += [(char, style) for char in segment.text]
        out.append(row)
    return out


class Lines(App[None]):
    def compose(self) -> ComposeResult:
        yield Widget(id="plain")


async def test_every_line_of_a_night_draws_as_textual_draws_it() -> None:
    game = first_night(players=12, seed=3)
    game.apply(ev.WriteNote(0, "[bold]Bob[/] said x[/]y"))
    markups: list[str] = [*map(esc, NASTY), "[b $accent]▶ Claque[/]", "[reverse] DRUNK [/reverse]"]
    while game.prompt is not None and len(markups) < 400:
        markups += prompt_text(game, game.prompt, [], None, "", 47, []).split("\n")
        markups += sheet_text(game).split("\n") + log_text(game).split("\n")
        for view in seat_views(game.rules, game.state):
            markups += seat_text(view, 16).split("\n")
        game.answer(random_answer(game.prompt, game, random.Random(len(markups))))
    app = Lines()
    async with app.run_test():
        widget = app.query_one("#plain")
        style = widget.visual_style
        fast = 0
        for markup in markups:
            content = Content.from_markup(markup)
            for width, pad in ((47, False), (16, True), (200, False)):
                want = Visual.to_strips(widget, content, width, None, style, pad=pad)
                got = drawn_lines(widget, content, width, style, pad=pad)
                assert cells(got) == cells(want), f"{markup!r} at {width}"
                assert [s.cell_length for s in got] == [s.cell_length for s in want]
                fast += content.cell_length <= width
        assert fast > len(markups)  # most lines fit, so the quick way was the one compared


def test_a_line_fitted_to_its_width_is_what_crop_extend_makes_and_keeps_no_cycle() -> None:
    from rich.segment import Segment
    from rich.style import Style

    pad = Style(bgcolor="red")
    for text in ("", "ab", "abcdef", "漢字x", "abcdefghij"):
        strip = Strip([Segment(text)])
        for width in (0, 2, 6, 8):
            got = fitted(strip, width, pad)
            want = Strip([Segment(text)]).crop_extend(0, width, pad)
            assert got.cell_length == width and cells([got]) == cells([want]), (text, width)
    exact = Strip([Segment("abcdef")])
    assert fitted(exact, 6, pad) is exact
    # Not kept in its own cache: gone once unused, without waiting for the collector.
    gc.disable()
    try:
        line = Strip([Segment("abcdef")])
        fitted(line, 6, pad)
        left = id(line)
        del line
        assert not any(id(o) == left for o in gc.get_objects() if type(o) is Strip)
    finally:
        gc.enable()
