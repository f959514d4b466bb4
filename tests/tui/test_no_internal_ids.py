"""No internal id reaches the screen: the side panel, the sheet, the day, the log and the
pickers' rows speak in words ("holds the Monkey Music Box", not "mmb"), over random games."""

from __future__ import annotations

import random
import re

import pytest
from rich.text import Text

from grimoire.core import events as ev
from grimoire.core.model import Phase
from grimoire.game import Game
from grimoire.present.narrate import recent_lines
from grimoire.simulate import play_day, random_answer, random_table
from grimoire.tui.support.text import centre_text, day_text, over_text, prompt_text, sheet_text
from grimoire.tui.support.view import choice_items

SNAKE = re.compile(r"\b[a-z]+(?:_[a-z]+)+\b")
# Ids that are one word but no English one: they would show only as an id.
BARE_IDS = re.compile(r"\b(?:mmb|meg|sorelli|persian|usher|claque|primadonna|auctioneer|minioninfo|demoninfo)\b")


def ids_in(markup: str) -> list[str]:
    plain = Text.from_markup(markup).plain
    return SNAKE.findall(plain) + BARE_IDS.findall(plain)


def screen_texts(game: Game) -> list[str]:
    texts = [centre_text(game), "\n".join(recent_lines(game.rules, game.state, limit=40))]
    prompt = game.prompt
    if prompt is not None:
        texts += [prompt_text(game, prompt, [], None), sheet_text(game)]
        texts += [item.label for item in choice_items(game, prompt)]
    elif game.state.winner is not None:
        texts.append(over_text(game))
    else:
        texts.append(day_text(game))
    return texts


@pytest.mark.parametrize("seed", range(12))
def test_no_snake_case_id_in_the_panels_over_a_random_game(seed: int) -> None:
    rng = random.Random(seed)
    game = Game(random_table(5 + seed % 11, seed=seed, script="phantom"))
    seen = 0
    while game.state.winner is None and game.state.night < 6:
        if game.prompt is None:
            if game.state.phase is Phase.DAY:
                play_day(game, rng)
                for text in screen_texts(game):  # the day as it ends, executions included
                    assert not ids_in(text), (ids_in(text), text)
                if game.state.winner is not None:
                    break
            game.apply(ev.StartNight())
        while game.prompt is not None:
            for text in screen_texts(game):
                assert not ids_in(text), (ids_in(text), text)
            seen += 1
            game.answer(random_answer(game.prompt, game, rng))
    for text in screen_texts(game):
        assert not ids_in(text), (ids_in(text), text)
    assert seen > 5


@pytest.mark.slow
async def test_keys_are_shown_as_typed_in_the_footer_the_help_the_palette_and_the_override_menu() -> None:
    from textual.binding import Binding

    from grimoire.tui.app import GrimoireApp
    from grimoire.tui.commands import ScreenKeys
    from grimoire.tui.screens.modals import Pick, binding_rows
    from grimoire.tui.screens.setup import SetupScreen
    from grimoire.tui.widgets.keys import KeysFooter

    from .helpers import SIZE, first_night, settle

    async with GrimoireApp(game=first_night()).run_test(size=SIZE) as pilot:
        await settle(pilot)
        app, screen = pilot.app, pilot.app.screen
        palette = [text for text, _help, _action in ScreenKeys(screen)._entries()]
        assert "Override  (!)" in palette and "Keys  (?)" in palette
        rows = binding_rows(screen)
        assert ("!", "Override") in [(key, desc) for key, desc, _tip in rows]
        shown = [item.shown for item in screen.query_one(KeysFooter).items]
        assert "!" in shown and "?" in shown
        await pilot.press("exclamation_mark")
        await pilot.pause()  # the menu's worker waits on the menu: do not wait for it
        menu = app.screen
        assert isinstance(menu, Pick)
        labels = [label for label, _value in menu.items]
        for text in palette + [key for key, _d, _t in rows] + shown + labels:
            assert not SNAKE.search(text), text
        await pilot.press("escape")
        await pilot.pause()
        # The setup screen's keys too, and a binding of several keys reads as typed.
        setup = SetupScreen()
        await app.push_screen(setup)
        await settle(pilot)
        for key, _desc, _tip in binding_rows(setup):
            assert not SNAKE.search(key), key
        assert app.get_key_display(Binding("escape,question_mark", "close")) == "esc/?"
