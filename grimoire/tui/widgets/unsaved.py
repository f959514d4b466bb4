"""The banner that says a game is not saved: shown from the first failed autosave until a save
succeeds again (the disk full, the game's folder made read-only). It never goes by itself, as
a notice would: the storyteller must know the last actions are only in memory."""

from __future__ import annotations

import time

from textual.widgets import Static

from grimoire.tui.support.plain import plain


def changes(count: int) -> str:
    return f"{count} change" + ("" if count == 1 else "s")


def unsaved_words(count: int, since: float | None, problem: str) -> str:
    """What the banner says: how much is not saved, since when, why, and what to do."""
    when = f" since {time.strftime('%H:%M', time.localtime(since))}" if since is not None else ""
    return (f"⚠ NOT SAVED: {changes(count)}{when} only in memory. {problem}. "
            "Free space or make the folder writable (each action retries); quitting asks where to save.")


class UnsavedBanner(Static):
    """At the top of a game's screen, under its title (in the flow: the screen's other docked
    bars would cover it); hidden while everything is on disk."""

    DEFAULT_CSS = """
    UnsavedBanner {
        display: none;
        height: auto;
        max-height: 4;
        padding: 0 1;
        background: $error;
        color: $text;
        text-style: bold;
    }
    """

    def show_unsaved(self, count: int, since: float | None, problem: str) -> None:
        """Show what is not saved; ``count`` 0 hides the banner (all is on disk)."""
        if count:
            self.update(plain(unsaved_words(count, since, problem)))
        self.display = bool(count)
