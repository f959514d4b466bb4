"""The record tells the day as it happened: notes, reminders, nominations, votes and the
execution in the order the storyteller made them, in the log panel and every export."""

from __future__ import annotations

import html
from pathlib import Path

from rich.text import Text

from grimoire.core import events as ev
from grimoire.core.model import Phase
from grimoire.game import Game
from grimoire.present.export import _md, to_html, to_markdown
from grimoire.present.narrate import story
from grimoire.scenario.run import run_file
from grimoire.tui.support.text import log_text

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "scenarios" / "x25_told_drunk_usher_and_mifroid.toml"

# Day 1, as the storyteller made it.
DAY = [
    ev.WriteNote(0, "claims Chef"),
    ev.PlaceReminder(1, "[bold]watch[/]"),
    ev.Nominate(4, 2),
    ev.WriteNote(3, "nervous"),
    ev.Vote(2, (0, 1, 3, 4)),
    ev.Nominate(0, 6),
    ev.Vote(6, (0,)),
    ev.Execute(2),
    ev.RemoveReminder(1, "[bold]watch[/]"),
]
IN_ORDER = [
    "Note on Ann: “claims Chef”.",
    "Reminder “[bold]watch[/]” placed on Ben.",
    "5 Eve nominated 3 Cat.",
    "Note on Dan: “nervous”.",
    "The vote on 3 Cat: 4 vote(s) (1 Ann, 2 Ben, 4 Dan, 5 Eve).",
    "1 Ann nominated 7 Gus: 1 vote(s) (1 Ann).",  # its vote came next: one line
    "3 Cat (Usher) was executed and died.",
    "Reminder “[bold]watch[/]” removed from Ben.",
]


def day_one() -> Game:
    played = run_file(EXAMPLE).game
    game = Game(played.setup)
    while game.state.phase is not Phase.DAY:
        game.apply(played.events[len(game.events)])
    for event in DAY:
        game.apply(event)
    return game


def test_the_day_is_told_in_the_order_it_happened() -> None:
    game = day_one()
    day = dict(story(game.rules, game.state))["Day 1"]
    assert [line for line in day if line in IN_ORDER] == IN_ORDER, day
    panel = Text.from_markup(log_text(game)).plain  # its markup shown literally
    page = to_html(game)
    for text, lines in ((to_markdown(game), map(_md, IN_ORDER)), (panel, IN_ORDER), (page, map(html.escape, IN_ORDER))):
        at = [text.find(line) for line in lines]
        assert -1 not in at and at == sorted(at), (at, text)


def test_a_note_written_while_a_step_was_open_comes_before_what_was_told() -> None:
    played = run_file(EXAMPLE).game
    game = Game(played.setup)
    while not (game.prompt is not None and game.prompt.step == "usher"):
        game.apply(played.events[len(game.events)])
    game.apply(ev.WriteNote(2, "looks sleepy"))
    game.answer(None, told="yes")
    night = dict(story(game.rules, game.state))["Night 2"]
    told = "3 Cat (Usher) was told yes (true: no), while drunk or poisoned."
    assert night.index("Note on Cat: “looks sleepy”.") < night.index(told)
