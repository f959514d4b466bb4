"""What "every command can open it" means, without running the terminal UI.

A saved game opens when each command that reads it gets through without an exception:
``play`` (the grimoire screen's view models, the seat cards, the pickers, and the file it
writes back), ``export`` (Markdown, JSON, HTML), ``sheet`` (tonight's, and each past night's),
the town square's public view, and the library's listing. Whatever is printed must be UTF-8.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

from grimoire.core.public import circle_lines, public_view, summary_lines
from grimoire.core.script import Script
from grimoire.game import Game
from grimoire.present.card import seat_card
from grimoire.present.export import FORMATS
from grimoire.present.sheet import at_dusk, coming_night, game_sheet, render_sheet
from grimoire.store.library import read_entry
from grimoire.store.saves import RecordWriter, game_from_dict, load_game
from grimoire.tui.support import text
from grimoire.tui.support.view import choice_items, pair_option_items, seat_views, title_line, token_choices

# The seat circle styles a seat by its team: these are the teams it has a colour for.
SEAT_TEAMS = {"townsfolk", "outsider", "minion", "demon", "traveller"}


def printed(text_out: str) -> str:
    """What a command prints: it must be UTF-8 (a lone surrogate is not)."""
    text_out.encode("utf-8")
    return text_out


def opens_everywhere(path: Path) -> Game:
    """Open a saved game the way every command does; any exception is a failure."""
    game = load_game(path)
    play(game)
    for fmt in FORMATS.values():
        printed(fmt(game))
    printed(game_sheet(game, coming_night(game), "now", when="Now"))
    nights = sum(1 for e in game.events if e.kind == "start_night")
    for night in range(1, nights + 1):
        printed(game_sheet(at_dusk(game, night), night, "then"))
    view = public_view(game.state)
    circle_lines(view, 80, 20)
    summary_lines(view)
    entry = read_entry(path)
    assert entry is not None and not entry.damaged, entry
    return game


def play(game: Game) -> None:
    """What the grimoire screen builds from a game, and the file its autosave writes."""
    g = game.state
    for v in seat_views(game.rules, g):
        assert v.team.value in SEAT_TEAMS, v
    title_line(game)
    text.centre_text(game)
    text.log_text(game)
    prompt = game.prompt
    if prompt is not None:
        text.prompt_text(game, prompt, [], None)
        text.sheet_text(game)
        choice_items(game, prompt)
        if prompt.options and prompt.kind.value == "artifact":
            pair_option_items(game, prompt)
    elif g.winner is not None:
        text.over_text(game)
    else:
        text.day_text(game)
    token_choices(game.rules, g)
    for seat in range(len(g.seats)):
        seat_card(game, seat).text()
    written = RecordWriter().dumps(game.setup, game.events)
    again = game_from_dict(tomllib.loads(written))
    assert again.events == game.events and again.state == game.state


def script_opens(script: Script) -> None:
    """``sheet --characters`` with every character, both nights, printed."""
    ids = [c.id for c in script.characters]
    for first in (True, False):
        printed(render_sheet(script, ids, first))
