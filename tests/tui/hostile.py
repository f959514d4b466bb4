"""Hostile names for the app's tests: tables named with markup, brackets and control
characters, and what the screen really draws."""

from __future__ import annotations

import json
import random
import unicodedata
from pathlib import Path
from typing import Any

import attrs
from terminal_text import terminal_text
from textual.app import App
from textual.content import Content
from textual.notifications import Notification
from textual.widgets import OptionList

from grimoire.core import events as ev
from grimoire.game import Game, SeatSetup, TableSetup
from grimoire.simulate import random_answer
from night_order import AnswerKind
from tests.phantom_table import phantom_table

# The report's names: markup that crashed, markup that vanished, markup that became a button.
MARKUP_NAMES = ("Ann", "[bold]Bob[/]", "x[/]y", "Dan", "Eve", "Fay", "Gus [guest]", "Hal [/]",
                "[@click=app.quit]y[/]", "Jon", "Kim", "Lou", "Max", "Ned", "Oli")
# Seat by seat, a table with the Inspector Mifroid (who picks two players) and the Mirror Keeper.
CHARACTERS = ("meg", "auctioneer", "mirror_keeper", "phantom", "sorelli", "trapdoor_keeper", "claque", "usher",
              "persian", "monsieur_reyer", "inspector_mifroid", "stage_designer", "doomed", "chandelier_rigger",
              "primadonna")
CONTROL_NAMES = ("C\u001b[2JD", "E\u001b]0;pwned\u0007F", "A\nnn", "nul\x00", "x\u202eevil")
CONTROL_SHOWN = ("C\\x1b[2JD", "E\\x1b]0;pwned\\x07F", "A\\nnn", "nul\\x00", "x\\u202eevil")


def table_named(names: tuple[str, ...] | list[str]) -> TableSetup:
    """A 15-seat Phantom table (any names; no file refuses them here), Mirror target seat 8."""
    names = list(names) + [f"Seat{i + 1}" for i in range(len(names), len(CHARACTERS))]
    return phantom_table(seats=tuple(SeatSetup(n, c) for n, c in zip(names, CHARACTERS)), mirror_target=7)


def night_at(setup: TableSetup, step: str | None = None, seed: int = 1) -> Game:
    """The first night, walked on to ``step`` (None: the first step that asks for players)."""
    game = Game(setup)
    game.apply(ev.StartNight())
    rng = random.Random(seed)
    while game.prompt is not None:
        prompt = game.prompt
        asks_players = prompt.kind in (AnswerKind.PLAYER, AnswerKind.PLAYERS)
        if (prompt.step == step) if step else asks_players:
            return game
        game.answer(random_answer(prompt, game, rng))
    raise AssertionError(f"the night has no step {step!r}")


def harbour_game(folder: Path, script_name: str, first_character: str = "Lamplighter") -> Game:
    """A five-seat game on the example homebrew script, its name and its first character's
    name changed (written to ``folder``), on its first night."""
    root = Path(__file__).resolve().parents[2]
    data = json.loads((root / "examples" / "scripts" / "harbour_lights.json").read_text(encoding="utf-8"))
    data[0]["name"], data[1]["name"] = script_name, first_character
    path = folder / "markup.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    characters = ("lamplighter", "tidewatcher", "stowaway", "wrecker", "maelstrom")
    seats = tuple(SeatSetup(name, c) for name, c in zip(("Ann", "Ben", "Cat", "Dan", "Eve"), characters))
    game = Game(TableSetup(seats=seats, script=str(path)))  # no artifact on that script
    game.apply(ev.StartNight())
    return game


def renamed(game_setup: TableSetup, names: list[str]) -> TableSetup:
    seats = tuple(attrs.evolve(s, name=n) for s, n in zip(game_setup.seats, names))
    return attrs.evolve(game_setup, seats=seats + game_setup.seats[len(names):])


def screen_text(app: App[Any]) -> str:
    """Every character the screen draws now (the screens underneath included), as plain text."""
    return terminal_text(app)


def drawn(prompt: Any) -> Content:
    """What a list row or a Static draws from ``prompt`` (a string is markup there)."""
    return prompt if isinstance(prompt, Content) else Content.from_markup(str(prompt))


def options(option_list: OptionList) -> list[str]:
    return [as_drawn(drawn(o.prompt).plain) for o in option_list.options]


def notice(n: Notification) -> Content:
    """A notice as its toast draws it."""
    return Content.from_markup(n.message) if n.markup else Content(n.message)


def hostile(ch: str) -> bool:
    """A character that acts on a terminal or hides how text reads (controls, separators,
    lone surrogates, format characters but the two joiners)."""
    return unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Zl", "Zp") and ch not in "\u200c\u200d"


# The grimoire's own: an invisible word joiner after a name that ends in a backslash, so that
# the backslash does not escape the markup that follows ("Bob\\" + "[/b]").
JOINER = "\u2060"


def as_drawn(text: str) -> str:
    """What a widget draws, less the grimoire's own joiner."""
    return text.replace(JOINER, "")


def as_escapes(text: str) -> str:
    """``text`` as the app must show it: each hostile character as its escape (``\\x1b``)."""
    def escape(ch: str) -> str:
        if ch in "\n\r\t":
            return repr(ch)[1:-1]
        code = ord(ch)
        return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"

    return "".join(escape(c) if hostile(c) else c for c in text)


def harmless(text: str) -> bool:
    """No hostile character, line breaks between the screen's rows aside."""
    return not any(hostile(c) for c in as_drawn(text).replace("\n", ""))


def has_click(content: Content) -> bool:
    """Whether any part of the text runs an action when clicked (markup's @click)."""
    return any("click" in str(span.style) for span in content.spans)
