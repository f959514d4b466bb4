"""The dawn recap over the grimoire: the night just ended at a glance (``grimoire.present.dawn_recap``
makes it; this screen only shows it). Escape, or the key that opened it, closes it."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from grimoire.present.dawn_recap import VERDICT_WORDS, DawnRecap, recap_sections
from grimoire.tui.commands import ScreenKeys
from grimoire.tui.support.view import esc
from grimoire.tui.widgets.keys import KeysFooter
from grimoire.tui.widgets.title import TitleBar

KEY = "R"  # the grimoire screen's key that opens it; it closes it too

VERDICT_STYLES = {"FALSE": "b $error", "DRUNK/POISONED": "b $warning", "TRUE": "$success", "SHOWN": "b"}


def line_markup(heading: str, line: str) -> str:
    """One line of a section; a told answer's verdict first, in its colour."""
    if heading == "Told":
        word, _, rest = line.partition(": ")
        if word in VERDICT_WORDS.values():
            return f"[{VERDICT_STYLES[word]}]{esc(word)}[/] {esc(rest)}"
    return esc(line)


def recap_rows(recap: DawnRecap) -> list[tuple[str, str]]:
    """(class, markup) of each row: a section's heading, then its lines (each its own row, so
    that a long one wraps under itself)."""
    rows = []
    for heading, lines in recap_sections(recap):
        rows.append(("recap-heading", f"[b $accent]{esc(heading)}[/]"))
        rows += [("recap-line", line_markup(heading, line)) for line in lines]
    return rows


class RecapScreen(Screen[None]):
    """The recap of one night, full screen; read-only, it changes nothing."""

    COMMANDS = {ScreenKeys}
    BINDINGS = [
        Binding("escape", "close", "Close", id="recap.close", tooltip="Back to the grimoire"),
        Binding(KEY, "close", "Close", id="recap.close2", tooltip="Back to the grimoire (as Escape)", show=False),
        Binding("down", "scroll(1)", "Scroll", id="recap.down", tooltip="Scroll down", key_display="↑↓"),
        Binding("up", "scroll(-1)", "Scroll up", id="recap.up", tooltip="Scroll up", show=False),
        Binding("pagedown", "scroll(10)", "Page down", id="recap.pagedown", tooltip="A page down", show=False),
        Binding("pageup", "scroll(-10)", "Page up", id="recap.pageup", tooltip="A page up", show=False),
    ]
    DEFAULT_CSS = """
    RecapScreen { layout: vertical; }
    #recap-scroll { height: 1fr; margin: 1 2 0 2; }
    #recap-scroll > .recap-heading { margin-top: 1; }
    #recap-scroll > .recap-line { padding-left: 2; }
    """

    def __init__(self, recap: DawnRecap, title: str) -> None:
        super().__init__()
        self.recap = recap
        self.heading = title

    def compose(self) -> ComposeResult:
        yield TitleBar()
        with VerticalScroll(id="recap-scroll", can_focus=False):
            for kind, markup in recap_rows(self.recap):
                yield Static(markup, classes=kind)
        yield KeysFooter()

    def on_mount(self) -> None:
        self.query_one(TitleBar).show_title(f"Dawn {self.recap.night}: the night's recap", self.heading)

    def action_scroll(self, lines: int) -> None:
        self.query_one("#recap-scroll", VerticalScroll).scroll_relative(y=lines, animate=False)

    def action_close(self) -> None:
        self.dismiss()
