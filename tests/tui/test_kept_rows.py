"""The widgets that hand their own rows to the screen (``KeptRows``) show exactly what
Textual's own drawing of them shows, whole or cropped; given a border or padding, they are
drawn by Textual."""

from __future__ import annotations

import pytest
from textual.geometry import Region
from textual.widget import Widget

from grimoire.tui.app import GrimoireApp
from grimoire.tui.widgets.column_rule import ColumnRule
from grimoire.tui.widgets.kept_rows import KeptRows, drawn_by_textual
from grimoire.tui.widgets.keys import KeysFooter
from grimoire.tui.widgets.seats import SeatCircle
from grimoire.tui.widgets.side import SidePanel

from .helpers import first_night, settle


def cells(strips):  # type: ignore[no-untyped-def]
    return [[(segment.text, segment.style) for segment in strip] for strip in strips]


def same_as_textual(widget: Widget) -> None:
    width, height = widget.size
    top = 1 if height > 2 else 0
    left = 2 if width > 5 else 0  # the column's rule is one cell wide
    for crop in (Region(0, 0, width, height), Region(left, top, max(1, width - 5), height - 2 * top)):
        mine = widget.render_lines(crop)
        widget._styles_cache.clear()  # Textual's drawing, from scratch
        theirs = Widget.render_lines(widget, crop)
        assert [s.text for s in mine] == [s.text for s in theirs], (widget, crop)
        assert cells(mine) == cells(theirs), (widget, crop)


@pytest.mark.parametrize("size", [(140, 45), (80, 24)], ids=["140x45", "80x24"])
async def test_kept_rows_are_what_textual_draws(size: tuple[int, int]) -> None:
    app = GrimoireApp(game=first_night(players=12, seed=5))
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        widgets = [*app.screen.query(SidePanel), *app.screen.query(SeatCircle), *app.screen.query(KeysFooter),
                   *app.screen.query(ColumnRule), app.screen]  # the screen's own rows, under them all
        assert len(widgets) == 6 and all(isinstance(w, KeptRows) for w in widgets)
        for widget in widgets:
            assert not drawn_by_textual(widget), widget  # no border, padding or tint in the app's CSS
            same_as_textual(widget)
        log = app.screen.query_one("#log", SidePanel)
        assert log.render_line(0).text == "─" * log.size.width  # its line at the top is its own
        circle = app.screen.query_one(SeatCircle)
        circle.styles.padding = (1, 2)
        circle.styles.border = ("round", "red")
        await settle(pilot)
        assert drawn_by_textual(circle)
        crop = Region(0, 0, *circle.outer_size)
        assert circle.render_lines(crop)[0].text.startswith("╭")  # Textual drew its border


async def test_a_new_theme_is_drawn_as_textual_draws_it() -> None:
    # What a widget's styles make of its rows (its background, whether Textual draws it) is
    # kept until they change: a new theme changes them all.
    app = GrimoireApp(game=first_night(players=12, seed=5))
    async with app.run_test(size=(140, 45)) as pilot:
        await settle(pilot)
        widgets = [*app.screen.query(SidePanel), *app.screen.query(SeatCircle), *app.screen.query(KeysFooter),
                   *app.screen.query(ColumnRule), app.screen]
        before = [widget.render_lines(Region(0, 0, *widget.size)) for widget in widgets]
        app.theme = "textual-light"
        await settle(pilot)
        for widget, old in zip(widgets, before):
            same_as_textual(widget)
            assert cells(widget.render_lines(Region(0, 0, *widget.size))) != cells(old), widget


async def test_a_panels_rows_are_the_same_strips_from_one_frame_to_the_next() -> None:
    """Its blank rows included: each was drawn anew at every frame (then copied through the
    colour filter and cut by the screen), the log's empty rows at most steps."""
    app = GrimoireApp(game=first_night(players=12, seed=5))
    async with app.run_test(size=(140, 45)) as pilot:
        await settle(pilot)
        for panel in app.screen.query(SidePanel):
            crop = Region(0, 0, *panel.size)
            first, again = panel.render_lines(crop), panel.render_lines(crop)
            assert len(first) == panel.size.height
            assert all(a is b for a, b in zip(first, again)), panel
        log = app.screen.query_one("#log", SidePanel)
        assert log.kept_rows()[-1].text.strip() == ""  # the first night's log leaves rows blank
