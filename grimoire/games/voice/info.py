"""Read-only modals: the rules and keys, and the scores."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.widgets import DataTable, Static

from grimoire.games.voice import quotes
from grimoire.games.voice.pickers import VoiceModal
from grimoire.games.voice.rules import Tomb, score, scores, winners
from grimoire.tui.support.plain import plain_text
from grimoire.tui.support.view import esc

INTRO = (
    "The laptop is the Mummy's voice and the scorekeeper. Move the explorers on the board as usual; "
    "after each move tell the app what happened to the explorer whose turn it is."
)
KEYS = (
    ("d", "first, throw the die for this turn's move"),
    ("1-6", "or throw a real die and type the number it shows"),
    ("j", "the move ended on a Precious Jewel space: collect it"),
    ("x", "the move ended on opponents' space (on the same level): take a jewel from each"),
    ("v", "the move ended on a Mummy's head: the Mummy speaks"),
    ("r", "do what the Mummy commanded (the app asks whom or where)"),
    ("+ / -", "last, at the end of the turn on a corner or step space: up or down one level"),
    ("g", "landed by exact count on a Great Jewel space of the top level"),
    ("h", "Part II: came home to the temple corner by exact count (ends the game)"),
    ("tab / shift+tab", "next explorer / back one (to fix a mistake)"),
    ("u", "undo the last change · s scores · n new game"),
    ("o", "load your group's commands file · a read commands aloud (espeak-ng)"),
    ("escape", "back to the menu · ctrl+p every action by name"),
)
RULES = (
    ("Rules the app enforces (seed text)", (quotes.DIE, quotes.FIRST_MOVES, quotes.COLLECT, quotes.LAND,
                                            quotes.END_OF_TURN, quotes.CHANGE_LEVEL,
                                            quotes.GREAT_JEWEL_LOCKED, quotes.GREAT_JEWEL_SPACE,
                                            quotes.COBRA_BLOCKS_END)),
    ("Special Rules on the Commands", (quotes.NO_JEWELS_TO_GIVE, quotes.NOT_DOWN, quotes.NOT_UP,
                                       quotes.MOVE_BY_COMMAND, quotes.RETURN_TO_TEMPLE)),
    ("Part II", (quotes.COBRA_PASSES, quotes.TAKE_GREAT_JEWEL, quotes.RECEIVE_SPELL, quotes.GAME_END,
                 quotes.BONUS, quotes.SCORING)),
    ("Our readings where the rules are silent", (
        "Positions are tracked by level only: the board's spaces are on the table, not in the app. "
        "A move ends on a space of its own level, so only opponents on that level can be landed on.",
        "An explorer moved to another level by the Mummy must also travel it for a turn before "
        "taking the steps again (rule 7.2).",
        "At a new game, d throws the die for every explorer; the tied highest throw again.",
        "A jewel given back onto the top level locks the Great Jewel again.",
        "\"Return to your temple\" does not end the game; only a move home by exact count does.",
        "An opponent with no jewels at all gives no bonus. Equal top scores share the win.",
        "A Cobra holder landing on the Great Jewel's holder takes the Great Jewel and passes the Cobra.",
        "The commands are original texts, not the 1971 record's (which is not available).",
    )),
)


def rules_blocks() -> list[str]:
    """The rules and keys as a few blocks of markup: a handful of lines each, drawn by one
    Static apiece (Textual's Markdown made a widget of every row and item: 0.8 s to open)."""
    width = max(len(key) for key, _ in KEYS)
    keys = "\n".join(f"  [b]{esc(key.ljust(width))}[/b]  {esc(when)}" for key, when in KEYS)
    blocks = [f"[b]The Voice of the Mummy[/b]  (Esc closes)\n\n{esc(INTRO)}", f"[b]Keys[/b]\n{keys}"]
    for title, items in RULES:
        blocks.append(f"[b]{esc(title)}[/b]\n" + "\n".join(f"• {esc(item)}" for item in items))
    return blocks


class RulesModal(VoiceModal[None]):
    BINDINGS = [
        Binding("escape,question_mark,q", "close", "Close", id="voice.rules.close", tooltip="Back to the game"),
    ]

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="voice-rules", classes="voice-modal"):
            for block in rules_blocks():
                yield Static(block, classes="voice-rules-block")

    def action_close(self) -> None:
        self.dismiss(None)


NAME_WIDTH = 24


class ScoresModal(VoiceModal[None]):
    BINDINGS = [
        Binding("escape,enter,s", "close", "Close", id="voice.scores.close", tooltip="Back to the game"),
    ]

    def __init__(self, tomb: Tomb) -> None:
        super().__init__()
        self.tomb = tomb

    def compose(self) -> ComposeResult:
        tomb = self.tomb
        if tomb.finished:
            names = esc(" and ".join(tomb.explorers[i].name for i in winners(tomb)))
            heading = f"[b]Final scores.[/b] The winner: [b]{names}[/b]!"
            if len(winners(tomb)) > 1:
                heading = f"[b]Final scores.[/b] A shared win: [b]{names}[/b]!"
        else:
            heading = "[b]Scores so far[/b] (the game is not over)"
        with Vertical(id="voice-scores", classes="voice-modal"):
            yield Static(heading)
            yield DataTable(id="scores-table", cursor_type="none", zebra_stripes=True)
            yield Static(
                "1 point a Precious Jewel, 5 the Great Jewel, -5 the Cobra · escape closes",
                classes="voice-help",
            )

    def on_mount(self) -> None:
        table = self.query_one("#scores-table", DataTable)
        # A long name is cut short (its whole self is in the log and the heading) so that the
        # points columns always fit beside it, even at 80 columns.
        table.add_column("Explorer", width=NAME_WIDTH)
        table.add_columns("Precious", "Great Jewel", "Cobra", "Score")
        values = scores(self.tomb)
        order = sorted(range(len(values)), key=lambda i: -values[i])
        for i in order:
            e = self.tomb.explorers[i]
            name = plain_text(e.name)
            name.overflow, name.no_wrap = "ellipsis", True
            table.add_row(
                name,
                str(e.precious),
                "+5" if e.great_jewel else "-",
                "-5" if e.cobra else "-",
                str(score(e)),
            )

    def action_close(self) -> None:
        self.dismiss(None)
