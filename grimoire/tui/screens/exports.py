"""The grimoire screen's ways out: the session log (Markdown, JSON, HTML) and the game so far
as a scenario file. Files are written in a worker thread; the result comes back as a notice."""

from __future__ import annotations

import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from textual import work

from grimoire.game import Game, TableSetup
from grimoire.tui.guard import asks

if TYPE_CHECKING:
    from grimoire.core.events import Event
    from grimoire.tui.screens.host import GrimoireHost
else:
    GrimoireHost = object  # the mixin's base when checked: the screen it is mixed into

FORMATS = (("Markdown: a story to post for the group", "md"), ("HTML: one page, opens on a phone", "html"),
           ("JSON: every event, lossless", "json"))


def default_path(game: Game, kind: str, suffix: str) -> Path:
    from grimoire.store.paths import data_dir

    stamp = datetime.datetime.now().strftime("%Y-%m-%d-%H%M")
    return data_dir() / "exports" / f"{kind}-night-{game.state.night}-{stamp}.{suffix}"


class ExportActions(GrimoireHost):
    """Mixed into the grimoire screen (which has ``game``, ``app`` and ``notify``)."""

    @asks
    async def action_export_log(self) -> None:
        from grimoire.tui.screens.modals import AskText, Pick

        fmt = await self.app.push_screen_wait(Pick("Export the session log as…", FORMATS))
        if fmt is None:
            return
        path = await self.app.push_screen_wait(
            AskText("Write the session log to (Enter to confirm)", value=str(default_path(self.game, "session", fmt)))
        )
        if path:
            self._write_export(self.game.setup, tuple(self.game.events), fmt, Path(path.strip()).expanduser())

    @work(thread=True, group="export")
    def _write_export(self, setup: TableSetup, events: tuple[Event, ...], fmt: str, path: Path) -> None:
        from grimoire.present.export import FORMATS as RENDER

        text = RENDER[fmt](Game(setup, events))
        if not self._write_file(path, text):
            return
        self.app.call_from_thread(self.notify, f"Wrote {path}", title="Session log")

    @asks
    async def action_save_scenario(self) -> None:
        from grimoire.scenario.write import ScenarioWriteError, game_to_scenario
        from grimoire.tui.screens.modals import AskText

        try:
            text = game_to_scenario(self.game)
        except ScenarioWriteError as exc:
            self.notify(f"Cannot save as a scenario: {exc}", severity="error", timeout=10)
            return
        path = await self.app.push_screen_wait(
            AskText("Save the game so far as a scenario file", value=str(default_path(self.game, "scenario", "toml")))
        )
        if path:
            self._write_text(text, Path(path.strip()).expanduser(), "Scenario")

    @work(thread=True, group="export")
    def _write_text(self, text: str, path: Path, title: str) -> None:
        if not self._write_file(path, text):
            return
        note = " (whole nights and days only)" if self.game.prompt is not None else ""
        self.app.call_from_thread(self.notify, f"Wrote {path}{note}", title=title)

    def _write_file(self, path: Path, text: str) -> bool:
        """Write in a worker thread; a problem is told (never over a game a window has open)."""
        from grimoire.store.lock import GameInUse
        from grimoire.store.saves import write_unheld

        try:
            write_unheld(path, text, backup=True)
        except GameInUse as exc:
            problem = f"it is a game open in a window ({exc.holder.describe()})"
        except OSError as exc:
            problem = str(exc.strerror or exc)
        else:
            return True
        self.app.call_from_thread(self.notify, f"Cannot write {path}: {problem}", severity="error")
        return False
